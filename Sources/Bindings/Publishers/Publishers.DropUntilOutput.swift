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
      subscriber.receive(subscription: inner)
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
    SequencingTriggeredSubscription<Downstream, Other.Output, Other.Failure>, Subscriber, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("DropUntilOutput.Inner")
    typealias Input = Output

    /// Demand requested before the upstream subscription arrived.
    private var requested = Subscribers.Demand.none
    private var isOpen = false

    override var description: String { "DropUntilOutput" }

    // MARK: Downstream

    override func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      guard !isTerminal else {
        lock.unlock()
        return
      }
      guard case .live(let subscription) = upstream else {
        requested += demand
        lock.unlock()
        return
      }
      lock.unlock()
      subscription.request(demand)
    }

    // MARK: Upstream

    func receive(subscription: any Subscription) {
      lock.lock()
      guard case .awaiting = upstream, !isTerminal else {
        lock.unlock()
        subscription.cancel()
        return
      }
      upstream = .live(subscription)
      let demand = requested
      requested = .none
      lock.unlock()
      if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      lock.lock()
      guard !isTerminal, isOpen else {
        lock.unlock()
        return .none
      }
      lock.unlock()
      return downstream.receive(input)
    }

    // MARK: Trigger

    override func triggerReceive(_ input: Other.Output) -> Subscribers.Demand {
      lock.lock()
      guard !isTerminal, case .live = trigger else {
        lock.unlock()
        return .none
      }
      isOpen = true
      // The gate stays open for good; release the trigger rather than keep it attached to its source.
      let trigger = self.trigger.take()
      lock.unlock()
      trigger?.cancel()
      return .none
    }

    override func triggerReceive(completion: Subscribers.Completion<Other.Failure>) {
      lock.lock()
      let trigger = self.trigger.take()
      guard !isTerminal, !isOpen else {
        lock.unlock()
        _ = trigger
        return
      }
      isTerminal = true
      let upstream = self.upstream.take()
      lock.unlock()
      upstream?.cancel()
      downstream.receive(completion: completion)
      _ = trigger
    }
  }
}
