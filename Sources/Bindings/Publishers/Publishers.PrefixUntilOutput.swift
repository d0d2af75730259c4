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
    SequencingTriggeredSubscription<Downstream, Other.Output, Other.Failure>, Subscriber, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("PrefixUntilOutput.Inner")
    typealias Input = Output

    /// How many calls into the subscriber (subscription handoff or a value) are under way. More than
    /// one when a synchronous upstream delivers from inside the subscriber's request.
    private var deliveryDepth = 0
    /// A `.finished` from the trigger that arrived during a delivery, or before the subscriber had
    /// its subscription.
    private var hasParkedFinish = false

    override var description: String { "PrefixUntilOutput" }

    // MARK: Downstream

    override func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      guard !isTerminal, case .live(let subscription) = upstream else {
        lock.unlock()
        return
      }
      lock.unlock()
      subscription.request(demand)
    }

    override func cancelWithLockHeld() {
      hasParkedFinish = false
    }

    // MARK: Upstream

    func receive(subscription: any Subscription) {
      lock.lock()
      guard case .awaiting = upstream else {
        lock.unlock()
        subscription.cancel()
        return
      }
      if isTerminal {
        // The trigger fired before the upstream subscribed: the subscriber still gets its
        // subscription first, then the parked `.finished`.
        upstream = .gone
        lock.unlock()
        subscription.cancel()
        downstream.receive(subscription: self)
        endDelivery()
        return
      }
      upstream = .live(subscription)
      deliveryDepth += 1
      lock.unlock()
      downstream.receive(subscription: self)
      endDelivery()
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      lock.lock()
      guard !isTerminal, case .live = upstream else {
        lock.unlock()
        return .none
      }
      deliveryDepth += 1
      lock.unlock()
      let more = downstream.receive(input)
      return endDelivery() ? .none : more
    }

    // MARK: Trigger

    override func triggerReceive(_ input: Other.Output) -> Subscribers.Demand {
      lock.lock()
      guard !isTerminal, case .live = trigger else {
        lock.unlock()
        return .none
      }
      isTerminal = true
      let trigger = self.trigger.take()
      // An upstream still on its way stays `.awaiting`: its subscription is then cancelled on
      // arrival, after the subscriber gets its own.
      var upstream: (any Subscription)?
      if case .live(let live) = self.upstream {
        upstream = live
        self.upstream = .gone
      }
      let deliverNow = upstream != nil && deliveryDepth == 0
      if !deliverNow { hasParkedFinish = true }
      lock.unlock()
      trigger?.cancel()
      upstream?.cancel()
      if deliverNow { downstream.receive(completion: .finished) }
      return .none
    }

    override func triggerReceive(completion: Subscribers.Completion<Other.Failure>) {
      lock.lock()
      let trigger = self.trigger.take()
      lock.unlock()
      _ = trigger
    }

    // MARK: Delivery

    /// Marks the current delivery done and, once no delivery is under way, delivers a `.finished`
    /// parked meanwhile. Returns whether it did.
    @discardableResult
    private func endDelivery() -> Bool {
      lock.lock()
      if deliveryDepth > 0 { deliveryDepth -= 1 }
      let parked = hasParkedFinish && deliveryDepth == 0
      if parked { hasParkedFinish = false }
      lock.unlock()
      if parked { downstream.receive(completion: .finished) }
      return parked
    }
  }
}
