extension Publisher {
  /// Omits the first `count` elements, then republishes everything else.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.dropFirst(2).sink { print($0) }
  /// subject.send(1)   // dropped
  /// subject.send(2)   // dropped
  /// subject.send(3)   // prints "3"
  /// ```
  ///
  /// The upstream is asked for `count` elements on top of the subscriber's demand, so the omitted
  /// elements never use up what the subscriber requested.
  ///
  /// - Parameter count: How many elements to omit; 1 by default. Must not be negative.
  /// - Returns: A publisher that omits the first `count` elements.
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that omits a number of elements before republishing the rest.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.Drop(upstream: subject, count: 1).sink { print($0) }
  /// subject.send(1)   // dropped
  /// subject.send(2)   // prints "2"
  /// ```
  public struct Drop<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are omitted, then republished.
    public let upstream: Upstream
    /// How many elements to omit.
    public let count: Int

    /// Creates a publisher that omits `count` elements of `upstream`.
    ///
    /// - Precondition: `count` is not negative.
    public init(upstream: Upstream, count: Int) {
      precondition(count >= 0, "count must not be negative")
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, count: count)
      inner.downstreamSubscription.attach(inner)
      subscriber.receive(subscription: inner.downstreamSubscription)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {}

extension Publishers.Drop {
  /// The subscriber gets this subscription before the upstream subscribes, so its requests may
  /// arrive first: the link keeps them outstanding until the upstream's subscription arrives.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Drop.Inner")
    typealias Input = Output

    private let upstream = SequencingUpstreamLink(retaining: ())
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    let downstreamSubscription = DetachingSubscription<Inner>()
    /// Touched only by upstream deliveries, which never overlap.
    private var remainingToDrop: Int

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      self.remainingToDrop = count
    }

    var description: String { "Drop" }

    func receive(subscription: any Subscription) {
      upstream.attachAndRequestOutstanding(subscription, plus: remainingToDrop)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard upstream.admitValue() else { return .none }
      if remainingToDrop > 0 {
        // Already paid for by the extra demand requested on subscription.
        remainingToDrop -= 1
        return .none
      }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard upstream.end() else { return }
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
    }

    func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

    func cancel() { upstream.cancel() }
  }
}
