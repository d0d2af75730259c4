extension Publisher {
  /// Republishes elements until `publisher` emits its first element, then finishes.
  ///
  /// ```swift
  /// let values = PassthroughSubject<Int, Never>()
  /// let stop = PassthroughSubject<Void, Never>()
  /// let token = values.prefix(untilOutputFrom: stop)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// values.send(1)    // prints "1"
  /// stop.send(())     // prints "finished"; both subscriptions are cancelled
  /// values.send(2)    // ignored
  /// ```
  ///
  /// If `publisher` completes without emitting, it is ignored and elements keep flowing.
  ///
  /// - Parameter publisher: The publisher whose first element ends the stream.
  /// - Returns: A publisher that republishes elements until `publisher` emits.
  public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
    Publishers.PrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that republishes elements until a second publisher emits, then finishes.
  ///
  /// ```swift
  /// let values = PassthroughSubject<Int, Never>()
  /// let stop = PassthroughSubject<Void, Never>()
  /// let token = Publishers.PrefixUntilOutput(upstream: values, other: stop).sink { print($0) }
  /// values.send(1)   // prints "1"
  /// stop.send(())    // the stream finishes
  /// ```
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are republished.
    public let upstream: Upstream
    /// The publisher whose first element ends the stream.
    public let other: Other

    /// Creates a publisher that republishes `upstream`'s elements until `other` emits.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      other.subscribe(inner.triggerSubscriber)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.PrefixUntilOutput {
  /// The trigger may fire on another thread while the upstream is delivering: its `.finished` is
  /// then parked, and the delivering thread hands it to the subscriber right after, so that calls
  /// into the subscriber never overlap and no lock is held during them. The same holds while the
  /// subscriber is still receiving its subscription.
  private final class Inner<Downstream: Subscriber>:
    SequencingTriggeredSubscription<Downstream, Other.Output, Other.Failure, PrefixUntilOutputDeliveries>,
    Subscriber, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("PrefixUntilOutput.Inner")
    typealias Input = Output

    /// What to do with an upstream subscription that arrives.
    private enum Arrival {
      case refuse
      /// The trigger fired before the upstream subscribed: the subscriber still gets its
      /// subscription first, then the parked `.finished`.
      case cancelThenHandOver
      case handOver
    }

    init(downstream: Downstream) {
      super.init(downstream: downstream, extra: PrefixUntilOutputDeliveries())
    }

    override var description: String { "PrefixUntilOutput" }

    // MARK: Downstream

    /// Forwards `demand` to the upstream, `.none` included, as Combine does.
    override func request(_ demand: Subscribers.Demand) {
      let subscription = state.withLock { state -> (any Subscription)? in
        guard !state.isTerminal, case .live(let subscription) = state.upstream else { return nil }
        return subscription
      }
      subscription?.request(demand)
    }

    override func cancelled(_ extra: inout PrefixUntilOutputDeliveries) {
      extra.hasParkedFinish = false
    }

    // MARK: Upstream

    func receive(subscription: any Subscription) {
      let arrival = state.withLock { state -> Arrival in
        guard case .awaiting = state.upstream else { return .refuse }
        if state.isTerminal {
          state.upstream = .gone
          return .cancelThenHandOver
        }
        state.upstream = .live(subscription)
        state.extra.depth += 1
        return .handOver
      }
      switch arrival {
      case .refuse:
        subscription.cancel()
      case .cancelThenHandOver:
        subscription.cancel()
        downstreamSubscription.attach(self)
        downstream.receive(subscription: downstreamSubscription)
        endDelivery()
      case .handOver:
        downstreamSubscription.attach(self)
        downstream.receive(subscription: downstreamSubscription)
        endDelivery()
      }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let isLive = state.withLock { state in
        guard !state.isTerminal, case .live = state.upstream else { return false }
        state.extra.depth += 1
        return true
      }
      guard isLive else { return .none }
      let more = downstream.receive(input)
      return endDelivery() ? .none : more
    }

    // MARK: Trigger

    override func triggerReceive(_ input: Other.Output) -> Subscribers.Demand {
      let fired = state.withLock {
        state -> (trigger: (any Subscription)?, upstream: (any Subscription)?, deliverNow: Bool)? in
        guard !state.isTerminal, case .live = state.trigger else { return nil }
        state.isTerminal = true
        let trigger = state.trigger.take()
        // An upstream still on its way stays `.awaiting`: its subscription is then cancelled on
        // arrival, after the subscriber gets its own.
        var upstream: (any Subscription)?
        if case .live(let live) = state.upstream {
          upstream = live
          state.upstream = .gone
        }
        let deliverNow = upstream != nil && state.extra.depth == 0
        if !deliverNow { state.extra.hasParkedFinish = true }
        return (trigger, upstream, deliverNow)
      }
      guard let fired else { return .none }
      fired.trigger?.cancel()
      fired.upstream?.cancel()
      if fired.deliverNow {
        downstream.receive(completion: .finished)
        downstreamSubscription.detach()
      }
      return .none
    }

    override func triggerReceive(completion: Subscribers.Completion<Other.Failure>) {
      let trigger = state.withLock { $0.trigger.take() }
      _ = trigger
    }

    // MARK: Delivery

    /// Marks the current delivery done and, once no delivery is under way, delivers a `.finished`
    /// parked meanwhile. Returns whether it did.
    @discardableResult
    private func endDelivery() -> Bool {
      let parked = state.withLock { state in
        if state.extra.depth > 0 { state.extra.depth -= 1 }
        let parked = state.extra.hasParkedFinish && state.extra.depth == 0
        if parked { state.extra.hasParkedFinish = false }
        return parked
      }
      if parked {
        downstream.receive(completion: .finished)
        downstreamSubscription.detach()
      }
      return parked
    }
  }
}

/// What `prefix(untilOutputFrom:)` adds to its subscription's state.
private struct PrefixUntilOutputDeliveries {
  /// How many calls into the subscriber (subscription handoff or a value) are under way. More than
  /// one when a synchronous upstream delivers from inside the subscriber's request.
  var depth = 0
  /// A `.finished` from the trigger that arrived during a delivery, or before the subscriber had
  /// its subscription.
  var hasParkedFinish = false
}
