extension Publisher {
  /// Publishes only the values that a throwing predicate says differ from the previous value; a
  /// thrown error cancels the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// struct Incomparable: Error {}
  /// let token = [1, 1, 2, -1].publisher
  ///   .tryRemoveDuplicates { previous, next in
  ///     guard next >= 0 else { throw Incomparable() }
  ///     return previous == next
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "2", "failure(Incomparable())"
  /// ```
  ///
  /// - Parameter predicate: Returns `true` when the second value duplicates the first, or throws.
  /// - Returns: A publisher that drops consecutive duplicates, whose failure is `any Error`.
  public func tryRemoveDuplicates(
    by predicate: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryRemoveDuplicates<Self> {
    Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops values a throwing predicate says duplicate the previous one, failing
  /// with the thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryRemoveDuplicates(upstream: [1, 1, 2].publisher, predicate: ==)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "2", "finished"
  /// ```
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose duplicates are removed.
    public let upstream: Upstream

    /// Returns `true` when the second value duplicates the first, or throws.
    public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher that drops the values of `upstream` that `predicate` says duplicate the
    /// previous one.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.TryRemoveDuplicates {
  private final class Inner<Downstream: Subscriber>:
    TryTransformingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == any Error {
    private let liveObject = LiveObjectToken("TryRemoveDuplicates.Inner")
    private let predicate: (Upstream.Output, Upstream.Output) throws -> Bool
    /// Touched only by `output(for:)`, which the upstream never calls concurrently.
    private var previous: Upstream.Output?

    init(downstream: Downstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream)
    }

    override func output(for input: Upstream.Output) throws -> Upstream.Output? {
      if let previous, try predicate(previous, input) { return nil }
      previous = input
      return input
    }

    override var description: String { "TryRemoveDuplicates" }
  }
}
