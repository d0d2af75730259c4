extension Publisher where Output: Equatable {
  /// Publishes only the values that differ from the previous value.
  ///
  /// ```swift
  /// let token = [1, 1, 2, 2, 1].publisher
  ///   .removeDuplicates()
  ///   .sink { print($0) }
  /// // prints "1", "2", "1"
  /// ```
  ///
  /// - Returns: A publisher that drops consecutive equal values.
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher {
  /// Publishes only the values that the predicate says differ from the previous value.
  ///
  /// ```swift
  /// let token = ["a", "A", "b"].publisher
  ///   .removeDuplicates { $0.lowercased() == $1.lowercased() }
  ///   .sink { print($0) }
  /// // prints "a", "b"
  /// ```
  ///
  /// A dropped value asks the upstream for one more, so the downstream's demand is still met.
  ///
  /// - Parameter predicate: Returns `true` when the second value duplicates the first (previous) one.
  /// - Returns: A publisher that drops consecutive duplicates.
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes only the values that differ from the previous one.
  ///
  /// ```swift
  /// let token = Publishers.RemoveDuplicates(upstream: [1, 1, 2].publisher, predicate: ==)
  ///   .sink { print($0) }
  /// // prints "1", "2"
  /// ```
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are removed.
    public let upstream: Upstream

    /// Returns `true` when the second value duplicates the first.
    public let predicate: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher that drops the values of `upstream` that `predicate` says duplicate the
    /// previous one.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.RemoveDuplicates {
  /// Hands the upstream subscription straight to the downstream. `previous` needs no lock: only
  /// `receive(_:)` touches it, and the upstream never overlaps those calls.
  private final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let predicate: (Upstream.Output, Upstream.Output) -> Bool
    private var previous: Upstream.Output?

    init(downstream: Downstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.downstream = downstream
      self.predicate = predicate
    }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      if let previous, predicate(previous, input) { return .max(1) }
      previous = input
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }

    var description: String { "RemoveDuplicates" }
  }
}
