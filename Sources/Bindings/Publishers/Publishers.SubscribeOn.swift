extension Publisher {
  /// Subscribes to the upstream, and sends it requests and cancellation, on `scheduler`.
  ///
  /// Values and the completion arrive on whatever context the upstream sends them from; combine
  /// with ``receive(on:options:)`` to choose that too.
  ///
  /// ```swift
  /// let token = expensiveToStartPublisher
  ///   .subscribe(on: DispatchQueue.global())
  ///   .receive(on: MainThreadScheduler.shared)
  ///   .sink { print($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: Where to subscribe, request and cancel.
  ///   - options: Scheduler options for each of those.
  ///
  /// - Returns: A publisher that subscribes, requests and cancels on `scheduler`.
  public func subscribe<S: Scheduler>(
    on scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.SubscribeOn<Self, S> {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that subscribes to its upstream, requests and cancels, on a scheduler.
  ///
  /// ```swift
  /// let token = Publishers.SubscribeOn(upstream: Just(1), scheduler: ImmediateScheduler.shared, options: nil)
  ///   .sink { print($0) }   // prints "1"
  /// ```
  public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher to subscribe to.
    public let upstream: Upstream
    /// The scheduler to subscribe, request and cancel on.
    public let scheduler: Context
    /// The options for each scheduled operation.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that subscribes to `upstream` on `scheduler`.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
      let upstream = self.upstream
      scheduler.schedule(options: options) { upstream.subscribe(inner) }
    }
  }
}

extension Publishers.SubscribeOn {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("SubscribeOn.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let status = Locked(SubscriptionStatus.awaitingSubscription)
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    private let scheduler: Context
    private let options: Context.SchedulerOptions?

    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.downstream = downstream
      self.scheduler = scheduler
      self.options = options
    }

    func receive(subscription: any Subscription) {
      guard status.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard status.withLock({ if case .subscribed = $0 { true } else { false } }) else { return .none }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      // Only a live subscription completes: before the subscription, and after the end, the
      // completion is ignored.
      let subscription: (any Subscription)? = status.withLock { status in
        guard case .subscribed = status else { return nil }
        return status.terminate()
      }
      guard let subscription else { return }
      // Released after the lock: a subscription's deinit may call back in.
      _ = subscription
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
    }

    func request(_ demand: Subscribers.Demand) {
      let subscription: (any Subscription)? = status.withLock {
        if case .subscribed(let subscription) = $0 { subscription } else { nil }
      }
      guard let subscription else { return }
      scheduler.schedule(options: options) { subscription.request(demand) }
    }

    func cancel() {
      guard let subscription = status.withLock({ $0.terminate() }) else { return }
      scheduler.schedule(options: options) { subscription.cancel() }
    }
  }
}
