extension Publisher {
  /// Ignores every value and republishes only the completion.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .ignoreOutput()
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // prints "finished"
  /// ```
  ///
  /// It requests `.unlimited` from the upstream; the completion needs no demand.
  ///
  /// - Returns: A publisher of no values that finishes or fails as the upstream does.
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// A publisher that ignores every upstream value and republishes only the completion.
  ///
  /// ```swift
  /// let token = Publishers.IgnoreOutput(upstream: [1].publisher)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // prints "finished"
  /// ```
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    /// This publisher never publishes a value, only a completion.
    public typealias Output = Never
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are ignored.
    public let upstream: Upstream

    /// Creates a publisher that republishes only the completion of `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

extension Publishers.IgnoreOutput {
  /// Hands the upstream subscription straight to the downstream, whose requests then change
  /// nothing: the upstream already has unlimited demand.
  private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Never, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let downstream: Downstream
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
      subscription.request(.unlimited)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      .none
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }

    var description: String { "IgnoreOutput" }
  }
}
