extension Publisher {
  /// Publishes `true` as soon as the upstream publishes a value that satisfies a predicate that may
  /// throw, or `false` if it finishes without one; a thrown error cancels the upstream and fails
  /// the publisher with that error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let token = [1, -1, 3].publisher
  ///   .tryContains { value in
  ///     guard value >= 0 else { throw Negative() }
  ///     return value > 2
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "failure(Negative())"
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for the value being looked for, or throws.
  /// - Returns: A publisher of one `Bool`, whose failure is `any Error`.
  public func tryContains(
    where predicate: @escaping (Output) throws -> Bool
  ) -> Publishers.TryContainsWhere<Self> {
    Publishers.TryContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes `true` when its upstream publishes a value satisfying a throwing
  /// predicate, or `false` if the upstream finishes without one; it fails with a thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryContainsWhere(upstream: [1, 2].publisher) { $0 == 2 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "true", "finished"
  /// ```
  public struct TryContainsWhere<Upstream: Publisher>: Publisher {
    /// One Boolean: `true` as soon as a value satisfies the predicate, `false` if the upstream finishes first.
    public typealias Output = Bool
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// Returns `true` for the value being looked for, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that looks for a value of `upstream` satisfying `predicate`.
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
          downstream: subscriber, description: "TryContainsWhere", stopsWhen: predicate, is: true,
          downstreamFailure: { $0 })
      )
    }
  }
}
