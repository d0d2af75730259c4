extension Publisher {
  /// Publishes every intermediate result of an accumulating closure that may throw; a thrown error
  /// cancels the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// struct Overflow: Error {}
  /// let token = [1, 2, 3].publisher
  ///   .tryScan(0) { sum, value in
  ///     guard sum + value < 5 else { throw Overflow() }
  ///     return sum + value
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "3", "failure(Overflow())"
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulated value before the first upstream value.
  ///   - nextPartialResult: Combines the accumulated value with the next upstream value, or throws.
  /// - Returns: A publisher of the accumulated values whose failure is `any Error`.
  public func tryScan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that publishes every intermediate result of a throwing accumulating closure,
  /// failing with the thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryScan(upstream: [1, 2].publisher, initialResult: 0) { $0 + $1 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "3", "finished"
  /// ```
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are accumulated.
    public let upstream: Upstream

    /// The accumulated value before the first upstream value.
    public let initialResult: Output

    /// Combines the accumulated value with the next upstream value, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher that accumulates the values of `upstream`, starting from `initialResult`.
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, initialResult: initialResult, next: nextPartialResult))
    }
  }
}

extension Publishers.TryScan {
  private final class Inner<Downstream: Subscriber>:
    TryTransformingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let liveObject = LiveObjectToken("TryScan.Inner")
    private let next: (Output, Upstream.Output) throws -> Output
    /// Touched only by `output(for:)`, which the upstream never calls concurrently.
    private var result: Output

    init(downstream: Downstream, initialResult: Output, next: @escaping (Output, Upstream.Output) throws -> Output) {
      self.next = next
      self.result = initialResult
      super.init(downstream: downstream)
    }

    override func output(for input: Upstream.Output) throws -> Output? {
      result = try next(result, input)
      return result
    }

    override var description: String { "TryScan" }
  }
}
