extension Publisher {
  /// Republishes elements while an error-throwing `predicate` holds, and finishes at the first
  /// element for which it returns `false`.
  ///
  /// If `predicate` throws, the upstream is cancelled and the stream fails with the error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject
  ///   .tryPrefix(while: { value in
  ///     if value < 0 { throw Negative() }
  ///     return value < 3
  ///   })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)    // prints "1"
  /// subject.send(-1)   // prints "failure(Negative())"
  /// ```
  ///
  /// - Parameter predicate: Whether to keep going; the element it rejects is not republished.
  /// - Returns: A publisher that republishes elements while `predicate` holds, failing if it throws.
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
    Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that republishes elements while an error-throwing predicate holds, then finishes;
  /// a thrown error ends the stream with a failure.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.TryPrefixWhile(upstream: subject, predicate: { $0 < 3 })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)   // prints "1"
  /// subject.send(5)   // prints "finished"
  /// ```
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose leading elements are republished.
    public let upstream: Upstream
    /// Whether to keep republishing; throwing ends the stream.
    public let predicate: (Output) throws -> Bool

    /// Creates a publisher that republishes elements of `upstream` while `predicate` holds.
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
        Publishers.PrefixWhile<Upstream>.Inner(
          downstream: subscriber,
          name: "TryPrefixWhile",
          predicate: { value in Result { try predicate(value) } },
          mapFailure: { $0 }
        ))
    }
  }
}
