extension Publisher {
  /// Delivers values and the completion on `scheduler`.
  ///
  /// The subscription itself is handed over synchronously; each value and the completion are
  /// scheduled on `scheduler`, in order. Requests and cancellation go straight upstream.
  ///
  /// ```swift
  /// let token = subject
  ///   .receive(on: MainThreadScheduler.shared)
  ///   .sink { label.text = $0 }
  /// DispatchQueue.global().async { subject.send("hi") }   // the label is set on the main thread
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: Where to deliver.
  ///   - options: Scheduler options for each delivery.
  public func receive<S: Scheduler>(
    on scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.ReceiveOn<Self, S> {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's values and completion on a scheduler.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are delivered.
    public let upstream: Upstream
    /// The scheduler that delivers them.
    public let scheduler: Context
    /// The options for each scheduled delivery.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that delivers `upstream`'s elements on `scheduler`.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, options: options))
    }
  }
}

extension Publishers.ReceiveOn {
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
    private let scheduler: Context
    private let options: Context.SchedulerOptions?

    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.downstream = downstream
      self.scheduler = scheduler
      self.options = options
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
      scheduler.schedule(options: options) { self.deliver(input) }
      return .none
    }

    private func deliver(_ input: Input) {
      // A value scheduled before the upstream completed still arrives before the completion.
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
      // Released outside the lock: a subscription's deinit may call back in.
      _ = subscription
      scheduler.schedule(options: options) { self.deliver(completion) }
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
