extension Publisher {
  /// Ignores elements until `publisher` emits its first element, then republishes everything.
  ///
  /// ```swift
  /// let values = PassthroughSubject<Int, Never>()
  /// let start = PassthroughSubject<Void, Never>()
  /// let token = values.drop(untilOutputFrom: start).sink { print($0) }
  /// values.send(1)    // ignored
  /// start.send(())
  /// values.send(2)    // prints "2"
  /// ```
  ///
  /// Elements ignored before the trigger count against the subscriber's demand, as in Combine.
  /// If `publisher` completes before emitting, the stream completes the same way. Once `publisher`
  /// has emitted, its subscription is cancelled: it has nothing more to say.
  ///
  /// - Parameter publisher: The publisher whose first element opens the gate.
  /// - Returns: A publisher that drops elements until `publisher` emits.
  public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
  where P.Failure == Failure {
    Publishers.DropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that ignores elements from an upstream until a second publisher emits.
  ///
  /// ```swift
  /// let values = PassthroughSubject<Int, Never>()
  /// let start = PassthroughSubject<Void, Never>()
  /// let token = Publishers.DropUntilOutput(upstream: values, other: start).sink { print($0) }
  /// start.send(())
  /// values.send(1)   // prints "1"
  /// ```
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are republished once the gate opens.
    public let upstream: Upstream
    /// The publisher whose first element opens the gate.
    public let other: Other

    /// Creates a publisher that ignores `upstream`'s elements until `other` emits.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      inner.downstreamSubscription.attach(inner)
      subscriber.receive(subscription: inner.downstreamSubscription)
      other.subscribe(inner.triggerSubscriber)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.DropUntilOutput {
  /// The upstream and the trigger may deliver on different threads. Calls into the subscriber still
  /// never overlap: values flow only once the gate is open, and from then on the trigger no longer
  /// speaks; before that, whichever side completes first marks the stream terminal under the lock
  /// and is the only one to deliver a completion.
  private final class Inner<Downstream: Subscriber>:
    SequencingTriggeredSubscription<Downstream, Other.Output, Other.Failure, DropUntilOutputGate>, Subscriber,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("DropUntilOutput.Inner")
    typealias Input = Output

    init(downstream: Downstream) {
      super.init(downstream: downstream, extra: DropUntilOutputGate())
    }

    override var description: String { "DropUntilOutput" }

    // MARK: Downstream

    /// Forwards `demand` to the upstream, or keeps it until the upstream's subscription arrives;
    /// `.none` is accepted, as in Combine.
    override func request(_ demand: Subscribers.Demand) {
      let subscription = state.withLock { state -> (any Subscription)? in
        guard !state.isTerminal else { return nil }
        guard case .live(let subscription) = state.upstream else {
          state.extra.requested += demand
          return nil
        }
        return subscription
      }
      subscription?.request(demand)
    }

    // MARK: Upstream

    /// The upstream's subscription is asked for the demand made before it arrived. When the trigger
    /// completed the stream first, a late upstream is still asked for that demand and not held (Combine
    /// does the same); only a cancel, or a second subscription, cancels it.
    func receive(subscription: any Subscription) {
      let demand = state.withLock { state -> Subscribers.Demand? in
        guard case .awaiting = state.upstream else { return nil }
        state.upstream = state.isTerminal ? .gone : .live(subscription)
        defer { state.extra.requested = .none }
        return state.extra.requested
      }
      guard let demand else {
        subscription.cancel()
        return
      }
      if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard state.withLock({ !$0.isTerminal && $0.extra.isOpen }) else { return .none }
      return downstream.receive(input)
    }

    // MARK: Trigger

    override func triggerReceive(_ input: Other.Output) -> Subscribers.Demand {
      let trigger = state.withLock { state -> (any Subscription)? in
        guard !state.isTerminal, case .live = state.trigger else { return nil }
        state.extra.isOpen = true
        // The gate stays open for good; release the trigger rather than keep it attached to its source.
        return state.trigger.take()
      }
      trigger?.cancel()
      return .none
    }

    override func triggerReceive(completion: Subscribers.Completion<Other.Failure>) {
      let (trigger, completes, upstream) = state.withLock {
        state -> ((any Subscription)?, Bool, (any Subscription)?) in
        let trigger = state.trigger.take()
        guard !state.isTerminal, !state.extra.isOpen else { return (trigger, false, nil) }
        state.isTerminal = true
        // An upstream whose subscription has not arrived yet stays awaited: see `receive(subscription:)`.
        guard case .live = state.upstream else { return (trigger, true, nil) }
        return (trigger, true, state.upstream.take())
      }
      // The trigger's subscription is released at the end, after the lock.
      defer { _ = trigger }
      guard completes else { return }
      upstream?.cancel()
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
    }
  }
}

/// What `drop(untilOutputFrom:)` adds to its subscription's state.
private struct DropUntilOutputGate {
  /// Demand requested before the upstream subscription arrived.
  var requested = Subscribers.Demand.none
  var isOpen = false
}
