extension Publisher where Output: Equatable {
  /// Publishes `true` as soon as the upstream publishes the given value, or `false` if it finishes
  /// without doing so.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .contains(2)
  ///   .sink { print($0) }
  /// // prints "true"
  /// ```
  ///
  /// On a match it cancels the upstream. It requests `.unlimited` from the upstream, and delivers
  /// the answer once the downstream has requested a value.
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: A publisher of one `Bool`.
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that publishes `true` when its upstream publishes a given value, or `false` if the
  /// upstream finishes without publishing it.
  ///
  /// ```swift
  /// let token = Publishers.Contains(upstream: [1, 2].publisher, output: 5).sink { print($0) }
  /// // prints "false"
  /// ```
  public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
    /// One Boolean: `true` as soon as the upstream publishes the value, `false` if it finishes without it.
    public typealias Output = Bool
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// The value to look for.
    public let output: Upstream.Output

    /// Creates a publisher that looks for `output` among the values of `upstream`.
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
      let output = self.output
      upstream.subscribe(
        ReducingSearchInner(
          downstream: subscriber, description: "Contains", stopsWhen: { (value) throws(Failure) in value == output },
          is: true, downstreamFailure: { $0 })
      )
    }
  }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {}
