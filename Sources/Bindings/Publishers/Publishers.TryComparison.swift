extension Publisher {
  /// Publishes the smallest value by an ordering that may throw, when the upstream finishes; a
  /// thrown error cancels the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// struct Incomparable: Error {}
  /// let token = [3, 1, 2].publisher
  ///   .tryMin { lhs, rhs in
  ///     guard lhs >= 0, rhs >= 0 else { throw Incomparable() }
  ///     return lhs < rhs
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "finished"
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` if its first argument orders before its
  ///   second, or throws.
  /// - Returns: A publisher of the one smallest value, whose failure is `any Error`.
  public func tryMin(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    tryMax(by: { try areInIncreasingOrder($1, $0) })
  }

  /// Publishes the largest value by an ordering that may throw, when the upstream finishes; a
  /// thrown error cancels the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// let token = [3, 1, 2].publisher
  ///   .tryMax { $0 < $1 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "3", "finished"
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` if its first argument orders before its
  ///   second, or throws.
  /// - Returns: A publisher of the one largest value, whose failure is `any Error`.
  public func tryMax(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher that publishes the largest upstream value by a throwing ordering, when the
  /// upstream finishes; it fails with a thrown error. `tryMin` is this publisher with the ordering
  /// reversed.
  ///
  /// ```swift
  /// let token = Publishers.TryComparison(upstream: [1, 3, 2].publisher, areInIncreasingOrder: <)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "3", "finished"
  /// ```
  public struct TryComparison<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are compared.
    public let upstream: Upstream

    /// Returns `true` if its first argument orders before its second, or throws.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher of the largest value of `upstream` by `areInIncreasingOrder`.
    public init(
      upstream: Upstream,
      areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      upstream.subscribe(
        ReducingExtremumInner(
          downstream: subscriber, description: "TryComparison", areInIncreasingOrder: areInIncreasingOrder,
          downstreamFailure: { $0 })
      )
    }
  }
}
