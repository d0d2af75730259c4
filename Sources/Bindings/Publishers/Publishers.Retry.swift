extension Publisher {
  /// Resubscribes to the upstream after a failure, up to `retries` times.
  ///
  /// ```swift
  /// var attempt = 0
  /// let flaky = Deferred { () -> AnyPublisher<String, any Error> in
  ///   attempt += 1
  ///   return attempt < 3
  ///     ? Fail(error: CancellationError()).eraseToAnyPublisher()
  ///     : Just("ok").setFailureType(to: (any Error).self).eraseToAnyPublisher()
  /// }
  /// let token = flaky.retry(2)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "ok", then "finished"
  /// ```
  ///
  /// The subscriber keeps one subscription throughout. Demand it requested and a failed attempt
  /// did not satisfy carries over to the next attempt. When no retries are left, the last failure
  /// is republished.
  ///
  /// - Parameter retries: How many times to resubscribe after a failure.
  /// - Returns: A publisher that resubscribes to the upstream on failure.
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}

extension Publishers {
  /// A publisher that resubscribes to its upstream after a failure.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, any Error>()
  /// let token = Publishers.Retry(upstream: subject, retries: 1)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)                                          // prints "1"
  /// subject.send(completion: .failure(CancellationError()))  // resubscribes: the subject has
  ///                                                          // failed, so it fails again at once
  /// // prints "failure(CancellationError())"
  /// ```
  public struct Retry<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher to resubscribe to.
    public let upstream: Upstream
    /// How many times to resubscribe after a failure; `nil` for no limit.
    public let retries: Int?

    /// Creates a publisher that resubscribes to `upstream` up to `retries` times; `nil` for no limit.
    public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, upstream: upstream, retries: retries)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publishers.Retry {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Retry.Inner")
    typealias Input = Output

    /// What the link keeps under its lock until the stream ends.
    struct Resubscription {
      let upstream: Upstream
      /// Set while a thread is inside `upstream.subscribe(self)`. A failure that arrives meanwhile
      /// (an upstream that fails during subscribe) only sets `isNeededAgain`, and that thread
      /// loops, so that a string of immediate failures does not grow the stack.
      var isUnderWay = false
      var isNeededAgain = false
    }

    private let upstream: SequencingUpstreamLink<Resubscription>
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    /// `nil` for no limit. Touched only by upstream deliveries, which never overlap.
    private var retriesLeft: Int?
    /// Touched only while subscribing, which the resubscription loop keeps to one thread at a time.
    private var downstreamHasSubscription = false

    init(downstream: Downstream, upstream: Upstream, retries: Int?) {
      self.upstream = SequencingUpstreamLink(retaining: Resubscription(upstream: upstream))
      self.downstream = downstream
      self.retriesLeft = retries
    }

    var description: String { "Retry" }

    func receive(subscription: any Subscription) {
      // Each attempt asks for what the previous ones left outstanding; the first has nothing yet.
      guard upstream.attachAndRequestOutstanding(subscription), !downstreamHasSubscription else { return }
      downstreamHasSubscription = true
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
      if case .failure = completion, retriesLeft.map({ $0 > 0 }) ?? true {
        guard upstream.detach() else { return }
        retriesLeft = retriesLeft.map { $0 - 1 }
        resubscribe()
        return
      }
      guard upstream.end() else { return }
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
    }

    /// `.none` is accepted and forwarded, as in Combine.
    func request(_ demand: Subscribers.Demand) { upstream.requestAcceptingNone(demand) }

    func cancel() { upstream.cancel() }

    /// Subscribes to the upstream again, or, if a thread is already doing so further up the stack,
    /// asks it to go round once more.
    private func resubscribe() {
      var next = upstream.withRetained { state -> Upstream? in
        guard !state.isUnderWay else {
          state.isNeededAgain = true
          return nil
        }
        state.isUnderWay = true
        return state.upstream
      }
      while let publisher = next ?? nil {
        publisher.subscribe(self)
        next = upstream.withRetained { state -> Upstream? in
          guard state.isNeededAgain else {
            state.isUnderWay = false
            return nil
          }
          state.isNeededAgain = false
          return state.upstream
        }
      }
    }
  }
}
