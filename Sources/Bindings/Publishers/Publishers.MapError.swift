extension Publisher {
  /// Converts the upstream publisher's failure into a new error.
  ///
  /// ```swift
  /// struct Wrapped: Error { let underlying: any Error }
  /// let token = Fail<Int, URLError>(error: URLError(.badURL))
  ///   .mapError { Wrapped(underlying: $0) }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // prints "failure(Wrapped(underlying: ...))"
  /// ```
  ///
  /// - Parameter transform: Converts the upstream failure.
  /// - Returns: A publisher with the same values, failing with the converted error.
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform)
  }
}

extension Publishers {
  /// A publisher that converts its upstream's failure into a new error.
  ///
  /// ```swift
  /// let token = Publishers.MapError(upstream: Fail<Int, URLError>(error: URLError(.badURL))) { _ in MyError() }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // prints "failure(MyError())"
  /// ```
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output

    /// The publisher whose failure is converted.
    public let upstream: Upstream

    /// Converts the upstream failure.
    public let transform: (Upstream.Failure) -> Failure

    /// Creates a publisher that converts the failure of `upstream` with `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Creates a publisher that converts the failure of `upstream` with `map`.
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.init(upstream: upstream, transform: map)
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers.MapError {
  private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output

    let downstream: Downstream
    let transform: (Upstream.Failure) -> Failure
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion.mapError(transform))
    }

    var description: String { "MapError" }
  }
}
