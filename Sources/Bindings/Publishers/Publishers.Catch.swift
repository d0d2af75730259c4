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
    public typealias Output = Upstream.Output
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
  final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output {
    typealias Handler = (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>

    struct UpstreamSubscriber: Subscriber, CustomStringConvertible {
      typealias Input = Upstream.Output
      typealias Failure = Upstream.Failure
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.upstreamReceive(subscription: subscription) }
      func receive(_ input: Input) -> Subscribers.Demand { inner.upstreamReceive(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.upstreamReceive(completion: completion) }
    }

    struct ReplacementSubscriber: Subscriber, CustomStringConvertible {
      typealias Input = NewPublisher.Output
      typealias Failure = NewPublisher.Failure
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.replacementReceive(subscription: subscription) }
      func receive(_ input: Input) -> Subscribers.Demand { inner.replacementReceive(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.replacementReceive(completion: completion) }
    }

    private enum State {
      case awaitingUpstream
      case upstream(any Subscription)
      /// The upstream failed; the replacement was subscribed to and has not handed over its
      /// subscription yet.
      case awaitingReplacement
      case replacement(any Subscription)
      case terminal
    }

    private let lock = Lock()
    private let downstream: Downstream
    let description: String
    private var state = State.awaitingUpstream
    /// Released once used or once the stream ends, so that whatever it captured goes with it.
    private var handler: Handler?
    private let mapFailure: (NewPublisher.Failure) -> Downstream.Failure
    /// What the subscriber asked for and the upstream has not delivered: the replacement's first
    /// request.
    private var outstanding = Subscribers.Demand.none

    init(
      downstream: Downstream,
      name: String,
      handler: @escaping Handler,
      mapFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure
    ) {
      self.downstream = downstream
      self.description = name
      self.handler = handler
      self.mapFailure = mapFailure
    }

    // MARK: Downstream

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      switch state {
      case .upstream(let subscription):
        outstanding += demand
        lock.unlock()
        subscription.request(demand)
      case .replacement(let subscription):
        lock.unlock()
        subscription.request(demand)
      case .awaitingUpstream, .awaitingReplacement:
        outstanding += demand
        lock.unlock()
      case .terminal:
        lock.unlock()
      }
    }

    func cancel() {
      lock.lock()
      let subscription: (any Subscription)?
      switch state {
      case .upstream(let live), .replacement(let live): subscription = live
      case .awaitingUpstream, .awaitingReplacement, .terminal: subscription = nil
      }
      state = .terminal
      let handler = self.handler.take()
      lock.unlock()
      subscription?.cancel()
      _ = handler
    }

    // MARK: Upstream

    func upstreamReceive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingUpstream = state else {
        lock.unlock()
        subscription.cancel()
        return
      }
      state = .upstream(subscription)
      lock.unlock()
      downstream.receive(subscription: self)
    }

    func upstreamReceive(_ input: Upstream.Output) -> Subscribers.Demand {
      lock.lock()
      guard case .upstream = state else {
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

    func upstreamReceive(completion: Subscribers.Completion<Upstream.Failure>) {
      lock.lock()
      guard case .upstream = state else {
        lock.unlock()
        return
      }
      guard case .failure(let error) = completion, let handler = self.handler.take() else {
        state = .terminal
        let handler = self.handler.take()
        lock.unlock()
        downstream.receive(completion: .finished)
        _ = handler
        return
      }
      state = .awaitingReplacement
      lock.unlock()
      switch handler(error) {
      case .success(let replacement):
        replacement.subscribe(ReplacementSubscriber(inner: self))
      case .failure(let error):
        lock.lock()
        guard case .awaitingReplacement = state else {
          lock.unlock()
          return
        }
        state = .terminal
        lock.unlock()
        downstream.receive(completion: .failure(error))
      }
    }

    // MARK: Replacement

    func replacementReceive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingReplacement = state else {
        lock.unlock()
        subscription.cancel()
        return
      }
      state = .replacement(subscription)
      let demand = outstanding
      outstanding = .none
      lock.unlock()
      if demand > 0 { subscription.request(demand) }
    }

    func replacementReceive(_ input: NewPublisher.Output) -> Subscribers.Demand {
      lock.lock()
      guard case .replacement = state else {
        lock.unlock()
        return .none
      }
      lock.unlock()
      return downstream.receive(input)
    }

    func replacementReceive(completion: Subscribers.Completion<NewPublisher.Failure>) {
      lock.lock()
      guard case .replacement = state else {
        lock.unlock()
        return
      }
      state = .terminal
      lock.unlock()
      downstream.receive(completion: completion.mapError(mapFailure))
    }
  }
}
