extension Publisher {
  /// Collects every value and publishes them as one array when the upstream finishes.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .collect()
  ///   .sink { print($0) }
  /// // prints "[1, 2, 3]"
  /// ```
  ///
  /// It requests `.unlimited` from the upstream and keeps every value until it finishes; if the
  /// upstream fails, the values are discarded and the failure is republished.
  ///
  /// - Returns: A publisher of one array of all the upstream values.
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Collect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that buffers every upstream value and publishes them as one array when the
  /// upstream finishes.
  ///
  /// ```swift
  /// let token = Publishers.Collect(upstream: [1, 2].publisher).sink { print($0) }
  /// // prints "[1, 2]"
  /// ```
  public struct Collect<Upstream: Publisher>: Publisher {
    public typealias Output = [Upstream.Output]
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// Creates a publisher that collects every value of `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}

extension Publishers.Collect {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    private var buffer: [Upstream.Output] = []

    override func reduce(_ input: Upstream.Output) -> Step {
      buffer.append(input)
      return .continue
    }

    override var result: [Upstream.Output]? { buffer }

    override func downstreamFailure(_ failure: Upstream.Failure) -> Upstream.Failure { failure }

    override var description: String { "Collect" }
  }
}
