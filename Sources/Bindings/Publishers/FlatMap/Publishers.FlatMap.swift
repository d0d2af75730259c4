extension Publisher {
  /// Transforms each value into a publisher, and republishes the values of all those publishers
  /// as they arrive, running at most `maxPublishers` of them at once.
  ///
  /// ```swift
  /// let ids = PassthroughSubject<Int, Never>()
  /// let token = ids.flatMap { id in Just("user \(id)") }.sink { print($0) }
  /// ids.send(1)   // prints "user 1"
  /// ids.send(2)   // prints "user 2"
  /// ```
  ///
  /// The upstream is asked for `maxPublishers` values at first, then for one more each time an
  /// inner publisher finishes. The result finishes when the upstream and every inner publisher have
  /// finished, and fails as soon as any of them fails, cancelling the rest.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many inner publishers may run at once; `.unlimited` by default. With
  ///     `.none` no inner publisher ever runs: the upstream is never asked for a value, and only its
  ///     completion comes through.
  ///   - transform: Makes the inner publisher for a value.
  ///
  /// - Returns: A publisher of the values of every inner publisher.
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }

  /// Flat-maps to publishers that never fail, giving them this publisher's failure type.
  ///
  /// ```swift
  /// enum LoadError: Error { case offline }
  /// let ids = PassthroughSubject<Int, LoadError>()
  /// let token = ids.flatMap { id in Just("user \(id)") }.sink(receiveCompletion: { _ in }) { print($0) }
  /// ids.send(1)   // prints "user 1"
  /// ```
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
  }
}

extension Publisher where Failure == Never {
  /// Flat-maps this publisher, which never fails, to publishers that may, taking their failure type.
  ///
  /// ```swift
  /// let ids = PassthroughSubject<Int, Never>()
  /// enum LoadError: Error { case offline }
  /// let token = ids.flatMap { _ in Fail<String, LoadError>(error: .offline) }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// ids.send(1)   // prints "failure(LoadError.offline)"
  /// ```
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
  }

  /// Flat-maps this publisher to publishers where neither fails.
  ///
  /// ```swift
  /// let ids = PassthroughSubject<Int, Never>()
  /// let token = ids.flatMap { id in Just(id * 10) }.sink { print($0) }
  /// ids.send(1)   // prints "10"
  /// ```
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms each upstream value into a publisher and republishes the values
  /// of all of them, as `Publisher.flatMap(maxPublishers:_:)` describes.
  ///
  /// ```swift
  /// let ids = PassthroughSubject<Int, Never>()
  /// let token = ids.flatMap(maxPublishers: .max(1)) { id in Just("user \(id)") }.sink { print($0) }
  /// ids.send(1)   // prints "user 1"
  /// ```
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    /// The values of the publishers the transform returns.
    public typealias Output = NewPublisher.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// How many inner publishers may run at once.
    public let maxPublishers: Subscribers.Demand
    /// Makes the inner publisher for a value.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates a flat map of `upstream`.
    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = MergingStorage(
        MergeStateMachine(maxPublishers: maxPublishers), downstream: subscriber, description: "FlatMap")
      storage.start()
      if maxPublishers == .none {
        upstream.subscribe(DemandlessOuter(outer: storage.outerSide(transform)))
      } else {
        upstream.subscribe(storage.outerSide(transform))
      }
    }
  }
}

extension Publishers.FlatMap {
  /// Stands in for the outer side when `maxPublishers` is `.none`: no inner publisher may ever run,
  /// so the upstream is never asked for a value (`request(.none)` is a programming error), any value
  /// it sends unasked is dropped, and its completion is passed on.
  private struct DemandlessOuter<Outer: Subscriber>: Subscriber, CustomStringConvertible
  where Outer.Input == Upstream.Output, Outer.Failure == Upstream.Failure {
    let outer: Outer
    var combineIdentifier: CombineIdentifier { outer.combineIdentifier }
    var description: String { "FlatMap" }
    func receive(subscription: any Subscription) { outer.receive(subscription: PositiveDemandOnly(subscription)) }
    func receive(_ input: Upstream.Output) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Upstream.Failure>) { outer.receive(completion: completion) }
  }

  /// Passes on cancels, and requests only for a positive demand.
  private final class PositiveDemandOnly: Subscription, CustomStringConvertible {
    private let liveObject = LiveObjectToken("FlatMap.PositiveDemandOnly")
    let base: any Subscription
    init(_ base: any Subscription) { self.base = base }
    var description: String { "FlatMap" }
    func request(_ demand: Subscribers.Demand) {
      if demand > 0 { base.request(demand) }
    }
    func cancel() { base.cancel() }
  }
}
