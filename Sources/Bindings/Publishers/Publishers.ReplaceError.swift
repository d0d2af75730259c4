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
    public typealias Output = Upstream.Output
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceError {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Never {
    typealias Input = Output
    typealias Failure = Upstream.Failure

    private enum State {
      case awaitingSubscription
      case subscribed(any Subscription)
      /// The upstream failed while the subscriber had no outstanding demand.
      case awaitingDemandForReplacement
      case terminal
    }

    private let lock = Lock()
    private let downstream: Downstream
    private let output: Output
    private var state = State.awaitingSubscription
    private var outstanding = Subscribers.Demand.none

    init(downstream: Downstream, output: Output) {
      self.downstream = downstream
      self.output = output
    }

    var description: String { "ReplaceError" }

    func receive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingSubscription = state else {
        lock.unlock()
        subscription.cancel()
        return
      }
      state = .subscribed(subscription)
      lock.unlock()
      downstream.receive(subscription: self)
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
      switch completion {
      case .finished:
        state = .terminal
        lock.unlock()
        downstream.receive(completion: .finished)
      case .failure:
        guard outstanding > 0 else {
          state = .awaitingDemandForReplacement
          lock.unlock()
          return
        }
        state = .terminal
        lock.unlock()
        deliverReplacement()
      }
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      switch state {
      case .subscribed(let subscription):
        outstanding += demand
        lock.unlock()
        subscription.request(demand)
      case .awaitingDemandForReplacement:
        state = .terminal
        lock.unlock()
        deliverReplacement()
      case .awaitingSubscription, .terminal:
        lock.unlock()
      }
    }

    func cancel() {
      lock.lock()
      guard case .subscribed(let subscription) = state else {
        state = .terminal
        lock.unlock()
        return
      }
      state = .terminal
      lock.unlock()
      subscription.cancel()
    }

    private func deliverReplacement() {
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    }
  }
}
