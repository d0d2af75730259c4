extension Publisher {
  /// Replaces a failed upstream with the publisher `handler` makes from the error.
  ///
  /// ```swift
  /// let primary = PassthroughSubject<Int, any Error>()
  /// let token = primary
  ///   .catch { _ in [9].publisher }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// primary.send(1)                                          // prints "1"
  /// primary.send(completion: .failure(CancellationError()))  // prints "9", then "finished"
  /// ```
  ///
  /// Demand the subscriber requested and the failed upstream did not satisfy carries over to the
  /// new publisher. The failed upstream's subscription is released before the new one is made.
  ///
  /// - Parameter handler: Makes the publisher to continue with from the upstream's error.
  /// - Returns: A publisher that continues with `handler`'s publisher when the upstream fails.
  public func `catch`<P: Publisher>(
    _ handler: @escaping (Failure) -> P
  ) -> Publishers.Catch<Self, P> where P.Output == Output {
    Publishers.Catch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that replaces a failed upstream with another publisher.
  ///
  /// ```swift
  /// let primary = PassthroughSubject<Int, any Error>()
  /// let fallback = PassthroughSubject<Int, Never>()
  /// let token = Publishers.Catch(upstream: primary, handler: { _ in fallback }).sink { print($0) }
  /// primary.send(completion: .failure(CancellationError()))
  /// fallback.send(2)   // prints "2"
  /// ```
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// The error this publisher can fail with: that of the publisher the handler returns.
    public typealias Failure = NewPublisher.Failure

    /// The publisher that may fail.
    public let upstream: Upstream
    /// Makes the publisher to continue with from the upstream's error.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// Creates a publisher that continues with `handler`'s publisher when `upstream` fails.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = self.handler
      let inner = Inner(downstream: subscriber, name: "Catch", handler: { .success(handler($0)) }, mapFailure: { $0 })
      upstream.subscribe(Inner<S>.UpstreamSubscriber(inner: inner))
    }
  }
}

extension Publishers.Catch {
  /// The subscription of `catch` and `tryCatch`: the handler's outcome arrives as a `Result`, so a
  /// thrown error takes the same path as a replacement publisher.
  final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible
  where Downstream.Input == Output {
    private let liveObject = LiveObjectToken("Catch.Inner")
    typealias Handler = (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>

    struct UpstreamSubscriber: Subscriber, CustomStringConvertible {
      typealias Input = Upstream.Output
      typealias Failure = Upstream.Failure
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.upstreamReceive(subscription: subscription) }
      func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.upstreamReceive(completion: completion) }
    }

    struct ReplacementSubscriber: Subscriber, CustomStringConvertible {
      typealias Input = NewPublisher.Output
      typealias Failure = NewPublisher.Failure
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.upstream.attachAndRequestOutstanding(subscription) }
      func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input) }
      func receive(completion: Subscribers.Completion<Failure>) {
        inner.finish(with: completion.mapError(inner.mapFailure))
      }
    }

    /// Retains the handler until it is used.
    private let upstream: SequencingUpstreamLink<Handler>
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    let description: String
    private let mapFailure: (NewPublisher.Failure) -> Downstream.Failure

    init(
      downstream: Downstream,
      name: String,
      handler: @escaping Handler,
      mapFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure
    ) {
      self.upstream = SequencingUpstreamLink(retaining: handler)
      self.downstream = downstream
      self.description = name
      self.mapFailure = mapFailure
    }

    func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

    func cancel() { upstream.cancel() }

    private func upstreamReceive(subscription: any Subscription) {
      guard upstream.attach(subscription) else { return }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
    }

    private func receive(_ input: Output) -> Subscribers.Demand {
      guard upstream.admitValue() else { return .none }
      let more = downstream.receive(input)
      upstream.replenish(more)
      return more
    }

    private func upstreamReceive(completion: Subscribers.Completion<Upstream.Failure>) {
      guard case .failure(let error) = completion else {
        finish(with: .finished)
        return
      }
      guard let handler = upstream.detachTakingRetained() else { return }
      switch handler(error) {
      case .success(let replacement):
        replacement.subscribe(ReplacementSubscriber(inner: self))
      case .failure(let error):
        finish(with: .failure(error))
      }
    }

    private func finish(with completion: Subscribers.Completion<Downstream.Failure>) {
      guard upstream.end() else { return }
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
    }
  }
}
