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
    public typealias Output = Upstream.Output
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, areInIncreasingOrder: areInIncreasingOrder))
    }
  }
}

extension Publishers.Comparison {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool
    private var largest: Upstream.Output?

    init(downstream: Downstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.areInIncreasingOrder = areInIncreasingOrder
      super.init(downstream: downstream)
    }

    override func reduce(_ input: Upstream.Output) -> Step {
      if let largest, !areInIncreasingOrder(largest, input) { return .continue }
      largest = input
      return .continue
    }

    override var result: Upstream.Output? { largest }

    override func downstreamFailure(_ failure: Upstream.Failure) -> Upstream.Failure { failure }

    override var description: String { "Comparison" }
  }
}
