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
    public typealias Output = Upstream.Output
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceEmpty {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Output

    private enum State {
      case awaitingSubscription
      case subscribed(any Subscription)
      /// The upstream finished empty before the subscriber asked for anything.
      case awaitingDemandForReplacement
      case terminal
    }

    private let lock = Lock()
    private let downstream: Downstream
    private let output: Output
    private var state = State.awaitingSubscription
    private var hasDemand = false
    private var isEmpty = true

    init(downstream: Downstream, output: Output) {
      self.downstream = downstream
      self.output = output
    }

    var description: String { "ReplaceEmpty" }

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
      isEmpty = false
      lock.unlock()
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard case .subscribed = state else {
        lock.unlock()
        return
      }
      guard case .finished = completion, isEmpty else {
        state = .terminal
        lock.unlock()
        downstream.receive(completion: completion)
        return
      }
      guard hasDemand else {
        state = .awaitingDemandForReplacement
        lock.unlock()
        return
      }
      state = .terminal
      lock.unlock()
      deliverReplacement()
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      hasDemand = true
      switch state {
      case .subscribed(let subscription):
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
