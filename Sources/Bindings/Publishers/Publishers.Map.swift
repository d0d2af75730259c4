extension Publisher {
  /// Transforms every value from the upstream publisher with a closure.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .map { $0 * 10 }
  ///   .sink { print($0) }
  /// // prints "10", "20", "30"
  /// ```
  ///
  /// - Parameter transform: A closure that takes one value and returns a new one.
  /// - Returns: A publisher of the transformed values, failing as the upstream fails.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms every value from its upstream publisher with a closure.
  ///
  /// ```swift
  /// let token = Publishers.Map(upstream: [1, 2].publisher) { "#\($0)" }
  ///   .sink { print($0) }
  /// // prints "#1", "#2"
  /// ```
  ///
  /// The upstream subscription is handed straight to the downstream subscriber, so demand and
  /// cancellation reach the upstream unchanged and no lock is taken per value.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The closure that transforms each value.
    public let transform: (Upstream.Output) -> Output

    /// Creates a publisher that transforms every value of `upstream` with `transform`.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }

    /// Fuses two maps into one, as Combine does: `map(f).map(g)` is one `Map` applying `g(f(x))`.
    ///
    /// ```swift
    /// let token = [1].publisher.map { $0 + 1 }.map { $0 * 10 }.sink { print($0) }
    /// // prints "20"
    /// ```
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
      let first = self.transform
      return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }

    /// Fuses a map and a throwing map into one ``Publishers/TryMap``.
    ///
    /// ```swift
    /// let token = [1].publisher.map { $0 + 1 }.tryMap { $0 * 10 }
    ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // prints "20"
    /// ```
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
  }
}

extension Publishers.Map {
  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Upstream.Output) -> Output
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output) {
      self.downstream = downstream
      self.transform = transform
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      downstream.receive(transform(input))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }

    @usableFromInline var description: String { "Map" }
  }
}
