extension Publisher {
  /// Publishes `true` if every upstream value satisfies the predicate, when the upstream finishes;
  /// publishes `false` as soon as one does not.
  ///
  /// ```swift
  /// let token = [2, 4, 6].publisher
  ///   .allSatisfy { $0.isMultiple(of: 2) }
  ///   .sink { print($0) }
  /// // prints "true"
  /// ```
  ///
  /// On the first value that fails the predicate it cancels the upstream.
  ///
  /// - Parameter predicate: Returns `true` for a value that satisfies the condition.
  /// - Returns: A publisher of one `Bool`.
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes whether every upstream value satisfies a predicate.
  ///
  /// ```swift
  /// let token = Publishers.AllSatisfy(upstream: [1, 2].publisher) { $0 > 1 }.sink { print($0) }
  /// // prints "false"
  /// ```
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    /// One Boolean: `false` as soon as a value fails the predicate, `true` if the upstream finishes first.
    public typealias Output = Bool
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are checked.
    public let upstream: Upstream

    /// Returns `true` for a value that satisfies the condition.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that checks every value of `upstream` with `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
      upstream.subscribe(
        ReducingSearchInner(
          downstream: subscriber, description: "AllSatisfy", stopsWhen: { (value) throws(Failure) in predicate(value) },
          is: false, downstreamFailure: { $0 })
      )
    }
  }
}
