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
    public typealias Output = Upstream.Output
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, upstream: upstream, retries: retries)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publishers.Retry {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Output

    private enum State {
      case awaitingSubscription
      case subscribed(any Subscription)
      case terminal
    }

    private let lock = Lock()
    private let downstream: Downstream
    /// Released when the stream ends.
    private var upstream: Upstream?
    private var state = State.awaitingSubscription
    /// `nil` for no limit.
    private var retriesLeft: Int?
    private var downstreamHasSubscription = false
    /// What the subscriber asked for and no attempt has delivered yet: each new attempt's first
    /// request.
    private var outstanding = Subscribers.Demand.none
    /// Set while a thread is inside `upstream.subscribe(self)`. A failure that arrives meanwhile
    /// (an upstream that fails during subscribe) only sets `needsResubscribe`, and that thread
    /// loops, so that a string of immediate failures does not grow the stack.
    private var isResubscribing = false
    private var needsResubscribe = false

    init(downstream: Downstream, upstream: Upstream, retries: Int?) {
      self.downstream = downstream
      self.upstream = upstream
      self.retriesLeft = retries
    }

    var description: String { "Retry" }

    func receive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingSubscription = state else {
        lock.unlock()
        subscription.cancel()
        return
      }
      state = .subscribed(subscription)
      let isFirst = !downstreamHasSubscription
      downstreamHasSubscription = true
      let demand = outstanding
      lock.unlock()
      if isFirst {
        downstream.receive(subscription: self)
      } else if demand > 0 {
        subscription.request(demand)
      }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      lock.lock()
      guard case .subscribed = state else {
        lock.unlock()
        return .none
      }
      outstanding -= 1
      lock.unlock()
      let more = downstream.receive(input)
      guard more > 0 else { return .none }
      lock.lock()
      outstanding += more
      lock.unlock()
      return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard case .subscribed = state else {
        lock.unlock()
        return
      }
      if case .failure = completion, retriesLeft.map({ $0 > 0 }) ?? true {
        retriesLeft = retriesLeft.map { $0 - 1 }
        state = .awaitingSubscription
        resubscribeWithLockHeld()
        return
      }
      state = .terminal
      let upstream = self.upstream.take()
      lock.unlock()
      downstream.receive(completion: completion)
      _ = upstream
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      switch state {
      case .subscribed(let subscription):
        outstanding += demand
        lock.unlock()
        subscription.request(demand)
      case .awaitingSubscription:
        outstanding += demand
        lock.unlock()
      case .terminal:
        lock.unlock()
      }
    }

    func cancel() {
      lock.lock()
      let subscription: (any Subscription)?
      if case .subscribed(let live) = state { subscription = live } else { subscription = nil }
      state = .terminal
      let upstream = self.upstream.take()
      lock.unlock()
      subscription?.cancel()
      _ = upstream
    }

    /// Subscribes to the upstream again, or, if a thread is already doing so further up the stack,
    /// asks it to go round once more. Unlocks.
    private func resubscribeWithLockHeld() {
      guard !isResubscribing else {
        needsResubscribe = true
        lock.unlock()
        return
      }
      isResubscribing = true
      repeat {
        needsResubscribe = false
        guard case .awaitingSubscription = state, let upstream else { break }
        lock.unlock()
        upstream.subscribe(self)
        lock.lock()
      } while needsResubscribe
      isResubscribing = false
      lock.unlock()
    }
  }
}
