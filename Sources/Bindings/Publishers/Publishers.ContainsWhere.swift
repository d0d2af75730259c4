extension Publisher {
  /// Publishes `true` as soon as the upstream publishes a value that satisfies the predicate, or
  /// `false` if it finishes without one.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .contains { $0 > 2 }
  ///   .sink { print($0) }
  /// // prints "true"
  /// ```
  ///
  /// On a match it cancels the upstream.
  ///
  /// - Parameter predicate: Returns `true` for the value being looked for.
  /// - Returns: A publisher of one `Bool`.
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes `true` when its upstream publishes a value satisfying a predicate,
  /// or `false` if the upstream finishes without one.
  ///
  /// ```swift
  /// let token = Publishers.ContainsWhere(upstream: [1, 2].publisher) { $0 > 5 }.sink { print($0) }
  /// // prints "false"
  /// ```
  public struct ContainsWhere<Upstream: Publisher>: Publisher {
    /// One Boolean: `true` as soon as a value satisfies the predicate, `false` if the upstream finishes first.
    public typealias Output = Bool
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// Returns `true` for the value being looked for.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that looks for a value of `upstream` satisfying `predicate`.
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
          downstream: subscriber, description: "ContainsWhere",
          stopsWhen: { (value) throws(Failure) in predicate(value) }, is: true, downstreamFailure: { $0 })
      )
    }
  }
}
