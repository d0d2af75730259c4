extension Publisher {
  /// Transforms every value with a closure that may throw, and publishes the results that are not
  /// `nil`; a thrown error cancels the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let token = [1, 0, -1].publisher
  ///   .tryCompactMap { value -> Int? in
  ///     guard value >= 0 else { throw Negative() }
  ///     return value == 0 ? nil : value
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "failure(Negative())"
  /// ```
  ///
  /// - Parameter transform: A closure that returns a value, `nil` to drop it, or throws.
  /// - Returns: A publisher of the non-`nil` results whose failure is `any Error`.
  public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
    Publishers.TryCompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that republishes the non-`nil` results of a throwing closure, failing with the
  /// thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryCompactMap(upstream: ["1", "x"].publisher) { Int($0) }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "finished"
  /// ```
  public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
    /// Fails with any error: a throwing closure can end it, as well as the upstream.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream

    /// The closure that transforms each value, returns `nil` to drop it, or throws.
    public let transform: (Upstream.Output) throws -> Output?

    /// Creates a publisher that republishes the non-`nil` results of `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }

    /// Fuses two throwing compact maps into one.
    ///
    /// ```swift
    /// let token = ["1", "x"].publisher.tryCompactMap { Int($0) }.tryCompactMap { $0 * 10 }
    ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // prints "10"
    /// ```
    public func tryCompactMap<T>(
      _ transform: @escaping (Output) throws -> T?
    ) -> Publishers.TryCompactMap<Upstream, T> {
      let first = self.transform
      return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
  }
}

extension Publishers.TryCompactMap {
  private final class Inner<Downstream: Subscriber>:
    TryTransformingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let liveObject = LiveObjectToken("TryCompactMap.Inner")
    private let transform: (Upstream.Output) throws -> Output?

    init(downstream: Downstream, transform: @escaping (Upstream.Output) throws -> Output?) {
      self.transform = transform
      super.init(downstream: downstream)
    }

    override func output(for input: Upstream.Output) throws -> Output? {
      try transform(input)
    }

    override var description: String { "TryCompactMap" }
  }
}
