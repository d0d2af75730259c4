/// The subscription a switch-to-latest publisher gives its downstream: it owns the lock and the
/// state machine, and performs the machine's actions after unlocking.
///
/// Ownership: the downstream holds this storage; the outer upstream holds the outer side and the
/// current inner publisher the inner side, both of which hold the storage; the storage holds the
/// outer and current inner subscriptions until it ends, which breaks the cycle.
final class SwitchToLatestStorage<Downstream: Subscriber>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure
  typealias Machine = SwitchToLatestStateMachine<Output, Failure>

  private let lock = Lock()
  private var machine = Machine()
  /// `nil` once the subscription ended; taken out under the lock and released after it.
  private var downstream: Downstream?

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  var description: String { "SwitchToLatest" }

  /// Gives the downstream its subscription, before the outer upstream is subscribed.
  func start() {
    lock.lock()
    let downstream = self.downstream
    lock.unlock()
    downstream?.receive(subscription: self)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    lock.lock()
    let action = machine.demandRequested(demand)
    lock.unlock()
    if let (inner, demand) = action.requestFromInner { inner.request(demand) }
    if let value = action.deliver { deliverAndDrain(value) }
  }

  func cancel() {
    lock.lock()
    let upstreams = machine.cancelled()
    let downstream = takeDownstreamIfTerminated()
    lock.unlock()
    for upstream in upstreams { upstream.cancel() }
    _ = downstream
  }

  // MARK: Outer upstream

  fileprivate func outerSubscriptionReceived(_ subscription: any Subscription) {
    lock.lock()
    let action = machine.outerSubscriptionReceived(subscription)
    lock.unlock()
    switch action {
    case .requestFromOuter(let demand): subscription.request(demand)
    case .cancelOuter: subscription.cancel()
    }
  }

  fileprivate func outerValueReceived<Inner: Publisher>(_ publisher: Inner)
  where Inner.Output == Output, Inner.Failure == Failure {
    lock.lock()
    let action = machine.outerValueReceived()
    lock.unlock()
    guard case .cancelPreviousAndSubscribeInner(let previous, let generation) = action else { return }
    previous?.cancel()
    publisher.subscribe(InnerSide(generation: generation, storage: self))
  }

  fileprivate func outerCompleted(_ completion: Subscribers.Completion<Failure>) {
    lock.lock()
    perform(machine.outerCompleted(completion))
  }

  // MARK: Inner upstreams

  fileprivate func innerSubscriptionReceived(_ subscription: any Subscription, generation: Int) {
    lock.lock()
    let action = machine.innerSubscriptionReceived(subscription, generation: generation)
    lock.unlock()
    switch action {
    case .requestFromInner(let demand): subscription.request(demand)
    case .cancelInner: subscription.cancel()
    case .none: break
    }
  }

  fileprivate func valueReceived(_ value: Output, generation: Int) {
    lock.lock()
    let action = machine.valueReceived(value, generation: generation)
    lock.unlock()
    if case .deliver(let value) = action { deliverAndDrain(value) }
  }

  fileprivate func innerCompleted(_ completion: Subscribers.Completion<Failure>, generation: Int) {
    lock.lock()
    perform(machine.innerCompleted(completion, generation: generation))
  }

  /// Performs a completion action. Called with the lock held; unlocks.
  private func perform(_ action: Machine.CompletionAction) {
    switch action {
    case .finishDownstream:
      let downstream = takeDownstreamIfTerminated()
      lock.unlock()
      downstream?.receive(completion: .finished)
    case .cancelUpstreamsAndFailDownstream(let upstreams, let error):
      let downstream = takeDownstreamIfTerminated()
      lock.unlock()
      for upstream in upstreams { upstream.cancel() }
      downstream?.receive(completion: .failure(error))
    case .cancelUpstreams(let upstreams):
      lock.unlock()
      for upstream in upstreams { upstream.cancel() }
    case .none:
      lock.unlock()
    }
  }

  // MARK: Delivery

  /// Delivers `value`, then every value that became due meanwhile. Only the delivering thread the
  /// machine chose calls this, so deliveries never overlap.
  private func deliverAndDrain(_ value: Output) {
    lock.lock()
    let downstream = self.downstream
    lock.unlock()
    var next = value
    while true {
      let more = downstream?.receive(next) ?? .none
      lock.lock()
      let demandAction = more > 0 ? machine.demandRequested(more) : Machine.DemandAction()
      let action = machine.deliveryFinished()
      let ended = takeDownstreamIfTerminated()
      lock.unlock()
      if let (inner, demand) = demandAction.requestFromInner { inner.request(demand) }
      switch action {
      case .deliver(let value):
        next = value
        continue
      case .finishDownstream:
        ended?.receive(completion: .finished)
      case .failDownstream(let error):
        ended?.receive(completion: .failure(error))
      case .none:
        _ = ended
      }
      return
    }
  }

  /// Once the machine has terminated and no delivery is running, takes the downstream out, so the
  /// caller releases it after unlocking. Must be called with the lock held.
  private func takeDownstreamIfTerminated() -> Downstream? {
    guard machine.isTerminated, !machine.isDelivering else { return nil }
    let taken = downstream
    downstream = nil
    return taken
  }

  // MARK: Sides

  /// The subscriber attached to the outer upstream, whose values are publishers.
  final class OuterSide<Inner: Publisher>: Subscriber, CustomStringConvertible
  where Inner.Output == Output, Inner.Failure == Failure {
    typealias Input = Inner
    typealias Failure = Downstream.Failure

    private let storage: SwitchToLatestStorage

    init(storage: SwitchToLatestStorage) {
      self.storage = storage
    }

    var description: String { "SwitchToLatest" }

    func receive(subscription: any Subscription) {
      storage.outerSubscriptionReceived(subscription)
    }

    func receive(_ input: Inner) -> Subscribers.Demand {
      storage.outerValueReceived(input)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      storage.outerCompleted(completion)
    }
  }

  /// The subscriber attached to one inner publisher.
  private final class InnerSide: Subscriber, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let generation: Int
    private let storage: SwitchToLatestStorage

    init(generation: Int, storage: SwitchToLatestStorage) {
      self.generation = generation
      self.storage = storage
    }

    var description: String { "SwitchToLatest" }

    func receive(subscription: any Subscription) {
      storage.innerSubscriptionReceived(subscription, generation: generation)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      storage.valueReceived(input, generation: generation)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      storage.innerCompleted(completion, generation: generation)
    }
  }
}
