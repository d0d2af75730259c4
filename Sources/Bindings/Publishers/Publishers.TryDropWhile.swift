extension Publisher {
  /// Omits elements until an error-throwing `predicate` returns `false` for one, then republishes
  /// that element and everything after it.
  ///
  /// If `predicate` throws, the upstream is cancelled and the stream fails with the error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject
  ///   .tryDrop(while: { value in
  ///     if value < 0 { throw Negative() }
  ///     return value < 3
  ///   })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)    // dropped
  /// subject.send(-1)   // prints "failure(Negative())"
  /// ```
  ///
  /// - Parameter predicate: Whether to omit an element; not called again once it returns `false`.
  /// - Returns: A publisher that omits elements while `predicate` holds, failing if it throws.
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that omits elements while an error-throwing predicate holds, then republishes the
  /// rest; a thrown error ends the stream.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.TryDropWhile(upstream: subject, predicate: { $0 < 3 })
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// subject.send(2)   // dropped
  /// subject.send(4)   // prints "4"
  /// ```
  public struct TryDropWhile<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose leading elements are omitted.
    public let upstream: Upstream
    /// Whether to omit an element; throwing ends the stream.
    public let predicate: (Output) throws -> Bool

    /// Creates a publisher that omits elements of `upstream` while `predicate` holds.
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
        Publishers.DropWhile<Upstream>.Inner(
          downstream: subscriber,
          name: "TryDropWhile",
          predicate: { value in Result { try predicate(value) } },
          mapFailure: { $0 }
        ))
    }
  }
}
