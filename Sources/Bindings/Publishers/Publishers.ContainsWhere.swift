extension Publisher {
  /// Publishes `true` as soon as the upstream publishes a value that satisfies the predicate, or
  /// `false` if it finishes without one.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .contains { $0 > 2 }
  ///   .sink { print($0) }
  /// // prints "true"
  /// ```
  ///
  /// On a match it cancels the upstream.
  ///
  /// - Parameter predicate: Returns `true` for the value being looked for.
  /// - Returns: A publisher of one `Bool`.
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes `true` when its upstream publishes a value satisfying a predicate,
  /// or `false` if the upstream finishes without one.
  ///
  /// ```swift
  /// let token = Publishers.ContainsWhere(upstream: [1, 2].publisher) { $0 > 5 }.sink { print($0) }
  /// // prints "false"
  /// ```
  public struct ContainsWhere<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// Returns `true` for the value being looked for.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that looks for a value of `upstream` satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.ContainsWhere {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Bool, Downstream.Failure == Upstream.Failure {
    private let predicate: (Upstream.Output) -> Bool
    private var found = false

    init(downstream: Downstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream)
    }

    override func reduce(_ input: Upstream.Output) -> Step {
      guard predicate(input) else { return .continue }
      found = true
      return .finish
    }

    override var result: Bool? { found }

    override func downstreamFailure(_ failure: Upstream.Failure) -> Upstream.Failure { failure }

    override var description: String { "ContainsWhere" }
  }
}
