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
    public typealias Output = Int
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are counted.
    public let upstream: Upstream

    /// Creates a publisher that counts the values of `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}

extension Publishers.Count {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Int, Downstream.Failure == Upstream.Failure {
    private var count = 0

    override func reduce(_ input: Upstream.Output) -> Step {
      count += 1
      return .continue
    }

    override var result: Int? { count }

    override func downstreamFailure(_ failure: Upstream.Failure) -> Upstream.Failure { failure }

    override var description: String { "Count" }
  }
}
