extension Publisher {
  /// Publishes whether every upstream value satisfies a predicate that may throw; a thrown error
  /// cancels the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let token = [2, -4].publisher
  ///   .tryAllSatisfy { value in
  ///     guard value >= 0 else { throw Negative() }
  ///     return value.isMultiple(of: 2)
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "failure(Negative())"
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for a value that satisfies the condition, or throws.
  /// - Returns: A publisher of one `Bool`, whose failure is `any Error`.
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes whether every upstream value satisfies a throwing predicate,
  /// failing with a thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryAllSatisfy(upstream: [1, 2].publisher) { $0 > 0 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "true", "finished"
  /// ```
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
    /// One Boolean: `false` as soon as a value fails the predicate, `true` if the upstream finishes first.
    public typealias Output = Bool
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are checked.
    public let upstream: Upstream

    /// Returns `true` for a value that satisfies the condition, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that checks every value of `upstream` with `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == any Error {
      upstream.subscribe(
        ReducingSearchInner(
          downstream: subscriber, description: "TryAllSatisfy", stopsWhen: predicate, is: false,
          downstreamFailure: { $0 })
      )
    }
  }
}
