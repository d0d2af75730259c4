/// The subscription a combine-latest publisher gives its downstream: it owns the lock, the latest
/// value of each upstream, and the state machine, and performs the machine's actions after unlocking.
///
/// `Values` holds one optional per upstream — a tuple for the fixed arities, an array for a
/// collection of publishers. Each upstream is subscribed through a ``Side`` that knows how to store
/// its value into `Values`.
///
/// Ownership: the downstream holds this storage (as its subscription); each upstream holds its
/// side, which holds the storage; the storage holds the upstream subscriptions until it ends.
/// Ending (completion or cancel) drops the subscriptions, the downstream and the values, which
/// breaks the cycle.
final class CombineLatestStorage<Downstream: Subscriber, Values, Combination>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  typealias Failure = Downstream.Failure

  private let lock = Lock()
  private var machine: CombineLatestStateMachine<Failure>
  private var values: Values
  private let emptyValues: Values
  /// `nil` once the subscription ended; taken out under the lock and released after it.
  private var downstream: Downstream?
  /// Reads the latest values into a combination; runs under the lock, so it is ours, never user code.
  private let combine: (Values) -> Combination
  /// Turns a combination into the downstream's input; may be user code, so it runs unlocked.
  private let transform: (Combination) -> Downstream.Input

  init(
    downstream: Downstream, upstreamCount: Int, values: Values,
    combine: @escaping (Values) -> Combination, transform: @escaping (Combination) -> Downstream.Input
  ) {
    self.downstream = downstream
    self.machine = CombineLatestStateMachine(upstreamCount: upstreamCount)
    self.values = values
    self.emptyValues = values
    self.combine = combine
    self.transform = transform
  }

  var description: String { "CombineLatest" }

  /// Gives the downstream its subscription. Called once, before the upstreams are subscribed, so
  /// that nothing reaches the downstream before its subscription.
  func start() {
    lock.lock()
    let downstream = self.downstream
    lock.unlock()
    downstream?.receive(subscription: self)
  }

  /// The subscriber for upstream number `index`, which stores its values with `store`.
  func side<Input>(_ index: Int, store: @escaping (inout Values, Input) -> Void) -> Side<Input> {
    Side(index: index, storage: self, store: store)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    lock.lock()
    let action = machine.demandRequested(demand)
    lock.unlock()
    perform(action)
  }

  func cancel() {
    lock.lock()
    let action = machine.cancelled()
    let ended = takeEverythingIfTerminated()
    lock.unlock()
    if case .cancelUpstreams(let subscriptions) = action {
      for subscription in subscriptions { subscription.cancel() }
    }
    _ = ended
  }

  // MARK: Upstream events

  private func receive(subscription: any Subscription, at index: Int) {
    lock.lock()
    let action = machine.subscriptionReceived(subscription, at: index)
    lock.unlock()
    switch action {
    case .requestFromUpstream(let demand): subscription.request(demand)
    case .cancelUpstream: subscription.cancel()
    case .none: break
    }
  }

  private func receive<Input>(_ input: Input, at index: Int, store: (inout Values, Input) -> Void) {
    lock.lock()
    switch machine.valueReceived(at: index) {
    case .dropValue:
      lock.unlock()
    case .storeValue:
      store(&values, input)
      lock.unlock()
    case .storeValueAndDeliverCombination:
      store(&values, input)
      let combination = combine(values)
      let downstream = self.downstream
      lock.unlock()
      deliverAndDrain(combination, to: downstream)
    }
  }

  private func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
    lock.lock()
    let action = machine.completionReceived(completion, at: index)
    switch action {
    case .finishDownstream:
      let ended = takeEverythingIfTerminated()
      lock.unlock()
      ended.downstream?.receive(completion: .finished)
    case .cancelUpstreamsAndFailDownstream(let subscriptions, let error):
      let ended = takeEverythingIfTerminated()
      lock.unlock()
      for subscription in subscriptions { subscription.cancel() }
      ended.downstream?.receive(completion: .failure(error))
    case .cancelUpstreams(let subscriptions):
      lock.unlock()
      for subscription in subscriptions { subscription.cancel() }
    case .none:
      lock.unlock()
    }
  }

  // MARK: Delivery

  /// Delivers `combination`, then whatever became due while it was delivered. Only the thread that
  /// the machine chose as the delivering one calls this, so deliveries never overlap.
  private func deliverAndDrain(_ combination: Combination, to downstream: Downstream?) {
    var next = combination
    while true {
      let more = downstream.map { $0.receive(transform(next)) } ?? .none
      lock.lock()
      let demandAction = more > 0 ? machine.demandRequested(more) : .none
      let action = machine.deliveryFinished()
      switch action {
      case .deliverCombination:
        next = combine(values)
        lock.unlock()
        perform(demandAction)
        continue
      case .finishDownstream:
        let ended = takeEverythingIfTerminated()
        lock.unlock()
        perform(demandAction)
        ended.downstream?.receive(completion: .finished)
      case .failDownstream(let error):
        let ended = takeEverythingIfTerminated()
        lock.unlock()
        ended.downstream?.receive(completion: .failure(error))
      case .none:
        let ended = takeEverythingIfTerminated()
        lock.unlock()
        perform(demandAction)
        _ = ended
      }
      return
    }
  }

  private func perform(_ action: CombineLatestStateMachine<Failure>.DemandAction) {
    guard case .requestFromUpstreams(let subscriptions, let demand) = action else { return }
    for subscription in subscriptions { subscription.request(demand) }
  }

  /// Once the machine has terminated and no delivery is running, takes the downstream and the
  /// values out, so the caller releases them after unlocking. Must be called with the lock held.
  private func takeEverythingIfTerminated() -> (downstream: Downstream?, values: Values?) {
    guard machine.isTerminated, !machine.isDelivering, downstream != nil else { return (nil, nil) }
    let taken = (downstream, Optional(values))
    downstream = nil
    values = emptyValues
    return taken
  }

  // MARK: Side

  /// The subscriber attached to one upstream.
  final class Side<Input>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure

    private let index: Int
    private let storage: CombineLatestStorage
    private let store: (inout Values, Input) -> Void

    init(index: Int, storage: CombineLatestStorage, store: @escaping (inout Values, Input) -> Void) {
      self.index = index
      self.storage = storage
      self.store = store
    }

    var description: String { "CombineLatest" }

    func receive(subscription: any Subscription) {
      storage.receive(subscription: subscription, at: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      storage.receive(input, at: index, store: store)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      storage.receive(completion: completion, at: index)
    }
  }
}
