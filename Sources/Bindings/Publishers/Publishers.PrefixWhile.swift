extension Publisher {
  /// Republishes elements while `predicate` holds, and finishes at the first element for which it
  /// returns `false`.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.prefix(while: { $0 < 3 })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)   // prints "1"
  /// subject.send(3)   // prints "finished", and the subject's subscription is cancelled
  /// ```
  ///
  /// - Parameter predicate: Whether to keep going; the element it rejects is not republished.
  /// - Returns: A publisher that republishes elements while `predicate` holds.
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that republishes elements while a predicate holds, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.PrefixWhile(upstream: subject, predicate: { $0 < 3 }).sink { print($0) }
  /// subject.send(1)   // prints "1"
  /// subject.send(5)   // finishes
  /// ```
  public struct PrefixWhile<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose leading elements are republished.
    public let upstream: Upstream
    /// Whether to keep republishing.
    public let predicate: (Output) -> Bool

    /// Creates a publisher that republishes elements of `upstream` while `predicate` holds.
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
        Inner(downstream: subscriber, name: "PrefixWhile", predicate: { .success(predicate($0)) }, mapFailure: { $0 })
      )
    }
  }
}

extension Publishers.PrefixWhile {
  /// The subscription of `prefix(while:)` and `tryPrefix(while:)`: the predicate's verdict arrives
  /// as a `Result`, so a thrown error takes the same path as a verdict.
  final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output {
    private let liveObject = LiveObjectToken("PrefixWhile.Inner")
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
      let completion: Subscribers.Completion<Downstream.Failure>
      switch predicate(input) {
      case .success(true):
        return downstream.receive(input)
      case .success(false):
        completion = .finished
      case .failure(let error):
        completion = .failure(error)
      }
      guard upstream.end(cancellingUpstream: true) else { return .none }
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
      return .none
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
