extension Publisher {
  /// Delivers each value, and the completion, `interval` later on `scheduler`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let token = Just(1).delay(for: .seconds(1), scheduler: scheduler).sink { print($0) }
  /// scheduler.advance(by: .milliseconds(999))   // prints nothing
  /// scheduler.advance(by: .milliseconds(1))     // prints "1"
  /// ```
  ///
  /// A failure is delayed too, like a value. Requests and cancellation go straight upstream.
  ///
  /// - Parameters:
  ///   - interval: How long to delay each element.
  ///   - tolerance: The tolerance allowed for each delivery; the scheduler's minimum by default.
  ///   - scheduler: Where to deliver.
  ///   - options: Scheduler options for each delivery.
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride,
    tolerance: S.SchedulerTimeType.Stride? = nil,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler,
      options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's elements after a fixed delay.
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are delayed.
    public let upstream: Upstream
    /// How long each element is delayed.
    public let interval: Context.SchedulerTimeType.Stride
    /// The tolerance allowed for each delivery.
    public let tolerance: Context.SchedulerTimeType.Stride
    /// The scheduler that delivers.
    public let scheduler: Context
    /// The options for each delivery.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that delays `upstream`'s elements by `interval` on `scheduler`.
    public init(
      upstream: Upstream,
      interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Delay {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum State {
      case awaitingSubscription
      case subscribed(any Subscription)
      /// The upstream completed; its completion is on its way through the scheduler.
      case pendingCompletion
      case terminal
    }

    private let lock = Lock()
    private var state = State.awaitingSubscription
    private let downstream: Downstream
    private let interval: Context.SchedulerTimeType.Stride
    private let tolerance: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private let options: Context.SchedulerOptions?

    init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
      self.downstream = downstream
      interval = publisher.interval
      tolerance = publisher.tolerance
      scheduler = publisher.scheduler
      options = publisher.options
    }

    private func scheduleAfterInterval(_ action: @escaping () -> Void) {
      scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
    }

    func receive(subscription: any Subscription) {
      let accepted: Bool = lock.withLock {
        guard case .awaitingSubscription = state else { return false }
        state = .subscribed(subscription)
        return true
      }
      guard accepted else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard lock.withLock({ if case .subscribed = state { return true } else { return false } }) else { return .none }
      scheduleAfterInterval { self.deliver(input) }
      return .none
    }

    private func deliver(_ input: Input) {
      // A value delayed before the upstream completed still arrives before the completion.
      let isLive: Bool = lock.withLock {
        switch state {
        case .subscribed, .pendingCompletion: return true
        case .awaitingSubscription, .terminal: return false
        }
      }
      guard isLive else { return }
      let demand = downstream.receive(input)
      guard demand > 0 else { return }
      let subscription: (any Subscription)? = lock.withLock {
        if case .subscribed(let subscription) = state { return subscription } else { return nil }
      }
      subscription?.request(demand)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let subscription: (any Subscription)?? = lock.withLock {
        guard case .subscribed(let subscription) = state else { return nil }
        state = .pendingCompletion
        return .some(subscription)
      }
      guard let subscription else { return }
      _ = subscription
      scheduleAfterInterval { self.deliver(completion) }
    }

    private func deliver(_ completion: Subscribers.Completion<Failure>) {
      let isPending: Bool = lock.withLock {
        guard case .pendingCompletion = state else { return false }
        state = .terminal
        return true
      }
      if isPending { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
      let subscription: (any Subscription)? = lock.withLock {
        if case .subscribed(let subscription) = state { return subscription } else { return nil }
      }
      subscription?.request(demand)
    }

    func cancel() {
      let subscription: (any Subscription)? = lock.withLock {
        defer { state = .terminal }
        if case .subscribed(let subscription) = state { return subscription } else { return nil }
      }
      subscription?.cancel()
    }
  }
}
