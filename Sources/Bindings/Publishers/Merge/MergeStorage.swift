/// The subscription a merging publisher (merge or flat map) gives its downstream: it owns the lock
/// and the state machine, and performs the machine's actions after unlocking.
///
/// Ownership: the downstream holds this storage (as its subscription); each upstream holds its
/// side, which holds the storage; the storage holds the upstream subscriptions until it ends.
/// Ending (completion or cancel) drops the subscriptions and the downstream, which breaks the cycle.
final class MergeStorage<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure
  typealias Machine = MergeStateMachine<Output, Failure>

  private let lock = Lock()
  private var machine: Machine
  /// `nil` once the subscription ended; taken out under the lock and released after it.
  private var downstream: Downstream?
  let description: String

  init(downstream: Downstream, machine: Machine, description: String) {
    self.downstream = downstream
    self.machine = machine
    self.description = description
  }

  /// Gives the downstream its subscription. Called once, before any upstream is subscribed, so
  /// that nothing reaches the downstream before its subscription.
  func start() {
    lock.lock()
    let downstream = self.downstream
    lock.unlock()
    downstream?.receive(subscription: self)
  }

  /// The subscriber for inner upstream number `index`.
  func side(_ index: Int) -> Side {
    Side(index: index, storage: self)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    lock.lock()
    let action = machine.demandRequested(demand)
    lock.unlock()
    for subscription in action.requestUnlimitedFrom { subscription.request(.unlimited) }
    if let (value, replenish) = action.deliver {
      deliverAndDrain(value, replenish: replenish)
    }
  }

  func cancel() {
    lock.lock()
    let upstreams = machine.cancelled()
    let downstream = takeDownstreamIfTerminated()
    lock.unlock()
    for upstream in upstreams { upstream.cancel() }
    _ = downstream
  }

  // MARK: Outer upstream (flat map)

  func outerSubscriptionReceived(_ subscription: any Subscription) {
    lock.lock()
    let action = machine.outerSubscriptionReceived(subscription)
    lock.unlock()
    switch action {
    case .requestFromOuter(let demand): subscription.request(demand)
    case .cancelOuter: subscription.cancel()
    case .none: break
    }
  }

  /// Returns the index to give the new inner upstream, or `nil` when the subscription has ended.
  func outerValueReceived() -> Int? {
    lock.lock()
    let action = machine.outerValueReceived()
    lock.unlock()
    if case .subscribeInner(let index) = action { return index }
    return nil
  }

  func outerCompleted(_ completion: Subscribers.Completion<Failure>) {
    lock.lock()
    let action = machine.outerCompleted(completion)
    perform(action)
  }

  // MARK: Inner upstreams

  private func innerSubscriptionReceived(_ subscription: any Subscription, at index: Int) {
    lock.lock()
    let action = machine.innerSubscriptionReceived(subscription, at: index)
    lock.unlock()
    switch action {
    case .requestFromInner(let demand): subscription.request(demand)
    case .cancelInner: subscription.cancel()
    }
  }

  private func valueReceived(_ value: Output, at index: Int) {
    lock.lock()
    let action = machine.valueReceived(value, at: index)
    lock.unlock()
    if case .deliver(let value, let replenish) = action {
      deliverAndDrain(value, replenish: replenish)
    }
  }

  private func innerCompleted(_ completion: Subscribers.Completion<Failure>, at index: Int) {
    lock.lock()
    let action = machine.innerCompleted(completion, at: index)
    perform(action)
  }

  /// Performs a completion action. Called with the lock held; unlocks.
  private func perform(_ action: Machine.CompletionAction) {
    switch action {
    case .finishDownstream:
      let downstream = takeDownstreamIfTerminated()
      lock.unlock()
      downstream?.receive(completion: .finished)
    case .requestFromOuter(let outer, let demand):
      lock.unlock()
      outer.request(demand)
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

  /// Delivers `value`, then every value that became due while it was delivered. Only the thread
  /// that the machine chose as the delivering one calls this, so deliveries never overlap.
  private func deliverAndDrain(_ value: Output, replenish: (any Subscription)?) {
    lock.lock()
    let downstream = self.downstream
    lock.unlock()
    var next = (value: value, replenish: replenish)
    while true {
      let more = downstream?.receive(next.value) ?? .none
      next.replenish?.request(.max(1))
      lock.lock()
      let demandAction = more > 0 ? machine.demandRequested(more) : Machine.DemandAction()
      let action = machine.deliveryFinished()
      let ended = takeDownstreamIfTerminated()
      lock.unlock()
      for subscription in demandAction.requestUnlimitedFrom { subscription.request(.unlimited) }
      switch action {
      case .deliver(let value, let replenish):
        next = (value, replenish)
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

  // MARK: Side

  /// The subscriber attached to one inner upstream.
  final class Side: Subscriber, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let index: Int
    private let storage: MergeStorage

    init(index: Int, storage: MergeStorage) {
      self.index = index
      self.storage = storage
    }

    var description: String { storage.description }

    func receive(subscription: any Subscription) {
      storage.innerSubscriptionReceived(subscription, at: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      storage.valueReceived(input, at: index)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      storage.innerCompleted(completion, at: index)
    }
  }
}
