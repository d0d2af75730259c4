extension Publisher {
  /// Publishes every intermediate result of combining the values with an accumulating closure.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .scan(0) { $0 + $1 }
  ///   .sink { print($0) }
  /// // prints "1", "3", "6"
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulated value before the first upstream value.
  ///   - nextPartialResult: Combines the accumulated value with the next upstream value.
  /// - Returns: A publisher of the accumulated values.
  public func scan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that publishes every intermediate result of an accumulating closure.
  ///
  /// ```swift
  /// let token = Publishers.Scan(upstream: [1, 2].publisher, initialResult: 10) { $0 + $1 }
  ///   .sink { print($0) }
  /// // prints "11", "13"
  /// ```
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are accumulated.
    public let upstream: Upstream

    /// The accumulated value before the first upstream value.
    public let initialResult: Output

    /// Combines the accumulated value with the next upstream value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher that accumulates the values of `upstream`, starting from `initialResult`.
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, initialResult: initialResult, next: nextPartialResult))
    }
  }
}

extension Publishers.Scan {
  /// Hands the upstream subscription straight to the downstream. `result` needs no lock: only
  /// `receive(_:)` touches it, and the upstream never overlaps those calls.
  private final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let liveObject = LiveObjectToken("Scan.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let next: (Output, Upstream.Output) -> Output
    private var result: Output

    init(downstream: Downstream, initialResult: Output, next: @escaping (Output, Upstream.Output) -> Output) {
      self.downstream = downstream
      self.result = initialResult
      self.next = next
    }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      result = next(result, input)
      return downstream.receive(result)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }

    var description: String { "Scan" }
  }
}
