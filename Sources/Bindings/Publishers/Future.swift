/// A publisher that eventually produces one value and finishes, or fails.
///
/// The closure runs once, when the future is created, and gets a promise to fulfil from any
/// thread. The first fulfilment wins; later ones are ignored. Every subscriber — before or after
/// the fulfilment — gets the result: a value once it has demand for one, a failure at once.
///
/// ```swift
/// let answer = Future<Int, Never> { promise in
///   DispatchQueue.global().async { promise(.success(42)) }
/// }
/// let token = answer.sink { print($0) }   // prints "42" when the promise is fulfilled
/// ```
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
  /// The closure that fulfils the future; it may be called from any thread, and only its first
  /// call counts.
  public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

  private let state = Locked(State())

  /// The future's own state, guarded by its lock.
  private struct State {
    /// Set once, by the first fulfilment.
    var result: Result<Output, Failure>?
    /// Subscriptions waiting for the result; emptied by the fulfilment.
    var waiting: [ConduitBase] = []

    /// Registers `conduit` to be handed the result, or returns the result if there is one already.
    mutating func register(_ conduit: ConduitBase) -> Result<Output, Failure>? {
      if let result { return result }
      waiting.append(conduit)
      return nil
    }

    /// Stores the first fulfilment's result and hands back the conduits waiting for it; `nil` for
    /// any later fulfilment.
    mutating func fulfil(with result: Result<Output, Failure>) -> [ConduitBase]? {
      guard self.result == nil else { return nil }
      self.result = result
      defer { waiting = [] }
      return waiting
    }

    /// Forgets `conduit`; returns it, to release after the lock.
    mutating func remove(_ conduit: ConduitBase) -> ConduitBase? {
      guard let index = waiting.firstIndex(where: { $0 === conduit }) else { return nil }
      return waiting.remove(at: index)
    }
  }

  /// Creates a future and runs `attemptToFulfill` at once, with the promise that fulfils it.
  ///
  /// - Parameter attemptToFulfill: Starts the work; calls the promise, now or later, with its result.
  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    attemptToFulfill { [self] result in fulfil(result) }
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let conduit = Conduit(future: self, downstream: subscriber)
    // The subscription goes out first, so that a fulfilment racing with this call cannot deliver
    // a completion before it: until the conduit is registered below, only the conduit itself
    // (through a request) or this method can deliver to it.
    subscriber.receive(subscription: conduit)
    if let result = state.withLock({ $0.register(conduit) }) {
      conduit.receive(result)
    } else if conduit.isCancelled {
      // Cancelled before it was registered: its own `cancel()` found nothing to remove.
      forget(conduit)
    }
  }

  private func fulfil(_ result: Result<Output, Failure>) {
    guard let waiting = state.withLock({ $0.fulfil(with: result) }) else { return }
    for conduit in waiting { conduit.receive(result) }
  }

  /// Stops holding a cancelled conduit.
  fileprivate func forget(_ conduit: ConduitBase) {
    let removed = state.withLock { $0.remove(conduit) }
    _ = removed
  }

  /// One subscriber's subscription, with its own lock: the future hands it the result once, and it
  /// delivers the result when its subscriber can take it.
  fileprivate class ConduitBase {
    func receive(_ result: Result<Output, Failure>) {
      preconditionFailure("Future.ConduitBase.receive(_:) is abstract")
    }
  }

  private final class Conduit<Downstream: Subscriber>: ConduitBase, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Future.Conduit")
    private let future: Future
    private let state: Locked<State>

    /// What a thread that changed the conduit's state must deliver.
    private enum Delivery {
      case value(Output, to: Downstream)
      case failure(Failure, to: Downstream)
    }

    /// The conduit's state, guarded by its lock.
    private struct State {
      /// `nil` once the result was delivered or the subscription was cancelled.
      var downstream: Downstream?
      /// The future's result, once handed over, until it is delivered.
      var result: Result<Output, Failure>?
      var demand = Subscribers.Demand.none
      var isDelivering = false

      /// The delivery to make now, if there is a result and the subscriber can take it. The first
      /// caller to find both sets `isDelivering`, so the result is delivered at most once.
      mutating func nextDelivery() -> Delivery? {
        guard !isDelivering, let downstream, let result else { return nil }
        switch result {
        case .success(let value):
          guard demand > 0 else { return nil }
          isDelivering = true
          self.result = nil
          return .value(value, to: downstream)
        case .failure(let error):
          isDelivering = true
          self.result = nil
          self.downstream = nil
          return .failure(error, to: downstream)
        }
      }
    }

    init(future: Future, downstream: Downstream) {
      self.future = future
      state = Locked(State(downstream: downstream))
    }

    var description: String { "Future" }

    var isCancelled: Bool { state.withLock { !$0.isDelivering && $0.downstream == nil } }

    override func receive(_ result: Result<Output, Failure>) {
      deliver(
        state.withLock { state in
          guard state.downstream != nil else { return nil }
          state.result = result
          return state.nextDelivery()
        })
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      deliver(
        state.withLock { state in
          guard state.downstream != nil else { return nil }
          state.demand += demand
          return state.nextDelivery()
        })
    }

    private func deliver(_ delivery: Delivery?) {
      switch delivery {
      case .value(let value, let downstream):
        _ = downstream.receive(value)
        // The subscriber may have cancelled inside `receive(_:)`; then it gets no completion.
        let finishing = state.withLock { $0.downstream.take() }
        finishing?.receive(completion: .finished)
      case .failure(let error, let downstream):
        downstream.receive(completion: .failure(error))
      case nil:
        break
      }
    }

    func cancel() {
      let released = state.withLock { ($0.downstream.take(), $0.result.take()) }
      _ = released
      future.forget(self)
    }
  }
}
