extension Publisher {
  /// Combines all values with an accumulating closure that may throw, and publishes the final
  /// result when the upstream finishes; a thrown error cancels the upstream and fails the publisher.
  ///
  /// ```swift
  /// struct Overflow: Error {}
  /// let token = [1, 2, 3].publisher
  ///   .tryReduce(0) { sum, value in
  ///     guard sum + value < 5 else { throw Overflow() }
  ///     return sum + value
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "failure(Overflow())"
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulated value before the first upstream value.
  ///   - nextPartialResult: Combines the accumulated value with the next upstream value, or throws.
  /// - Returns: A publisher of the one final accumulated value, whose failure is `any Error`.
  public func tryReduce<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryReduce<Self, T> {
    Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that combines all upstream values with a throwing closure into one result,
  /// published when the upstream finishes.
  ///
  /// ```swift
  /// let token = Publishers.TryReduce(upstream: [1, 2].publisher, initial: 0) { $0 + $1 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "3", "finished"
  /// ```
  public struct TryReduce<Upstream: Publisher, Output>: Publisher {
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are combined.
    public let upstream: Upstream

    /// The accumulated value before the first upstream value.
    public let initial: Output

    /// Combines the accumulated value with the next upstream value, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher that combines the values of `upstream`, starting from `initial`.
    public init(
      upstream: Upstream,
      initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      let nextPartialResult = self.nextPartialResult
      upstream.subscribe(
        ReducingFoldInner(
          downstream: subscriber, description: "TryReduce", initial: initial,
          fold: { $0 = try nextPartialResult($0, $1) }, downstreamFailure: { $0 })
      )
    }
  }
}
