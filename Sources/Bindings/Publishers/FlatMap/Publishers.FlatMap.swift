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
  ///   - maxPublishers: How many inner publishers may run at once; `.unlimited` by default.
  ///   - transform: Makes the inner publisher for a value.
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
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    public typealias Output = NewPublisher.Output
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
      precondition(maxPublishers > 0, "flatMap's maxPublishers must be positive")
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = MergingStorage(
        MergeStateMachine(maxPublishers: maxPublishers), downstream: subscriber, description: "FlatMap")
      storage.start()
      upstream.subscribe(storage.outerSide(transform))
    }
  }
}
