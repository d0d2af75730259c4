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
    public typealias Output = Upstream.Output
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      subscriber.receive(subscription: inner)
      other.subscribe(Inner<S>.TriggerSubscriber(inner: inner))
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.DropUntilOutput {
  /// Holds both subscriptions. The upstream and the trigger may deliver on different threads. Calls
  /// into the subscriber still never overlap: values flow only once the gate is open, and from then
  /// on the trigger no longer speaks; before that, whichever side completes first marks the stream
  /// terminal under the lock and is the only one to deliver a completion.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Output

    struct TriggerSubscriber: Subscriber, CustomStringConvertible {
      typealias Input = Other.Output
      typealias Failure = Other.Failure
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.triggerReceive(subscription: subscription) }
      func receive(_ input: Other.Output) -> Subscribers.Demand { inner.triggerReceive(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.triggerReceive(completion: completion) }
    }

    private enum Link {
      case awaiting
      case live(any Subscription)
      case gone

      /// Returns the live subscription, if any, and marks the link gone.
      mutating func take() -> (any Subscription)? {
        defer { self = .gone }
        if case .live(let subscription) = self { return subscription }
        return nil
      }
    }

    private let lock = Lock()
    private let downstream: Downstream
    private var upstream = Link.awaiting
    private var trigger = Link.awaiting
    /// Demand requested before the upstream subscription arrived.
    private var requested = Subscribers.Demand.none
    private var isOpen = false
    private var isTerminal = false

    init(downstream: Downstream) {
      self.downstream = downstream
    }

    var description: String { "DropUntilOutput" }

    // MARK: Downstream

    func request(_ demand: Subscribers.Demand) {
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

    func cancel() {
      lock.lock()
      isTerminal = true
      let upstream = self.upstream.take()
      let trigger = self.trigger.take()
      lock.unlock()
      upstream?.cancel()
      trigger?.cancel()
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

    func receive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard !isTerminal else {
        lock.unlock()
        return
      }
      isTerminal = true
      upstream = .gone
      let trigger = self.trigger.take()
      lock.unlock()
      trigger?.cancel()
      downstream.receive(completion: completion)
    }

    // MARK: Trigger

    func triggerReceive(subscription: any Subscription) {
      lock.lock()
      guard case .awaiting = trigger, !isTerminal else {
        lock.unlock()
        subscription.cancel()
        return
      }
      trigger = .live(subscription)
      lock.unlock()
      subscription.request(.max(1))
    }

    func triggerReceive(_ input: Other.Output) -> Subscribers.Demand {
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

    func triggerReceive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard !isTerminal, !isOpen else {
        trigger = .gone
        lock.unlock()
        return
      }
      isTerminal = true
      trigger = .gone
      let upstream = self.upstream.take()
      lock.unlock()
      upstream?.cancel()
      downstream.receive(completion: completion)
    }
  }
}
