import Dispatch
import Observation

extension Observable where Self: AnyObject {
  /// A publisher of the property at `keyPath`: its current value at once, then its value after
  /// each change, read on the main queue.
  ///
  /// ```swift
  /// @Observable final class Model { var name = "Ada" }
  /// let model = Model()
  /// label.reactive.text <~ model.observe(\.name)   // label.text == "Ada" at once
  /// model.name = "Grace"                            // label.text == "Grace" on the next main-queue turn
  /// ```
  ///
  /// See ``Publishers/ObservedValue`` for when changes are delivered, how they coalesce and which
  /// are skipped. The publisher holds the object weakly and finishes once it is gone.
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>
  ) -> Publishers.ObservedValue<Value, DispatchQueue> {
    observe(keyPath, on: DispatchQueue.main)
  }

  /// A publisher of the property at `keyPath`: its current value at once, then its value after
  /// each change, read on `scheduler`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let names = model.observe(\.name, on: scheduler).sink { print($0) }   // prints "Ada"
  /// model.name = "Grace"
  /// model.name = "Lin"
  /// scheduler.advance()                                                   // prints "Lin"
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property to observe.
  ///   - scheduler: Where the property is read again after a change. Use the scheduler the object
  ///     is mutated on (the main queue for a view model); it must run the action later, not at once.
  ///
  /// - Returns: A publisher of the property's value, read again on `scheduler` after each change.
  public func observe<Value, Context: Scheduler>(
    _ keyPath: KeyPath<Self, Value>,
    on scheduler: Context
  ) -> Publishers.ObservedValue<Value, Context> {
    Publishers.ObservedValue(
      scheduler: scheduler,
      isDuplicate: nil,
      isSourceAlive: { [weak self] in self != nil },
      read: { [weak self] in self.map { $0[keyPath: keyPath] } }
    )
  }

  /// A publisher of the Equatable property at `keyPath` that skips a change leaving it equal to
  /// the value it delivered last.
  ///
  /// ```swift
  /// let names = model.observe(\.name).sink { print($0) }   // prints "Ada"
  /// model.name = "Ada"                                     // prints nothing: the value is equal
  /// ```
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<Self, Value>
  ) -> Publishers.ObservedValue<Value, DispatchQueue> {
    observe(keyPath, on: DispatchQueue.main)
  }

  /// A publisher of the Equatable property at `keyPath`, read on `scheduler`, that skips a change
  /// leaving it equal to the value it delivered last.
  ///
  /// ```swift
  /// let names = model.observe(\.name, on: scheduler).sink { print($0) }   // prints "Ada"
  /// model.name = "Grace"
  /// model.name = "Ada"
  /// scheduler.advance()                                                   // prints nothing
  /// ```
  public func observe<Value: Equatable, Context: Scheduler>(
    _ keyPath: KeyPath<Self, Value>,
    on scheduler: Context
  ) -> Publishers.ObservedValue<Value, Context> {
    Publishers.ObservedValue(
      scheduler: scheduler,
      isDuplicate: { $0 == $1 },
      isSourceAlive: { [weak self] in self != nil },
      read: { [weak self] in self.map { $0[keyPath: keyPath] } }
    )
  }
}

extension Publishers {
  /// A publisher of a value computed from `@Observable` objects: the current value at once, then
  /// the value after each change.
  ///
  /// ```swift
  /// @Observable final class Person { var first = "Ada"; var last = "Lovelace" }
  /// let person = Person()
  /// let fullName = Publishers.ObservedValue(on: scheduler) { "\(person.first) \(person.last)" }
  /// let token = fullName.sink { print($0) }   // prints "Ada Lovelace"
  /// person.first = "Augusta"
  /// person.last = "King"
  /// scheduler.advance()                       // prints "Augusta King", once
  /// ```
  ///
  /// The rules, numbered as the tests name them:
  ///
  /// 1. **Current value first.** Subscribing reads the value at once, on the subscribing thread,
  ///    and delivers it as soon as there is demand.
  /// 2. **After the store.** Observation reports a change *before* the new value is stored, so the
  ///    publisher schedules a new read on its scheduler and delivers what it reads then: always the
  ///    stored value, never the one being replaced.
  /// 3. **Coalescing.** Every change made before that scheduled read runs — a transaction, such as
  ///    several assignments in one turn of the main queue — is delivered once, as its final value.
  /// 4. **Equal values.** For an `Equatable` key path (`observe(_:on:)`),
  ///    a read equal to the last delivered value is not delivered. A value that is not `Equatable`,
  ///    or an expression, is delivered after every coalesced change.
  /// 5. **Demand.** Without demand, only the latest read is kept, and it is delivered when demand
  ///    arrives. Deliveries never overlap.
  /// 6. **Ending.** After `cancel()` nothing is delivered and no new tracking is installed; the
  ///    tracking already installed holds only a weak reference and is dropped at the next change.
  ///    A key-path publisher holds its object weakly and finishes when the object is deallocated.
  ///
  /// Read the objects on the scheduler you give: an `@Observable` class is not thread-safe, and
  /// the publisher reads it where it runs.
  public struct ObservedValue<Value, Context: Scheduler>: Publisher {
    /// The observed expression's values: the current one on subscribe, then after each change.
    public typealias Output = Value
    /// This publisher never fails.
    public typealias Failure = Never

    /// Where the value is read again after a change.
    public let scheduler: Context
    let isDuplicate: ((Value, Value) -> Bool)?
    /// Whether the observed object still exists; always true for an expression.
    let isSourceAlive: () -> Bool
    /// Reads the value while Observation tracks it; `nil` when the observed object is gone.
    let read: () -> Value?

    /// A publisher of the value `expression` computes, read again on `scheduler` after any
    /// observable property it read changes.
    ///
    /// ```swift
    /// let total = Publishers.ObservedValue(on: DispatchQueue.main) { cart.items.count }
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: Where the expression runs again after a change; it must run the action later,
    ///     not at once.
    ///   - expression: Computes the value from `@Observable` objects; every observable property it
    ///     reads is tracked.
    public init(on scheduler: Context, _ expression: @escaping () -> Value) {
      self.init(scheduler: scheduler, isDuplicate: nil, isSourceAlive: { true }, read: expression)
    }

    init(
      scheduler: Context,
      isDuplicate: ((Value, Value) -> Bool)?,
      isSourceAlive: @escaping () -> Bool,
      read: @escaping () -> Value?
    ) {
      self.scheduler = scheduler
      self.isDuplicate = isDuplicate
      self.isSourceAlive = isSourceAlive
      self.read = read
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      let inner = Inner(downstream: subscriber, publisher: self)
      subscriber.receive(subscription: inner)
      inner.track()
    }

    /// One subscription: tracks the value, schedules a read after each change, delivers the reads.
    private final class Inner<Downstream: Subscriber>: Subscription, ScheduledReading, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Value, Downstream.Failure == Never {
      private let liveObject = LiveObjectToken("ObservedValue.Inner")
      typealias Delivery = DemandedDeliveryState<Downstream>.Delivery

      /// Everything the subscription knows, guarded by its lock.
      private struct State {
        /// Demand and delivery: without demand, or while a delivery runs, only the latest read is
        /// kept.
        var delivery: DemandedDeliveryState<Downstream>
        /// The last value delivered, kept only when equal values are skipped.
        var lastDelivered: Value?
        /// A read is scheduled; changes until it runs coalesce into it.
        var isReadScheduled = false
        /// Counts the reads kept, so that a read compared with the latest one outside the lock is
        /// kept only if no other read was kept meanwhile.
        var keptReads: UInt64 = 0

        /// The value a new read is compared with (the kept read, else the last delivered one), and
        /// how many reads were kept so far; `nil` once ended.
        var latest: (value: Value?, keptReads: UInt64)? {
          guard delivery.isLive else { return nil }
          return (delivery.latestPending ?? lastDelivered, keptReads)
        }

        /// Marks a read scheduled; `false` if one already is, or the subscription ended.
        mutating func scheduleRead() -> Bool {
          guard delivery.isLive, !isReadScheduled else { return false }
          isReadScheduled = true
          return true
        }

        /// Keeps `value` and maybe starts its delivery, unless another read was kept since
        /// `keptReads` (then the caller compares again): returns `nil` in that case.
        mutating func offer(
          _ value: Value, ifNoneKeptSince keptReads: UInt64?, skipsEqual: Bool
        ) -> (
          Delivery, released: Value?
        )? {
          if let keptReads, keptReads != self.keptReads { return nil }
          self.keptReads &+= 1
          return recording(delivery.offer(value), skipsEqual: skipsEqual)
        }

        mutating func request(_ demand: Subscribers.Demand, skipsEqual: Bool) -> (Delivery, released: Value?) {
          recording(delivery.request(demand), skipsEqual: skipsEqual)
        }

        mutating func delivered(additional: Subscribers.Demand, skipsEqual: Bool) -> (Delivery, released: Value?) {
          recording(delivery.delivered(additional: additional), skipsEqual: skipsEqual)
        }

        /// Ends; hands back everything, to act on and release after unlocking.
        mutating func end() -> State {
          defer {
            lastDelivered = nil
            isReadScheduled = false
          }
          var ended = self
          ended.delivery = delivery.end()
          return ended
        }

        /// Remembers the value a delivery starts with, when equal values are skipped; hands back the
        /// one it replaces, to release after unlocking.
        private mutating func recording(_ delivery: Delivery, skipsEqual: Bool) -> (Delivery, released: Value?) {
          guard skipsEqual, let (_, value) = delivery.next else { return (delivery, nil) }
          defer { lastDelivered = value }
          return (delivery, lastDelivered)
        }
      }

      private let state: Locked<State>
      private let publisher: ObservedValue
      private let skipsEqual: Bool

      init(downstream: Downstream, publisher: ObservedValue) {
        state = Locked(State(delivery: DemandedDeliveryState(downstream: downstream, buffering: .keepLatest)))
        self.publisher = publisher
        skipsEqual = publisher.isDuplicate != nil
      }

      var description: String { "ObservedValue" }

      /// Reads the value with tracking installed, then offers it downstream.
      func track() {
        guard state.withLock({ $0.delivery.isLive }) else { return }
        let token = TrackingToken(self)
        let value = withObservationTracking(publisher.read, onChange: token.changeWillHappen())
        guard let value else {
          finish()
          return
        }
        offer(value)
      }

      /// Called when an installed tracking is released: after it fired, or because the tracked
      /// object was deallocated — then a read finds it gone and finishes.
      func trackingReleased() {
        if !publisher.isSourceAlive() { scheduleRead() }
      }

      /// Called by Observation before a tracked property changes.
      func scheduleRead() {
        guard state.withLock({ $0.scheduleRead() }) else { return }
        publisher.scheduler.schedule { [weak self] in
          guard let self else { return }
          state.withLock { $0.isReadScheduled = false }
          track()
        }
      }

      private func offer(_ value: Value) {
        let skipsEqual = self.skipsEqual
        guard let isDuplicate = publisher.isDuplicate else {
          // Without a check to run, the offer is never refused.
          if let offered = state.withLock({ $0.offer(value, ifNoneKeptSince: nil, skipsEqual: skipsEqual) }) {
            perform(offered)
          }
          return
        }
        // The comparison is user code: it runs outside the lock, against the latest value read
        // under it; if another read was kept meanwhile, it runs again against that one.
        while let (latest, keptReads) = state.withLock({ $0.latest }) {
          if let latest, isDuplicate(latest, value) { return }
          if let offered = state.withLock({ $0.offer(value, ifNoneKeptSince: keptReads, skipsEqual: skipsEqual) }) {
            perform(offered)
            return
          }
        }
      }

      /// Delivers, as the deliverer, while a kept value and demand for it remain.
      private func perform(_ delivery: (Delivery, released: Value?)) {
        var delivery = delivery
        while let (downstream, value) = delivery.0.next {
          let additional = downstream.receive(value)
          let skipsEqual = self.skipsEqual
          delivery = state.withLock { $0.delivered(additional: additional, skipsEqual: skipsEqual) }
        }
      }

      private func finish() {
        let ended = state.withLock { $0.end() }
        ended.delivery.downstream?.receive(completion: .finished)
      }

      func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
        let skipsEqual = self.skipsEqual
        perform(state.withLock { $0.request(demand, skipsEqual: skipsEqual) })
      }

      func cancel() {
        let released = state.withLock { $0.end() }
        _ = released
      }
    }
  }
}

/// What one installed tracking holds: a weak reference to its subscription.
///
/// Observation calls the closure it makes once, before the first change, and then releases it; it
/// releases it without calling it when the tracked object is deallocated; then the subscription
/// is told, so that a key-path publisher finishes.
private final class TrackingToken: Sendable {
  private weak let subscription: (any ScheduledReading)?

  init(_ subscription: any ScheduledReading) {
    self.subscription = subscription
  }

  func changeWillHappen() -> @Sendable () -> Void {
    { [self] in subscription?.scheduleRead() }
  }

  deinit {
    subscription?.trackingReleased()
  }
}

/// A subscription that can be asked to read its value again.
private protocol ScheduledReading: AnyObject, Sendable {
  func scheduleRead()
  func trackingReleased()
}
