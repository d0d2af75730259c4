extension Publisher {
  /// Publishes at most one value per `interval`: the first value at once, then, at the end of each
  /// interval, the latest (or first) value that arrived during it.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let taps = PassthroughSubject<Int, Never>()
  /// let token = taps.throttle(for: .seconds(1), scheduler: scheduler, latest: true).sink { print($0) }
  /// taps.send(1)
  /// scheduler.advance()                     // prints "1"
  /// taps.send(2)
  /// taps.send(3)
  /// scheduler.advance(by: .seconds(1))     // prints "3" (with `latest: false`, "2")
  /// ```
  ///
  /// Combine's semantics, precisely: a value that arrives when nothing is scheduled is scheduled for
  /// the later of now and one `interval` after the previous emission. While an emission is scheduled,
  /// `latest: true` replaces its value with each newer one, and `latest: false` ignores newer ones.
  /// The upstream is asked for unlimited values; a value that arrives while the subscriber has no
  /// demand is dropped. A completion waits for a scheduled emission and follows it. Deliveries happen
  /// on `scheduler`.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emissions.
  ///   - scheduler: The scheduler that keeps time and delivers.
  ///   - latest: Whether to publish the latest value of an interval (`true`) or its first (`false`).
  ///
  /// - Returns: A publisher of at most one value per `interval`.
  public func throttle<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    latest: Bool
  ) -> Publishers.Throttle<Self, S> {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}

extension Publishers {
  /// A publisher that publishes at most one of its upstream's values per interval.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let taps = PassthroughSubject<Int, Never>()
  /// let token = taps.throttle(for: .seconds(1), scheduler: scheduler, latest: true).sink { print($0) }
  /// taps.send(1)
  /// scheduler.advance()   // prints "1"
  /// ```
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher being throttled.
    public let upstream: Upstream
    /// The shortest time between two emissions.
    public let interval: Context.SchedulerTimeType.Stride
    /// The scheduler that keeps time and delivers.
    public let scheduler: Context
    /// Whether the latest value of an interval is published, rather than its first.
    public let latest: Bool

    /// Creates a publisher that throttles `upstream` to one value per `interval` on `scheduler`.
    public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Throttle {
  /// The decisions of a throttle subscription, as a plain value: each event returns what to do, and
  /// the caller does it after unlocking.
  struct StateMachine {
    typealias Time = Context.SchedulerTimeType

    enum Status {
      case awaitingSubscription
      case subscribed(any Subscription)
      /// The upstream completed; the completion waits for the scheduled emission.
      case completing
      case terminal
    }

    enum Action {
      case none
      /// Hand the subscription downstream, then ask the upstream for everything.
      case forwardSubscriptionAndRequestUnlimited(any Subscription)
      /// A second subscription, or one after cancellation.
      case cancelSubscription(any Subscription)
      /// Schedule the emission now, or at a date one interval after the previous emission.
      case scheduleEmission(at: Time?)
      /// Deliver a value, a completion, or a value and then the completion.
      case deliver(Output?, Subscribers.Completion<Failure>?)
      case cancelUpstream(any Subscription)
      /// The upstream completed; let its subscription go, and maybe schedule the completion.
      case releaseUpstream(any Subscription, thenScheduleEmission: Bool)
    }

    let interval: Time.Stride
    let latest: Bool
    private(set) var status = Status.awaitingSubscription
    private(set) var demand = Subscribers.Demand.none
    private(set) var isEmissionScheduled = false
    private(set) var pendingValue: Output?
    private(set) var pendingCompletion: Subscribers.Completion<Failure>?
    private(set) var lastEmission: Time?

    init(interval: Time.Stride, latest: Bool) {
      self.interval = interval
      self.latest = latest
    }

    mutating func subscriptionReceived(_ subscription: any Subscription) -> Action {
      guard case .awaitingSubscription = status else { return .cancelSubscription(subscription) }
      status = .subscribed(subscription)
      return .forwardSubscriptionAndRequestUnlimited(subscription)
    }

    mutating func valueReceived(_ value: Output, now: Time) -> Action {
      guard case .subscribed = status, demand > 0 else { return .none }
      if isEmissionScheduled {
        if latest { pendingValue = value }
        return .none
      }
      demand -= 1
      pendingValue = value
      isEmissionScheduled = true
      // The first value, or one after a long enough pause, goes out at once.
      guard let earliest = lastEmission?.advanced(by: interval), earliest > now else {
        return .scheduleEmission(at: nil)
      }
      return .scheduleEmission(at: earliest)
    }

    mutating func emissionDue(now: Time) -> Action {
      switch status {
      case .subscribed, .completing: break
      // Cancelled after the emission was scheduled.
      case .awaitingSubscription, .terminal: return .none
      }
      let value = pendingValue
      let completion = pendingCompletion
      pendingValue = nil
      pendingCompletion = nil
      isEmissionScheduled = false
      if value != nil { lastEmission = now }
      if completion != nil { status = .terminal }
      return value == nil && completion == nil ? .none : .deliver(value, completion)
    }

    mutating func completionReceived(_ completion: Subscribers.Completion<Failure>) -> Action {
      guard case .subscribed(let subscription) = status else { return .none }
      status = .completing
      pendingCompletion = completion
      // With an emission scheduled, the completion rides along after its value.
      let needsEmission = !isEmissionScheduled
      isEmissionScheduled = true
      return .releaseUpstream(subscription, thenScheduleEmission: needsEmission)
    }

    mutating func demandRequested(_ additional: Subscribers.Demand) {
      switch status {
      case .subscribed, .completing: demand += additional
      case .awaitingSubscription, .terminal: break
      }
    }

    mutating func cancelled() -> Action {
      let previous = status
      status = .terminal
      pendingValue = nil
      pendingCompletion = nil
      guard case .subscribed(let subscription) = previous else { return .none }
      return .cancelUpstream(subscription)
    }
  }

  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Throttle.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let stateMachine: Locked<StateMachine>
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    private let scheduler: Context

    init(downstream: Downstream, publisher: Publishers.Throttle<Upstream, Context>) {
      self.downstream = downstream
      scheduler = publisher.scheduler
      stateMachine = Locked(StateMachine(interval: publisher.interval, latest: publisher.latest))
    }

    func receive(subscription: any Subscription) {
      perform(transition { $0.subscriptionReceived(subscription) })
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let now = scheduler.now
      perform(transition { $0.valueReceived(input, now: now) })
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      perform(transition { $0.completionReceived(completion) })
    }

    func request(_ demand: Subscribers.Demand) {
      stateMachine.withLock { $0.demandRequested(demand) }
    }

    func cancel() {
      perform(transition { $0.cancelled() })
    }

    private func emissionDue() {
      let now = scheduler.now
      perform(transition { $0.emissionDue(now: now) })
    }

    /// Runs `body` under the lock. The pending value it may replace or drop, a user's value, is
    /// copied out first, so that its last reference goes after unlocking.
    private func transition(_ body: (inout StateMachine) -> StateMachine.Action) -> StateMachine.Action {
      let (previous, action) = stateMachine.withLock { machine in (machine.pendingValue, body(&machine)) }
      _ = previous
      return action
    }

    private func perform(_ action: StateMachine.Action) {
      switch action {
      case .none:
        break
      case .forwardSubscriptionAndRequestUnlimited(let subscription):
        downstreamSubscription.attach(self)
        downstream.receive(subscription: downstreamSubscription)
        subscription.request(.unlimited)
      case .cancelSubscription(let subscription), .cancelUpstream(let subscription):
        subscription.cancel()
      case .scheduleEmission(let date):
        scheduleEmission(at: date)
      case .deliver(let value, let completion):
        if let value {
          let additional = downstream.receive(value)
          if additional > 0 { stateMachine.withLock { $0.demandRequested(additional) } }
        }
        if let completion {
          downstream.receive(completion: completion)
          downstreamSubscription.detach()
        }
      case .releaseUpstream(_, let thenScheduleEmission):
        if thenScheduleEmission { scheduleEmission(at: nil) }
      }
    }

    private func scheduleEmission(at date: StateMachine.Time?) {
      // Weak: a cancelled subscription need not live until its emission date.
      if let date {
        scheduler.schedule(after: date) { [weak self] in self?.emissionDue() }
      } else {
        scheduler.schedule { [weak self] in self?.emissionDue() }
      }
    }
  }
}
