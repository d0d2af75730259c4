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

  private let lock = Lock()
  /// Guarded by `lock`; set once, by the first fulfilment.
  fileprivate var result: Result<Output, Failure>?
  /// Subscriptions waiting for the result. Guarded by `lock`; emptied by the fulfilment.
  private var waiting: [ConduitBase] = []

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
    lock.lock()
    if result == nil, conduit.isActiveWithLockHeld {
      waiting.append(conduit)
      lock.unlock()
    } else {
      lock.unlock()
      conduit.deliverIfReady()
    }
  }

  private func fulfil(_ result: Result<Output, Failure>) {
    lock.lock()
    guard self.result == nil else {
      lock.unlock()
      return
    }
    self.result = result
    let waiting = self.waiting
    self.waiting = []
    lock.unlock()
    for conduit in waiting { conduit.deliverIfReady() }
  }

  /// One subscriber's subscription; its state is guarded by the future's lock.
  fileprivate class ConduitBase {
    func deliverIfReady() { preconditionFailure("Future.ConduitBase.deliverIfReady is abstract") }
  }

  private final class Conduit<Downstream: Subscriber>: ConduitBase, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Future.Conduit")
    private let future: Future
    /// `nil` once the result was delivered or the subscription was cancelled.
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var isDelivering = false

    init(future: Future, downstream: Downstream) {
      self.future = future
      self.downstream = downstream
    }

    var description: String { "Future" }

    var isActiveWithLockHeld: Bool { downstream != nil }

    /// Delivers the result if there is one and the subscriber can take it. The first caller to
    /// find both sets `isDelivering` under the lock, so the result is delivered at most once.
    override func deliverIfReady() {
      future.lock.lock()
      guard !isDelivering, let downstream, let result = future.result else {
        future.lock.unlock()
        return
      }
      switch result {
      case .success(let value):
        guard demand > 0 else {
          future.lock.unlock()
          return
        }
        isDelivering = true
        future.lock.unlock()
        _ = downstream.receive(value)
        // The subscriber may have cancelled inside `receive(_:)`; then it gets no completion.
        future.lock.lock()
        let finishing = self.downstream
        self.downstream = nil
        future.lock.unlock()
        finishing?.receive(completion: .finished)
        withExtendedLifetime(downstream) {}
      case .failure(let error):
        self.downstream = nil
        future.lock.unlock()
        downstream.receive(completion: .failure(error))
      }
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      future.lock.lock()
      guard downstream != nil else {
        future.lock.unlock()
        return
      }
      self.demand += demand
      future.lock.unlock()
      deliverIfReady()
    }

    func cancel() {
      future.lock.lock()
      let downstream = self.downstream
      self.downstream = nil
      if let index = future.waiting.firstIndex(where: { $0 === self }) {
        future.waiting.remove(at: index)
      }
      future.lock.unlock()
      _ = downstream
    }
  }
}
