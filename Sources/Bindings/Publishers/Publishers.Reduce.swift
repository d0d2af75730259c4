extension Publisher {
  /// Combines all values with an accumulating closure and publishes the final result when the
  /// upstream finishes.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .reduce(0) { $0 + $1 }
  ///   .sink { print($0) }
  /// // prints "6"
  /// ```
  ///
  /// It requests `.unlimited` from the upstream, and delivers the result once the downstream has
  /// requested a value.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulated value before the first upstream value.
  ///   - nextPartialResult: Combines the accumulated value with the next upstream value.
  /// - Returns: A publisher of the one final accumulated value.
  public func reduce<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Reduce<Self, T> {
    Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that combines all upstream values into one result, published when the upstream
  /// finishes.
  ///
  /// ```swift
  /// let token = Publishers.Reduce(upstream: [1, 2].publisher, initial: 10) { $0 + $1 }
  ///   .sink { print($0) }
  /// // prints "13"
  /// ```
  public struct Reduce<Upstream: Publisher, Output>: Publisher {
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are combined.
    public let upstream: Upstream

    /// The accumulated value before the first upstream value.
    public let initial: Output

    /// Combines the accumulated value with the next upstream value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher that combines the values of `upstream`, starting from `initial`.
    public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let nextPartialResult = self.nextPartialResult
      upstream.subscribe(
        ReducingFoldInner(
          downstream: subscriber, description: "Reduce", initial: initial,
          fold: { (accumulator, value) throws(Failure) in accumulator = nextPartialResult(accumulator, value) },
          downstreamFailure: { $0 })
      )
    }
  }
}
