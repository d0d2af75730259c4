/// The subscription a zip publisher gives its downstream: it owns the lock, a queue of values per
/// upstream, and the state machine, and performs the machine's actions after unlocking.
///
/// `Queues` holds one queue per upstream, as a tuple. Each upstream is subscribed through a
/// ``Side`` that knows how to queue its values into `Queues`.
///
/// Ownership: the downstream holds this storage (as its subscription); each upstream holds its
/// side, which holds the storage; the storage holds the upstream subscriptions until it ends.
/// Ending (completion or cancel) drops the subscriptions, the downstream and the queued values.
final class ZipStorage<Downstream: Subscriber, Queues, Tuple>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  typealias Failure = Downstream.Failure
  typealias Machine = ZipStateMachine<Failure>

  private let lock = Lock()
  private var machine: Machine
  private var queues: Queues
  private let emptyQueues: Queues
  /// `nil` once the subscription ended; taken out under the lock and released after it.
  private var downstream: Downstream?
  /// Takes the oldest value of every queue; runs under the lock, so it is ours, never user code.
  private let takeTuple: (inout Queues) -> Tuple
  /// Turns a tuple into the downstream's input; may be user code, so it runs unlocked.
  private let transform: (Tuple) -> Downstream.Input

  init(
    downstream: Downstream, upstreamCount: Int, queues: Queues,
    takeTuple: @escaping (inout Queues) -> Tuple, transform: @escaping (Tuple) -> Downstream.Input
  ) {
    self.downstream = downstream
    self.machine = Machine(upstreamCount: upstreamCount)
    self.queues = queues
    self.emptyQueues = queues
    self.takeTuple = takeTuple
    self.transform = transform
  }

  var description: String { "Zip" }

  /// Gives the downstream its subscription, before the upstreams are subscribed.
  func start() {
    lock.lock()
    let downstream = self.downstream
    lock.unlock()
    downstream?.receive(subscription: self)
  }

  /// The subscriber for upstream number `index`, which queues its values with `store`.
  func side<Input>(_ index: Int, store: @escaping (inout Queues, Input) -> Void) -> Side<Input> {
    Side(index: index, storage: self, store: store)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    lock.lock()
    let action = machine.demandRequested(demand)
    let tuple = action.deliverTuple ? takeTuple(&queues) : nil
    let downstream = self.downstream
    lock.unlock()
    for subscription in action.requestFromUpstreams { subscription.request(action.demand) }
    if let tuple { deliverAndDrain(tuple, to: downstream) }
  }

  func cancel() {
    lock.lock()
    let upstreams = machine.cancelled()
    let ended = takeEverythingIfTerminated()
    lock.unlock()
    for upstream in upstreams { upstream.cancel() }
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

  private func receive<Input>(_ input: Input, at index: Int, store: (inout Queues, Input) -> Void) {
    lock.lock()
    switch machine.valueReceived(at: index) {
    case .dropValue:
      lock.unlock()
    case .storeValue:
      store(&queues, input)
      lock.unlock()
    case .storeValueAndDeliverTuple:
      store(&queues, input)
      let tuple = takeTuple(&queues)
      let downstream = self.downstream
      lock.unlock()
      deliverAndDrain(tuple, to: downstream)
    }
  }

  private func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
    lock.lock()
    switch machine.completionReceived(completion, at: index) {
    case .cancelUpstreamsAndFinishDownstream(let upstreams):
      let ended = takeEverythingIfTerminated()
      lock.unlock()
      for upstream in upstreams { upstream.cancel() }
      ended.downstream?.receive(completion: .finished)
    case .cancelUpstreamsAndFailDownstream(let upstreams, let error):
      let ended = takeEverythingIfTerminated()
      lock.unlock()
      for upstream in upstreams { upstream.cancel() }
      ended.downstream?.receive(completion: .failure(error))
    case .cancelUpstreams(let upstreams):
      lock.unlock()
      for upstream in upstreams { upstream.cancel() }
    case .none:
      lock.unlock()
    }
  }

  // MARK: Delivery

  /// Delivers `tuple`, then every tuple that became due meanwhile. Only the delivering thread the
  /// machine chose calls this, so deliveries never overlap.
  private func deliverAndDrain(_ tuple: Tuple, to downstream: Downstream?) {
    var next = tuple
    while true {
      let more = downstream.map { $0.receive(transform(next)) } ?? .none
      lock.lock()
      let demandAction = more > 0 ? machine.demandRequested(more) : Machine.DemandAction()
      let action = machine.deliveryFinished()
      var following: Tuple?
      if case .deliverTuple = action { following = takeTuple(&queues) }
      let ended = takeEverythingIfTerminated()
      lock.unlock()
      for subscription in demandAction.requestFromUpstreams { subscription.request(demandAction.demand) }
      switch action {
      case .deliverTuple:
        if let following { next = following }
        continue
      case .cancelUpstreamsAndFinishDownstream(let upstreams):
        for upstream in upstreams { upstream.cancel() }
        ended.downstream?.receive(completion: .finished)
      case .failDownstream(let error):
        ended.downstream?.receive(completion: .failure(error))
      case .none:
        _ = ended
      }
      return
    }
  }

  /// Once the machine has terminated and no delivery is running, takes the downstream and the
  /// queued values out, so the caller releases them after unlocking. Must be called with the lock held.
  private func takeEverythingIfTerminated() -> (downstream: Downstream?, queues: Queues?) {
    guard machine.isTerminated, !machine.isDelivering, downstream != nil else { return (nil, nil) }
    let taken = (downstream, Optional(queues))
    downstream = nil
    queues = emptyQueues
    return taken
  }

  // MARK: Side

  /// The subscriber attached to one upstream.
  final class Side<Input>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure

    private let index: Int
    private let storage: ZipStorage
    private let store: (inout Queues, Input) -> Void

    init(index: Int, storage: ZipStorage, store: @escaping (inout Queues, Input) -> Void) {
      self.index = index
      self.storage = storage
      self.store = store
    }

    var description: String { "Zip" }

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
