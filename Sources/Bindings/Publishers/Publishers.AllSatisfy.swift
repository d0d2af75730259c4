extension Publisher {
  /// Publishes `true` if every upstream value satisfies the predicate, when the upstream finishes;
  /// publishes `false` as soon as one does not.
  ///
  /// ```swift
  /// let token = [2, 4, 6].publisher
  ///   .allSatisfy { $0.isMultiple(of: 2) }
  ///   .sink { print($0) }
  /// // prints "true"
  /// ```
  ///
  /// On the first value that fails the predicate it cancels the upstream.
  ///
  /// - Parameter predicate: Returns `true` for a value that satisfies the condition.
  /// - Returns: A publisher of one `Bool`.
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes whether every upstream value satisfies a predicate.
  ///
  /// ```swift
  /// let token = Publishers.AllSatisfy(upstream: [1, 2].publisher) { $0 > 1 }.sink { print($0) }
  /// // prints "false"
  /// ```
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are checked.
    public let upstream: Upstream

    /// Returns `true` for a value that satisfies the condition.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that checks every value of `upstream` with `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.AllSatisfy {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Bool, Downstream.Failure == Upstream.Failure {
    private let predicate: (Upstream.Output) -> Bool
    private var satisfied = true

    init(downstream: Downstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream)
    }

    override func reduce(_ input: Upstream.Output) -> Step {
      guard !predicate(input) else { return .continue }
      satisfied = false
      return .finish
    }

    override var result: Bool? { satisfied }

    override func downstreamFailure(_ failure: Upstream.Failure) -> Upstream.Failure { failure }

    override var description: String { "AllSatisfy" }
  }
}
