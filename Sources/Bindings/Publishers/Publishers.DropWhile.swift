extension Publisher {
  /// Omits elements until `predicate` returns `false` for one, then republishes that element and
  /// everything after it.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.drop(while: { $0 < 3 }).sink { print($0) }
  /// subject.send(1)   // dropped
  /// subject.send(3)   // prints "3"
  /// subject.send(1)   // prints "1": the predicate is no longer consulted
  /// ```
  ///
  /// Each omitted element is replaced by asking the upstream for one more.
  ///
  /// - Parameter predicate: Whether to omit an element; not called again once it returns `false`.
  /// - Returns: A publisher that omits elements while `predicate` holds.
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that omits elements while a predicate holds, then republishes the rest.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.DropWhile(upstream: subject, predicate: { $0 < 3 }).sink { print($0) }
  /// subject.send(2)   // dropped
  /// subject.send(4)   // prints "4"
  /// ```
  public struct DropWhile<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose leading elements are omitted.
    public let upstream: Upstream
    /// Whether to omit an element.
    public let predicate: (Output) -> Bool

    /// Creates a publisher that omits elements of `upstream` while `predicate` holds.
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribe(
        Inner(downstream: subscriber, name: "DropWhile", predicate: { .success(predicate($0)) }, mapFailure: { $0 }))
    }
  }
}

extension Publishers.DropWhile {
  /// The subscription of `drop(while:)` and `tryDrop(while:)`: the predicate's verdict arrives as a
  /// `Result`, so a thrown error takes the same path as a verdict.
  final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output {
    private let liveObject = LiveObjectToken("DropWhile.Inner")
    typealias Input = Output
    typealias Failure = Upstream.Failure
    typealias Predicate = (Output) -> Result<Bool, Downstream.Failure>

    /// Retains the predicate while the stream is live.
    private let upstream: SequencingUpstreamLink<Predicate>
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    let description: String
    private let mapFailure: (Upstream.Failure) -> Downstream.Failure
    /// Touched only by upstream deliveries, which never overlap.
    private var isDropping = true

    init(
      downstream: Downstream,
      name: String,
      predicate: @escaping Predicate,
      mapFailure: @escaping (Upstream.Failure) -> Downstream.Failure
    ) {
      self.upstream = SequencingUpstreamLink(retaining: predicate)
      self.downstream = downstream
      self.description = name
      self.mapFailure = mapFailure
    }

    func receive(subscription: any Subscription) {
      guard upstream.attach(subscription) else { return }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard let predicate = upstream.retainedForValue() else { return .none }
      if isDropping {
        switch predicate(input) {
        case .success(true):
          return .max(1)
        case .success(false):
          isDropping = false
        case .failure(let error):
          guard upstream.end(cancellingUpstream: true) else { return .none }
          downstream.receive(completion: .failure(error))
          downstreamSubscription.detach()
          return .none
        }
      }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      guard upstream.end() else { return }
      downstream.receive(completion: completion.mapError(mapFailure))
      downstreamSubscription.detach()
    }

    func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

    func cancel() { upstream.cancel() }
  }
}
