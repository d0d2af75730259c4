extension Publisher {
  /// Publishes the number of values the upstream published, when it finishes.
  ///
  /// ```swift
  /// let token = ["a", "b", "c"].publisher
  ///   .count()
  ///   .sink { print($0) }
  /// // prints "3"
  /// ```
  ///
  /// - Returns: A publisher of one `Int`: how many values the upstream published.
  public func count() -> Publishers.Count<Self> {
    Publishers.Count(upstream: self)
  }
}

extension Publishers {
  /// A publisher that publishes the number of upstream values when the upstream finishes.
  ///
  /// ```swift
  /// let token = Publishers.Count(upstream: [7, 8].publisher).sink { print($0) }
  /// // prints "2"
  /// ```
  public struct Count<Upstream: Publisher>: Publisher {
    /// The number of values the upstream published, sent once when it finishes.
    public typealias Output = Int
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are counted.
    public let upstream: Upstream

    /// Creates a publisher that counts the values of `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
      upstream.subscribe(
        ReducingFoldInner(
          downstream: subscriber, description: "Count", initial: 0, fold: { (count, _) throws(Failure) in count += 1 },
          downstreamFailure: { $0 })
      )
    }
  }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}
