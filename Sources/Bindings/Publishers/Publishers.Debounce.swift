extension Publisher {
  /// Publishes a value only after the upstream has been quiet for `dueTime`.
  ///
  /// Every value restarts the wait; when it runs out, the latest value is delivered on `scheduler`.
  /// The usual use is a search field: search once the user pauses, not on every keystroke.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let query = PassthroughSubject<String, Never>()
  /// let token = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { print($0) }
  /// query.send("s")
  /// scheduler.advance(by: .milliseconds(100))
  /// query.send("sw")
  /// scheduler.advance(by: .milliseconds(300))   // prints "sw"
  /// ```
  ///
  /// As in Combine, the upstream is asked for unlimited values; a value that falls due while the
  /// subscriber has no demand is dropped, and a value still waiting when the upstream completes is
  /// dropped too. The completion is delivered on `scheduler`. Deliveries happen on `scheduler`, so on
  /// a serial scheduler they never overlap.
  ///
  /// - Parameters:
  ///   - dueTime: How long the upstream must stay quiet.
  ///   - scheduler: The scheduler that keeps time and delivers.
  ///   - options: Scheduler options for the deliveries.
  ///
  /// - Returns: A publisher of the values that are followed by `dueTime` of quiet.
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that publishes a value only after its upstream has been quiet for a while.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let query = PassthroughSubject<String, Never>()
  /// let token = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { print($0) }
  /// query.send("sw")
  /// scheduler.advance(by: .milliseconds(300))   // prints "sw"
  /// ```
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher being debounced.
    public let upstream: Upstream
    /// How long the upstream must stay quiet before a value is published.
    public let dueTime: Context.SchedulerTimeType.Stride
    /// The scheduler that keeps time and delivers.
    public let scheduler: Context
    /// The options for the deliveries.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that debounces `upstream` by `dueTime` on `scheduler`.
    public init(
      upstream: Upstream,
      dueTime: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Debounce {
  /// The decisions of a debounce subscription, as a plain value: each event returns what to do, and
  /// the caller does it after unlocking.
  struct StateMachine {
    enum Status {
      case awaitingSubscription
      case subscribed(any Subscription)
      /// The upstream completed; the completion waits on the scheduler.
      case completing
      case terminal
    }

    enum Action {
      case none
      /// Hand the subscription downstream, then ask the upstream for everything.
      case forwardSubscriptionAndRequestUnlimited(any Subscription)
      /// A second subscription, or one after cancellation.
      case cancelSubscription(any Subscription)
      /// Start the quiet period for the value of this generation.
      case scheduleEmission(generation: UInt64)
      case emit(Output)
      /// Deliver the completion on the scheduler; the upstream subscription is released by then.
      case scheduleCompletion(Subscribers.Completion<Failure>, releasing: any Subscription)
      case cancelUpstream(any Subscription)
    }

    private(set) var status = Status.awaitingSubscription
    /// Counts values; a timer only emits if no value arrived after the one that started it.
    private(set) var generation: UInt64 = 0
    private(set) var pendingValue: Output?
    private(set) var demand = Subscribers.Demand.none

    mutating func subscriptionReceived(_ subscription: any Subscription) -> Action {
      guard case .awaitingSubscription = status else { return .cancelSubscription(subscription) }
      status = .subscribed(subscription)
      return .forwardSubscriptionAndRequestUnlimited(subscription)
    }

    mutating func valueReceived(_ value: Output) -> Action {
      guard case .subscribed = status else { return .none }
      generation &+= 1
      pendingValue = value
      return .scheduleEmission(generation: generation)
    }

    mutating func quietPeriodEnded(generation: UInt64) -> Action {
      // A later value restarted the wait, or the subscription ended meanwhile.
      guard case .subscribed = status, generation == self.generation, let value = pendingValue else { return .none }
      pendingValue = nil
      // Dropped without demand, as in Combine: debounce does not buffer.
      guard demand > 0 else { return .none }
      demand -= 1
      return .emit(value)
    }

    mutating func completionReceived(_ completion: Subscribers.Completion<Failure>) -> Action {
      guard case .subscribed(let subscription) = status else { return .none }
      status = .completing
      pendingValue = nil
      return .scheduleCompletion(completion, releasing: subscription)
    }

    /// Whether the completion the scheduler now runs is still to be delivered: not once the
    /// subscriber has cancelled.
    mutating func completionDue() -> Bool {
      guard case .completing = status else { return false }
      status = .terminal
      return true
    }

    mutating func demandRequested(_ additional: Subscribers.Demand) {
      guard case .subscribed = status else { return }
      demand += additional
    }

    mutating func cancelled() -> Action {
      guard case .subscribed(let subscription) = status else {
        status = .terminal
        return .none
      }
      status = .terminal
      pendingValue = nil
      return .cancelUpstream(subscription)
    }
  }

  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Debounce.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let stateMachine = Locked(StateMachine())
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    private let dueTime: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private let options: Context.SchedulerOptions?

    init(downstream: Downstream, publisher: Publishers.Debounce<Upstream, Context>) {
      self.downstream = downstream
      dueTime = publisher.dueTime
      scheduler = publisher.scheduler
      options = publisher.options
    }

    func receive(subscription: any Subscription) {
      perform(transition { $0.subscriptionReceived(subscription) })
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      perform(transition { $0.valueReceived(input) })
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
      case .scheduleEmission(let generation):
        // Weak: a superseded timer must not keep a cancelled subscription alive until it fires.
        scheduler.schedule(
          after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options
        ) { [weak self] in
          guard let self else { return }
          self.perform(self.transition { $0.quietPeriodEnded(generation: generation) })
        }
      case .emit(let value):
        let additional = downstream.receive(value)
        if additional > 0 { stateMachine.withLock { $0.demandRequested(additional) } }
      case .scheduleCompletion(let completion, _):
        scheduler.schedule(options: options) {
          // Nothing starts after cancel() has returned, a completion already on its way included.
          if self.stateMachine.withLock({ $0.completionDue() }) {
            self.downstream.receive(completion: completion)
            self.downstreamSubscription.detach()
          }
        }
      }
    }
  }
}
