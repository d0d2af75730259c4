extension Publisher {
  /// Republishes only the values that satisfy a predicate that may throw; a thrown error cancels
  /// the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// struct Zero: Error {}
  /// let token = [1, 2, 0, 3].publisher
  ///   .tryFilter { value in
  ///     guard value != 0 else { throw Zero() }
  ///     return value.isMultiple(of: 2)
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "2", "failure(Zero())"
  /// ```
  ///
  /// - Parameter isIncluded: A closure that returns `true` to republish a value, or throws.
  /// - Returns: A publisher of the values that satisfy `isIncluded`, whose failure is `any Error`.
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that republishes the values satisfying a throwing predicate, failing with the
  /// thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryFilter(upstream: [1, 2, 3].publisher) { $0 != 2 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "3", "finished"
  /// ```
  public struct TryFilter<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are filtered.
    public let upstream: Upstream

    /// The predicate a value must satisfy to be republished; it may throw.
    public let isIncluded: (Upstream.Output) throws -> Bool

    /// Creates a publisher that republishes the values of `upstream` that satisfy `isIncluded`.
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
    }

    /// Fuses a throwing filter and a filter into one `TryFilter`.
    ///
    /// ```swift
    /// let token = [1, 2, 3].publisher.tryFilter { $0 > 1 }.filter { $0 < 3 }
    ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // prints "2"
    /// ```
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
      let first = self.isIncluded
      return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// Fuses two throwing filters into one `TryFilter`.
    ///
    /// ```swift
    /// let token = [1, 2, 3].publisher.tryFilter { $0 > 1 }.tryFilter { $0 < 3 }
    ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // prints "2"
    /// ```
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
      let first = self.isIncluded
      return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
  }
}

extension Publishers.TryFilter {
  private final class Inner<Downstream: Subscriber>:
    TryTransformingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == any Error {
    private let liveObject = LiveObjectToken("TryFilter.Inner")
    private let isIncluded: (Upstream.Output) throws -> Bool

    init(downstream: Downstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
      self.isIncluded = isIncluded
      super.init(downstream: downstream)
    }

    override func output(for input: Upstream.Output) throws -> Upstream.Output? {
      try isIncluded(input) ? input : nil
    }

    override var description: String { "TryFilter" }
  }
}
