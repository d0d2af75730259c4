extension Publisher {
  /// Replaces each value with the time since the previous one (or since subscription, for the
  /// first), measured on `scheduler`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let subject = PassthroughSubject<Void, Never>()
  /// let token = subject.measureInterval(using: scheduler).sink { print($0) }
  /// scheduler.advance(by: .milliseconds(100))
  /// subject.send()   // prints "Stride(nanoseconds: 100000000)"
  /// scheduler.advance(by: .seconds(1))
  /// subject.send()   // prints "Stride(nanoseconds: 1000000000)"
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler whose clock measures.
  ///   - options: Unused; accepted for Combine compatibility.
  ///
  /// - Returns: A publisher of the time between values, in `scheduler`'s stride.
  public func measureInterval<S: Scheduler>(
    using scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.MeasureInterval<Self, S> {
    Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
  }
}

extension Publishers {
  /// A publisher that publishes the time between its upstream's values.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let taps = PassthroughSubject<Void, Never>()
  /// let token = taps.measureInterval(using: scheduler).sink { print($0) }
  /// scheduler.advance(by: .milliseconds(100))
  /// taps.send()   // prints "Stride(nanoseconds: 100000000)"
  /// ```
  public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The time since the previous value (since subscription, for the first), on the scheduler's clock.
    public typealias Output = Context.SchedulerTimeType.Stride
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are timed.
    public let upstream: Upstream
    /// The scheduler whose clock measures.
    public let scheduler: Context

    /// Creates a publisher that times `upstream`'s values on `scheduler`'s clock.
    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler))
    }
  }
}

extension Publishers.MeasureInterval {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("MeasureInterval.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// Where the subscription stands, guarded by its lock; while subscribed, with the time of the
    /// subscription or of the last value.
    private enum State {
      case awaitingSubscription
      case subscribed(any Subscription, last: Context.SchedulerTimeType)
      case terminal

      var subscription: (any Subscription)? {
        if case .subscribed(let subscription, _) = self { subscription } else { nil }
      }

      /// Takes `subscription` if none came before and the subscription has not ended.
      mutating func accept(_ subscription: any Subscription, now: Context.SchedulerTimeType) -> Bool {
        guard case .awaitingSubscription = self else { return false }
        self = .subscribed(subscription, last: now)
        return true
      }

      /// The time since the previous value (or the subscription), if subscribed; restarts the clock.
      mutating func valueReceived(now: Context.SchedulerTimeType) -> Context.SchedulerTimeType.Stride? {
        guard case .subscribed(let subscription, let last) = self else { return nil }
        self = .subscribed(subscription, last: now)
        return last.distance(to: now)
      }

      /// Ends; returns the subscription it held, if any.
      mutating func terminate() -> (any Subscription)? {
        defer { self = .terminal }
        return subscription
      }
    }

    private let state = Locked(State.awaitingSubscription)
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    private let scheduler: Context

    init(downstream: Downstream, scheduler: Context) {
      self.downstream = downstream
      self.scheduler = scheduler
    }

    func receive(subscription: any Subscription) {
      let now = scheduler.now
      guard state.withLock({ $0.accept(subscription, now: now) }) else { return subscription.cancel() }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let now = scheduler.now
      guard let interval = state.withLock({ $0.valueReceived(now: now) }) else { return .none }
      return downstream.receive(interval)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let subscription: (any Subscription)? = state.withLock { state in
        guard state.subscription != nil else { return nil }
        return state.terminate()
      }
      guard let subscription else { return }
      // Released after the lock: a subscription's deinit may call back in.
      _ = subscription
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
    }

    func request(_ demand: Subscribers.Demand) {
      state.withLock { $0.subscription }?.request(demand)
    }

    func cancel() {
      state.withLock { $0.terminate() }?.cancel()
    }
  }
}
