extension Publisher {
  /// Republishes only the values that satisfy a predicate.
  ///
  /// ```swift
  /// let token = [1, 2, 3, 4].publisher
  ///   .filter { $0.isMultiple(of: 2) }
  ///   .sink { print($0) }
  /// // prints "2", "4"
  /// ```
  ///
  /// A dropped value asks the upstream for one more, so the downstream's demand is still met.
  ///
  /// - Parameter isIncluded: A closure that returns `true` to republish a value.
  /// - Returns: A publisher of the values that satisfy `isIncluded`.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that republishes only the values that satisfy a predicate.
  ///
  /// ```swift
  /// let token = Publishers.Filter(upstream: [1, 2, 3].publisher) { $0 != 2 }
  ///   .sink { print($0) }
  /// // prints "1", "3"
  /// ```
  ///
  /// The upstream subscription is handed straight to the downstream subscriber; a dropped value
  /// returns `.max(1)` to the upstream instead, so no lock is taken per value.
  public struct Filter<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream

    /// The predicate a value must satisfy to be republished.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates a publisher that republishes the values of `upstream` that satisfy `isIncluded`.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
    }

    /// Fuses two filters into one that requires both predicates.
    ///
    /// ```swift
    /// let token = [1, 2, 3, 4].publisher.filter { $0 > 1 }.filter { $0 < 4 }.sink { print($0) }
    /// // prints "2", "3"
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
      let first = self.isIncluded
      return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    /// Fuses a filter and a throwing filter into one ``Publishers/TryFilter``.
    ///
    /// ```swift
    /// let token = [1, 2, 3].publisher.filter { $0 > 1 }.tryFilter { $0 < 3 }
    ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // prints "2"
    /// ```
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
      let first = self.isIncluded
      return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
  }
}

extension Publishers.Filter {
  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let isIncluded: (Upstream.Output) -> Bool
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.downstream = downstream
      self.isIncluded = isIncluded
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      // A dropped value still used one unit of the upstream's demand: ask for its replacement.
      isIncluded(input) ? downstream.receive(input) : .max(1)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }

    @usableFromInline var description: String { "Filter" }
  }
}
