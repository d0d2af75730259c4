extension Publisher {
  /// Publishes the first element that satisfies an error-throwing `predicate`, then finishes.
  ///
  /// If `predicate` throws, the upstream is cancelled and the stream fails with the error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject
  ///   .tryFirst(where: { value in
  ///     if value < 0 { throw Negative() }
  ///     return value > 2
  ///   })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)    // skipped
  /// subject.send(-1)   // prints "failure(Negative())"
  /// ```
  ///
  /// - Parameter predicate: Whether an element is the one to publish; throwing ends the stream.
  /// - Returns: A publisher that publishes at most the first matching element.
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
    Publishers.TryFirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes the first element satisfying an error-throwing predicate, then
  /// finishes; a thrown error ends the stream with a failure.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.TryFirstWhere(upstream: subject, predicate: { $0 > 2 })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(3)   // prints "3", then "finished"
  /// ```
  public struct TryFirstWhere<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose first matching element is published.
    public let upstream: Upstream
    /// Whether an element is the one to publish; throwing ends the stream.
    public let predicate: (Output) throws -> Bool

    /// Creates a publisher that publishes the first element of `upstream` satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribe(
        SingleElementSelection<S, Upstream.Failure>(
          downstream: subscriber,
          name: "TryFirstWhere",
          select: { value in
            do {
              return try predicate(value) ? .keepAndFinish : .skip
            } catch {
              return .fail(error)
            }
          },
          mapFailure: { $0 }
        ))
    }
  }
}
