extension Publisher {
  /// Replaces a failed upstream with the publisher an error-throwing `handler` makes from the
  /// error; if `handler` throws, the stream fails with what it threw.
  ///
  /// ```swift
  /// struct Fatal: Error {}
  /// let primary = PassthroughSubject<Int, any Error>()
  /// let token = primary
  ///   .tryCatch { error -> PassthroughSubject<Int, any Error> in throw Fatal() }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// primary.send(completion: .failure(CancellationError()))   // prints "failure(Fatal())"
  /// ```
  ///
  /// Demand the subscriber requested and the failed upstream did not satisfy carries over to the
  /// new publisher.
  ///
  /// - Parameter handler: Makes the publisher to continue with, or throws to fail the stream.
  /// - Returns: A publisher that continues with `handler`'s publisher when the upstream fails.
  public func tryCatch<P: Publisher>(
    _ handler: @escaping (Failure) throws -> P
  ) -> Publishers.TryCatch<Self, P> where P.Output == Output {
    Publishers.TryCatch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that replaces a failed upstream with another publisher made by an error-throwing
  /// handler; a thrown error ends the stream with a failure.
  ///
  /// ```swift
  /// let primary = PassthroughSubject<Int, any Error>()
  /// let fallback = PassthroughSubject<Int, any Error>()
  /// let token = Publishers.TryCatch(upstream: primary, handler: { _ in fallback })
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// primary.send(completion: .failure(CancellationError()))
  /// fallback.send(2)   // prints "2"
  /// ```
  public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher that may fail.
    public let upstream: Upstream
    /// Makes the publisher to continue with from the upstream's error, or throws.
    public let handler: (Upstream.Failure) throws -> NewPublisher

    /// Creates a publisher that continues with `handler`'s publisher when `upstream` fails.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = self.handler
      typealias Inner = Publishers.Catch<Upstream, NewPublisher>.Inner<S>
      let inner = Inner(
        downstream: subscriber,
        name: "TryCatch",
        handler: { error in Result { try handler(error) } },
        mapFailure: { $0 }
      )
      upstream.subscribe(Inner.UpstreamSubscriber(inner: inner))
    }
  }
}
