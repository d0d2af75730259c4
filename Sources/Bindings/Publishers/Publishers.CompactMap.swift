extension Publisher {
  /// Transforms every value with a closure and publishes only the results that are not `nil`.
  ///
  /// ```swift
  /// let token = ["1", "two", "3"].publisher
  ///   .compactMap { Int($0) }
  ///   .sink { print($0) }
  /// // prints "1", "3"
  /// ```
  ///
  /// A dropped value asks the upstream for one more, so the downstream's demand is still met.
  ///
  /// - Parameter transform: A closure that returns a value, or `nil` to drop it.
  /// - Returns: A publisher of the non-`nil` results.
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms every value and republishes the results that are not `nil`.
  ///
  /// ```swift
  /// let token = Publishers.CompactMap(upstream: [1, 2, 3].publisher) { $0 == 2 ? nil : $0 }
  ///   .sink { print($0) }
  /// // prints "1", "3"
  /// ```
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The closure that transforms each value, or returns `nil` to drop it.
    public let transform: (Upstream.Output) -> Output?

    /// Creates a publisher that republishes the non-`nil` results of `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }

    /// Fuses two compact maps into one.
    ///
    /// ```swift
    /// let token = ["1", "x"].publisher.compactMap { Int($0) }.compactMap { $0 > 0 ? $0 : nil }
    ///   .sink { print($0) }
    /// // prints "1"
    /// ```
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
      let first = self.transform
      return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    /// Fuses a compact map and a map into one compact map.
    ///
    /// ```swift
    /// let token = ["1", "x"].publisher.compactMap { Int($0) }.map { $0 * 10 }.sink { print($0) }
    /// // prints "10"
    /// ```
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
      let first = self.transform
      return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
  }
}

extension Publishers.CompactMap {
  private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let downstream: Downstream
    let transform: (Upstream.Output) -> Output?
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      guard let output = transform(input) else { return .max(1) }
      return downstream.receive(output)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }

    var description: String { "CompactMap" }
  }
}
