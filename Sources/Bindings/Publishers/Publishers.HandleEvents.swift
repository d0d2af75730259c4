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

    /// Everything the subscription knows, guarded by its lock.
    private struct State {
      var relay: TransformingRelayState<Downstream>
      /// `nil` once ended, so captured objects are let go; released after the lock is dropped.
      var events: Callbacks?

      /// Ends a live relay and takes the closures with it, to be run or released after unlocking.
      mutating func end() -> (TransformingRelayState<Downstream>.Ended, Callbacks?)? {
        guard let ended = relay.end() else { return nil }
        return (ended, events.take())
      }
    }

    private let state: Locked<State>

    init(_ events: Publishers.HandleEvents<Upstream>, downstream: Downstream) {
      let callbacks = Callbacks(
        receiveSubscription: events.receiveSubscription,
        receiveOutput: events.receiveOutput,
        receiveCompletion: events.receiveCompletion,
        receiveCancel: events.receiveCancel,
        receiveRequest: events.receiveRequest
      )
      state = Locked(State(relay: TransformingRelayState(downstream: downstream), events: callbacks))
    }

    var description: String { "HandleEvents" }

    func receive(subscription: any Subscription) {
      state.withLock { $0.events?.receiveSubscription }?(subscription)
      guard let downstream = state.withLock({ $0.relay.attach(subscription) }) else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      // Copied out through captured locals: a closure returned through `withLock`'s generic result
      // is re-abstracted, which allocates.
      var downstream: Downstream?
      var receiveOutput: ((Upstream.Output) -> Void)?
      state.withLock { state in
        downstream = state.relay.liveDownstream
        if downstream != nil { receiveOutput = state.events?.receiveOutput }
      }
      guard let downstream else { return .none }
      receiveOutput?(input)
      let demand = downstream.receive(input)
      guard demand > 0 else { return demand }
      state.withLock { $0.events?.receiveRequest }?(demand)
      return demand
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      var isLive = false
      var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
      state.withLock { state in
        isLive = state.relay.isLive
        if isLive { receiveCompletion = state.events?.receiveCompletion }
      }
      guard isLive else { return }
      receiveCompletion?(completion)
      // The closure may have cancelled, which ends the relay: then nothing is delivered.
      guard let (ended, released) = state.withLock({ $0.end() }) else { return }
      _ = released
      ended.downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      state.withLock { $0.events?.receiveRequest }?(demand)
      state.withLock { $0.relay.liveUpstream }?.request(demand)
    }

    func cancel() {
      guard let (ended, released) = state.withLock({ $0.end() }) else { return }
      released?.receiveCancel?()
      ended.upstream.cancel()
    }
  }
}
