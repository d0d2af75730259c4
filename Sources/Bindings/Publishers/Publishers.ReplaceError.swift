extension Publisher {
  /// Replaces a failure with the given element, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, any Error>()
  /// let token = subject.replaceError(with: -1)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)                                         // prints "1"
  /// subject.send(completion: .failure(CancellationError()))  // prints "-1", then "finished"
  /// ```
  ///
  /// If the subscriber has no outstanding demand when the failure arrives, the replacement waits
  /// for its next request.
  ///
  /// - Parameter output: The element to publish in place of a failure.
  /// - Returns: A publisher that cannot fail.
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that replaces a failure with a given element, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, any Error>()
  /// let token = Publishers.ReplaceError(upstream: subject, output: 0).sink { print($0) }
  /// subject.send(completion: .failure(CancellationError()))   // prints "0"
  /// ```
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// This publisher never fails.
    public typealias Failure = Never

    /// The element to publish in place of a failure.
    public let output: Upstream.Output
    /// The publisher whose failure is replaced.
    public let upstream: Upstream

    /// Creates a publisher that replaces a failure of `upstream` with `output`.
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceError {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Never {
    private let liveObject = LiveObjectToken("ReplaceError.Inner")
    typealias Input = Output
    typealias Failure = Upstream.Failure

    private let upstream = SequencingUpstreamLink(retaining: ())
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    private let output: Output

    init(downstream: Downstream, output: Output) {
      self.downstream = downstream
      self.output = output
    }

    var description: String { "ReplaceError" }

    func receive(subscription: any Subscription) {
      guard upstream.attach(subscription) else { return }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard upstream.admitValue() else { return .none }
      let more = downstream.receive(input)
      upstream.replenish(more)
      return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished:
        guard upstream.end() else { return }
        downstream.receive(completion: .finished)
        downstreamSubscription.detach()
      case .failure:
        if upstream.endAwaitingDemand() { deliverReplacement() }
      }
    }

    func request(_ demand: Subscribers.Demand) {
      if upstream.request(demand) { deliverReplacement() }
    }

    func cancel() { upstream.cancel() }

    private func deliverReplacement() {
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
      downstreamSubscription.detach()
    }
  }
}
