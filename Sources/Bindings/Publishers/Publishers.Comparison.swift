extension Publisher where Output: Comparable {
  /// Publishes the smallest value when the upstream finishes.
  ///
  /// ```swift
  /// let token = [3, 1, 2].publisher
  ///   .min()
  ///   .sink { print($0) }
  /// // prints "1"
  /// ```
  ///
  /// An upstream that finishes without values produces only the completion.
  ///
  /// - Returns: A publisher of the one smallest value.
  public func min() -> Publishers.Comparison<Self> {
    max(by: >)
  }

  /// Publishes the largest value when the upstream finishes.
  ///
  /// ```swift
  /// let token = [3, 1, 2].publisher
  ///   .max()
  ///   .sink { print($0) }
  /// // prints "3"
  /// ```
  ///
  /// An upstream that finishes without values produces only the completion.
  ///
  /// - Returns: A publisher of the one largest value.
  public func max() -> Publishers.Comparison<Self> {
    max(by: <)
  }
}

extension Publisher {
  /// Publishes the smallest value by the given ordering when the upstream finishes.
  ///
  /// ```swift
  /// let token = ["ccc", "a", "bb"].publisher
  ///   .min { $0.count < $1.count }
  ///   .sink { print($0) }
  /// // prints "a"
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` if its first argument orders before its second.
  /// - Returns: A publisher of the one smallest value.
  public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
    max(by: { areInIncreasingOrder($1, $0) })
  }

  /// Publishes the largest value by the given ordering when the upstream finishes.
  ///
  /// ```swift
  /// let token = ["ccc", "a", "bb"].publisher
  ///   .max { $0.count < $1.count }
  ///   .sink { print($0) }
  /// // prints "ccc"
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` if its first argument orders before its second.
  /// - Returns: A publisher of the one largest value.
  public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher that publishes the largest upstream value by an ordering, when the upstream
  /// finishes. `min` is this publisher with the ordering reversed.
  ///
  /// ```swift
  /// let token = Publishers.Comparison(upstream: [1, 3, 2].publisher, areInIncreasingOrder: <)
  ///   .sink { print($0) }
  /// // prints "3"
  /// ```
  public struct Comparison<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are compared.
    public let upstream: Upstream

    /// Returns `true` if its first argument orders before its second; the later value is kept.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher of the largest value of `upstream` by `areInIncreasingOrder`.
    public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReducingExtremumInner(
          downstream: subscriber, description: "Comparison",
          areInIncreasingOrder: { (lhs, rhs) throws(Failure) in areInIncreasingOrder(lhs, rhs) },
          downstreamFailure: { $0 })
      )
    }
  }
}
