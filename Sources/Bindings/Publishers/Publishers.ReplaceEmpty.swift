extension Publisher {
  /// Replaces an empty stream with the given element.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.replaceEmpty(with: 0)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(completion: .finished)   // prints "0", then "finished"
  /// ```
  ///
  /// If the upstream emits anything, or fails, everything is republished unchanged. Demand is
  /// forwarded as is; the replacement is delivered as soon as the subscriber has asked for anything.
  ///
  /// - Parameter output: The element to publish if the upstream finishes without emitting.
  /// - Returns: A publisher that replaces an empty stream with `output`.
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that replaces an empty stream with a given element.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<String, Never>()
  /// let token = Publishers.ReplaceEmpty(upstream: subject, output: "none").sink { print($0) }
  /// subject.send(completion: .finished)   // prints "none"
  /// ```
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The element to publish if the upstream finishes without emitting.
    public let output: Upstream.Output
    /// The publisher whose emptiness is replaced.
    public let upstream: Upstream

    /// Creates a publisher that replaces an empty `upstream` with `output`.
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

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceEmpty {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("ReplaceEmpty.Inner")
    typealias Input = Output

    private let upstream = SequencingUpstreamLink(retaining: ())
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    private let output: Output
    /// Touched only by upstream deliveries, which never overlap.
    private var isEmpty = true

    init(downstream: Downstream, output: Output) {
      self.downstream = downstream
      self.output = output
    }

    var description: String { "ReplaceEmpty" }

    func receive(subscription: any Subscription) {
      guard upstream.attach(subscription) else { return }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard upstream.admitValue() else { return .none }
      isEmpty = false
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard case .finished = completion, isEmpty else {
        guard upstream.end() else { return }
        downstream.receive(completion: completion)
        downstreamSubscription.detach()
        return
      }
      // Nothing was delivered, so any demand the subscriber ever expressed is still outstanding.
      if upstream.endAwaitingDemand() { deliverReplacement() }
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
