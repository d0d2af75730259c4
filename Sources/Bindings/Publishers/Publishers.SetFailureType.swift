extension Publisher where Failure == Never {
  /// Changes the failure type of a publisher that cannot fail, so that it can be combined with
  /// publishers that can.
  ///
  /// ```swift
  /// let token = [1].publisher
  ///   .setFailureType(to: URLError.self)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "finished"
  /// ```
  ///
  /// - Parameter failureType: The failure type the publisher now declares.
  /// - Returns: A publisher with the same values that declares `failureType` but never fails.
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// A publisher that declares a failure type for an upstream that cannot fail.
  ///
  /// ```swift
  /// let token = Publishers.SetFailureType<_, URLError>(upstream: [1].publisher)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "1", "finished"
  /// ```
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output

    /// The publisher that cannot fail.
    public let upstream: Upstream

    /// Creates a publisher that republishes `upstream` under the failure type `Failure`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }

    /// Changes the declared failure type again, without a second wrapper.
    ///
    /// ```swift
    /// let publisher = [1].publisher.setFailureType(to: URLError.self).setFailureType(to: CocoaError.self)
    /// ```
    public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
      Publishers.SetFailureType(upstream: upstream)
    }
  }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

extension Publishers.SetFailureType {
  private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Never

    let downstream: Downstream
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Never>) {
      downstream.receive(completion: .finished)
    }

    var description: String { "SetFailureType" }
  }
}
