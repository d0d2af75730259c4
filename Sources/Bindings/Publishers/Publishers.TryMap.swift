extension Publisher {
  /// Transforms every value with a closure that may throw; a thrown error cancels the upstream and
  /// fails the publisher with that error.
  ///
  /// ```swift
  /// struct TooBig: Error {}
  /// let token = [1, 2, 3].publisher
  ///   .tryMap { value -> Int in
  ///     guard value < 3 else { throw TooBig() }
  ///     return value * 10
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "10", "20", "failure(TooBig())"
  /// ```
  ///
  /// - Parameter transform: A closure that takes one value and returns a new one, or throws.
  /// - Returns: A publisher of the transformed values whose failure is `any Error`.
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms every value with a throwing closure, failing with the thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryMap(upstream: [1, 2].publisher) { $0 * 2 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "2", "4", "finished"
  /// ```
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The closure that transforms each value, or throws.
    public let transform: (Upstream.Output) throws -> Output

    /// Creates a publisher that transforms every value of `upstream` with `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }

    /// Fuses a throwing map and a map into one `TryMap`.
    ///
    /// ```swift
    /// let token = [1].publisher.tryMap { $0 + 1 }.map { $0 * 10 }
    ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // prints "20"
    /// ```
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// Fuses two throwing maps into one `TryMap`.
    ///
    /// ```swift
    /// let token = [1].publisher.tryMap { $0 + 1 }.tryMap { $0 * 10 }
    ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // prints "20"
    /// ```
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
  }
}

extension Publishers.TryMap {
  private final class Inner<Downstream: Subscriber>:
    TryTransformingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let liveObject = LiveObjectToken("TryMap.Inner")
    private let transform: (Upstream.Output) throws -> Output

    init(downstream: Downstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.transform = transform
      super.init(downstream: downstream)
    }

    override func output(for input: Upstream.Output) throws -> Output? {
      try transform(input)
    }

    override var description: String { "TryMap" }
  }
}
