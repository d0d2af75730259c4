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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, initial: initial, next: nextPartialResult))
    }
  }
}

extension Publishers.Reduce {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let next: (Output, Upstream.Output) -> Output
    private var accumulator: Output

    init(downstream: Downstream, initial: Output, next: @escaping (Output, Upstream.Output) -> Output) {
      self.next = next
      self.accumulator = initial
      super.init(downstream: downstream)
    }

    override func reduce(_ input: Upstream.Output) -> Step {
      accumulator = next(accumulator, input)
      return .continue
    }

    override var result: Output? { accumulator }

    override func downstreamFailure(_ failure: Upstream.Failure) -> Upstream.Failure { failure }

    override var description: String { "Reduce" }
  }
}
