extension Publisher {
  /// Ends the publisher if the upstream goes quiet for longer than `interval`.
  ///
  /// The clock starts at subscription, restarts at the first request, and restarts at every value.
  /// When it runs out, the upstream is cancelled and the subscriber gets `customError()` as a
  /// failure, or a normal finish if there is no `customError`. Values and the completion are
  /// delivered on `scheduler`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let subject = PassthroughSubject<Int, URLError>()
  /// let token = subject
  ///   .timeout(.seconds(5), scheduler: scheduler, customError: { URLError(.timedOut) })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// scheduler.advance(by: .seconds(5))   // prints "failure(... timedOut ...)"
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may stay silent.
  ///   - scheduler: The scheduler that keeps time and delivers.
  ///   - options: Scheduler options for the deliveries and the timer.
  ///   - customError: Makes the failure to end with; without it the publisher finishes.
  ///
  /// - Returns: A publisher that ends once the upstream stays silent for longer than `interval`.
  public func timeout<S: Scheduler>(
    _ interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
  }
}

extension Publishers {
  /// A publisher that ends when its upstream stays silent for too long.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let silent = PassthroughSubject<Int, Never>()
  /// let token = silent.timeout(.seconds(5), scheduler: scheduler)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// scheduler.advance(by: .seconds(5))   // prints "finished"
  /// ```
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher being watched.
    public let upstream: Upstream
    /// How long the upstream may stay silent.
    public let interval: Context.SchedulerTimeType.Stride
    /// The scheduler that keeps time and delivers.
    public let scheduler: Context
    /// The options for the deliveries and the timer.
    public let options: Context.SchedulerOptions?
    /// Makes the failure to end with on timeout; `nil` finishes instead.
    public let customError: (() -> Upstream.Failure)?

    /// Creates a publisher that ends `upstream` after `interval` of silence.
    public init(
      upstream: Upstream,
      interval: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions?,
      customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.options = options
      self.customError = customError
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Timeout {
  /// Keeps the clock between the upstream and a ``ScheduledDeliveryInner`` that delivers on the
  /// scheduler; when the clock runs out, it has that relay cancel the upstream and end the
  /// downstream.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Timeout.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// Everything the clock knows, guarded by its lock.
    private struct State {
      var status = SubscriptionStatus.awaitingSubscription
      /// Bumped whenever the clock restarts or stops, so that a timer started earlier does nothing.
      var timerGeneration: UInt64 = 0
      var hasRequested = false

      var isSubscribed: Bool {
        if case .subscribed = status { true } else { false }
      }

      /// Starts a new timer generation, to be started after unlocking.
      mutating func restartClock() -> UInt64 {
        timerGeneration &+= 1
        return timerGeneration
      }

      /// Takes the subscription, if it arrived first, and starts the clock.
      mutating func subscriptionReceived(_ subscription: any Subscription) -> UInt64? {
        guard status.accept(subscription) else { return nil }
        return restartClock()
      }

      /// Restarts the clock for a value, if the subscription is live.
      mutating func valueReceived() -> UInt64? {
        guard isSubscribed else { return nil }
        return restartClock()
      }

      /// Whether a timer of `generation` is still the one that ends the subscription.
      func isCurrent(_ generation: UInt64) -> Bool {
        generation == timerGeneration && isSubscribed
      }

      /// The subscription to request from, and the first request's clock generation.
      mutating func demandRequested() -> ((any Subscription)?, UInt64?) {
        guard case .subscribed(let subscription) = status else { return (nil, nil) }
        guard !hasRequested else { return (subscription, nil) }
        hasRequested = true
        return (subscription, restartClock())
      }

      /// Stops the clock and ends; returns the live subscription, if there was one. With
      /// `onlyIfLive`, an end that finds no live subscription changes nothing.
      mutating func end(onlyIfLive: Bool) -> (any Subscription)? {
        guard isSubscribed || !onlyIfLive else { return nil }
        timerGeneration &+= 1
        return status.terminate()
      }
    }

    private let state = Locked(State())
    private let relay: ScheduledDeliveryInner<Downstream>
    private let interval: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let customError: (() -> Failure)?

    init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
      let (scheduler, options) = (publisher.scheduler, publisher.options)
      relay = ScheduledDeliveryInner(downstream: downstream) { delivery in
        scheduler.schedule(options: options, delivery)
      }
      interval = publisher.interval
      self.scheduler = scheduler
      self.options = options
      customError = publisher.customError
    }

    private func startTimer(_ generation: UInt64) {
      // Weak, so that an abandoned subscription is not kept alive until its timer fires.
      scheduler.schedule(
        after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: options
      ) { [weak self] in
        self?.timerFired(generation)
      }
    }

    private func timerFired(_ generation: UInt64) {
      guard state.withLock({ $0.isCurrent(generation) }) else { return }
      relay.cancelUpstreamAndComplete(with: customError.map { .failure($0()) } ?? .finished)
    }

    func receive(subscription: any Subscription) {
      guard let generation = state.withLock({ $0.subscriptionReceived(subscription) }) else {
        return subscription.cancel()
      }
      // The subscriber hears of its subscription before a timer (immediate, on some schedulers) can
      // end it.
      relay.receive(subscription: self)
      startTimer(generation)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard let generation = state.withLock({ $0.valueReceived() }) else { return .none }
      startTimer(generation)
      return relay.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard let subscription = state.withLock({ $0.end(onlyIfLive: true) }) else { return }
      // Released outside the lock: a subscription's deinit may call back in.
      _ = subscription
      relay.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      let (subscription, generation) = state.withLock { $0.demandRequested() }
      if let generation { startTimer(generation) }
      subscription?.request(demand)
    }

    func cancel() {
      state.withLock { $0.end(onlyIfLive: false) }?.cancel()
    }
  }
}
