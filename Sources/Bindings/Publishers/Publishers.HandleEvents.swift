extension Publisher {
  /// Runs closures when publishing events happen, and republishes everything unchanged.
  ///
  /// ```swift
  /// let token = [1, 2].publisher
  ///   .handleEvents(
  ///     receiveSubscription: { _ in print("subscribed") },
  ///     receiveOutput: { print("output \($0)") },
  ///     receiveCompletion: { print("completion \($0)") },
  ///     receiveCancel: { print("cancelled") },
  ///     receiveRequest: { print("request \($0)") })
  ///   .sink { _ in }
  /// // prints "subscribed", "request unlimited", "output 1", "output 2", "completion finished"
  /// ```
  ///
  /// Each closure runs before the event is passed on. `receiveRequest` also sees the non-zero
  /// demand a subscriber returns from `receive(_:)`. The closures are released once the
  /// subscription completes or is cancelled.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Runs when the upstream hands over its subscription.
  ///   - receiveOutput: Runs for every value.
  ///   - receiveCompletion: Runs when the upstream finishes or fails.
  ///   - receiveCancel: Runs when the downstream cancels.
  ///   - receiveRequest: Runs when the downstream requests values.
  /// - Returns: A publisher that republishes the upstream's events unchanged.
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self,
      receiveSubscription: receiveSubscription,
      receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion,
      receiveCancel: receiveCancel,
      receiveRequest: receiveRequest
    )
  }
}

extension Publishers {
  /// A publisher that runs closures when publishing events happen.
  ///
  /// ```swift
  /// let token = Publishers.HandleEvents(upstream: [1].publisher, receiveOutput: { print("saw \($0)") })
  ///   .sink { _ in }
  /// // prints "saw 1"
  /// ```
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are observed.
    public let upstream: Upstream
    /// Runs when the upstream hands over its subscription.
    public var receiveSubscription: ((any Subscription) -> Void)?
    /// Runs for every value.
    public var receiveOutput: ((Upstream.Output) -> Void)?
    /// Runs when the upstream finishes or fails.
    public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
    /// Runs when the downstream cancels.
    public var receiveCancel: (() -> Void)?
    /// Runs when the downstream requests values.
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    /// Creates a publisher that runs the given closures on the events of `upstream`.
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Upstream.Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil,
      receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(self, downstream: subscriber))
    }
  }
}

extension Publishers.HandleEvents {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private let liveObject = LiveObjectToken("HandleEvents.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// The closures without the upstream publisher, which the subscription has no use for.
    private struct Callbacks {
      let receiveSubscription: ((any Subscription) -> Void)?
      let receiveOutput: ((Upstream.Output) -> Void)?
      let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
      let receiveCancel: (() -> Void)?
      let receiveRequest: ((Subscribers.Demand) -> Void)?
    }

    private let lock = Lock()
    private var relay: TransformingRelayState<Downstream>
    /// `nil` once ended, so captured objects are let go; released after the lock is dropped.
    private var events: Callbacks?

    init(_ events: Publishers.HandleEvents<Upstream>, downstream: Downstream) {
      self.events = Callbacks(
        receiveSubscription: events.receiveSubscription,
        receiveOutput: events.receiveOutput,
        receiveCompletion: events.receiveCompletion,
        receiveCancel: events.receiveCancel,
        receiveRequest: events.receiveRequest
      )
      self.relay = TransformingRelayState(downstream: downstream)
    }

    var description: String { "HandleEvents" }

    func receive(subscription: any Subscription) {
      lock.withLock { events?.receiveSubscription }?(subscription)
      guard let downstream = lock.withLock({ relay.attach(subscription) }) else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      lock.lock()
      guard let downstream = relay.liveDownstream else {
        lock.unlock()
        return .none
      }
      let receiveOutput = events?.receiveOutput
      lock.unlock()
      receiveOutput?(input)
      let demand = downstream.receive(input)
      guard demand > 0 else { return demand }
      lock.withLock { events?.receiveRequest }?(demand)
      return demand
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      lock.lock()
      guard relay.isLive else {
        lock.unlock()
        return
      }
      let receiveCompletion = events?.receiveCompletion
      lock.unlock()
      receiveCompletion?(completion)
      // The closure may have cancelled, which ends the relay: then nothing is delivered.
      let (ended, released) = lock.withLock { (relay.end(), events.take()) }
      _ = released
      ended?.downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      lock.withLock { events?.receiveRequest }?(demand)
      lock.withLock { relay.liveUpstream }?.request(demand)
    }

    func cancel() {
      lock.lock()
      guard let ended = relay.end() else {
        lock.unlock()
        return
      }
      let released = events.take()
      lock.unlock()
      released?.receiveCancel?()
      ended.upstream.cancel()
    }
  }
}
