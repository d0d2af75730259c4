/// The subscription a combining publisher (combineLatest, zip) gives its downstream: it owns the
/// lock, the values of each upstream, and the state machine, and performs the machine's actions
/// after unlocking.
///
/// `Values` holds what each upstream sent — its latest value (combineLatest) or a queue of values
/// (zip) — as a tuple for the fixed arities, an array for a collection of publishers. Each upstream
/// is subscribed through a ``Side`` that knows how to store its value into `Values`, and `take`
/// makes a combination out of them.
///
/// Ownership: the downstream holds this storage (as its subscription); each upstream holds its
/// side, which holds the storage; the storage holds the upstream subscriptions until it ends.
/// Ending (completion or cancel) drops the subscriptions, the downstream and the values, which
/// breaks the cycle.
@usableFromInline
final class CombiningStorage<Machine: CombiningStateMachine, Downstream: Subscriber, Values, Combination>: Subscription,
  CustomStringConvertible, @unchecked Sendable
where Machine.Failure == Downstream.Failure {
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let lock = Lock()
  @usableFromInline var machine: Machine
  @usableFromInline var values: Values
  @usableFromInline let emptyValues: Values
  /// `nil` once the subscription ended; taken out under the lock and released after it.
  @usableFromInline var downstream: Downstream?
  /// Makes a combination out of the values; runs under the lock, so it is ours, never user code.
  @usableFromInline let take: (inout Values) -> Combination
  /// Turns a combination into the downstream's input; may be user code, so it runs unlocked.
  @usableFromInline let transform: (Combination) -> Downstream.Input
  @usableFromInline let description: String

  // Everything a value goes through — the side's `receive`, storing, taking, delivering, and the
  // machine's decisions — is inlinable, as are the publishers' `receive(subscriber:)`, so that it
  // is specialized for the concrete values and subscriber in the client's module: unspecialized
  // generic code would look up tuple and generic type metadata at run time on every event.

  @inlinable
  init(
    _ machine: Machine, downstream: Downstream, values: Values, description: String,
    take: @escaping (inout Values) -> Combination, transform: @escaping (Combination) -> Downstream.Input
  ) {
    self.machine = machine
    self.downstream = downstream
    self.values = values
    self.emptyValues = values
    self.description = description
    self.take = take
    self.transform = transform
  }

  /// Gives the downstream its subscription. Called once, before the upstreams are subscribed, so
  /// that nothing reaches the downstream before its subscription.
  @inlinable
  func start() {
    lock.lock()
    let downstream = self.downstream
    lock.unlock()
    downstream?.receive(subscription: self)
  }

  /// The subscriber for upstream number `index`, which stores its values with `store`.
  @inlinable
  func side<Input>(_ index: Int, store: @escaping (inout Values, Input) -> Void) -> Side<Input> {
    Side(index: index, storage: self, store: store)
  }

  // MARK: Subscription

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    lock.lock()
    let action = machine.demandRequested(demand)
    let combination = action.deliver ? take(&values) : nil
    let downstream = self.downstream
    lock.unlock()
    for subscription in action.requestFromUpstreams { subscription.request(action.demand) }
    if let combination { deliverAndDrain(combination, to: downstream) }
  }

  @usableFromInline
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

  @inlinable
  func receive<Input>(_ input: Input, at index: Int, store: (inout Values, Input) -> Void) {
    lock.lock()
    switch machine.valueReceived(at: index) {
    case .dropValue:
      lock.unlock()
    case .storeValue:
      store(&values, input)
      lock.unlock()
    case .storeValueAndDeliver:
      store(&values, input)
      let combination = take(&values)
      let downstream = self.downstream
      lock.unlock()
      deliverAndDrain(combination, to: downstream)
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

  /// Delivers `combination`, then every combination that became due while it was delivered. Only
  /// the thread that the machine chose as the delivering one calls this, so deliveries never overlap.
  @inlinable
  func deliverAndDrain(_ combination: Combination, to downstream: Downstream?) {
    var next = combination
    while true {
      let more = downstream.map { $0.receive(transform(next)) } ?? .none
      lock.lock()
      let demandAction = more > 0 ? machine.demandRequested(more) : CombiningAction<Failure>.Demand()
      let action = machine.deliveryFinished()
      let following: Combination?
      if case .deliver = action { following = take(&values) } else { following = nil }
      let ended = takeEverythingIfTerminated()
      lock.unlock()
      for subscription in demandAction.requestFromUpstreams { subscription.request(demandAction.demand) }
      switch action {
      case .deliver:
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
  /// values out, so the caller releases them after unlocking. Must be called with the lock held.
  @inlinable
  func takeEverythingIfTerminated() -> (downstream: Downstream?, values: Values?) {
    guard machine.isTerminated, !machine.isDelivering, downstream != nil else { return (nil, nil) }
    let taken = (downstream, Optional(values))
    downstream = nil
    values = emptyValues
    return taken
  }

  // MARK: Side

  /// The subscriber attached to one upstream.
  @usableFromInline
  final class Side<Input>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let index: Int
    @usableFromInline let storage: CombiningStorage
    @usableFromInline let store: (inout Values, Input) -> Void

    @inlinable
    init(index: Int, storage: CombiningStorage, store: @escaping (inout Values, Input) -> Void) {
      self.index = index
      self.storage = storage
      self.store = store
    }

    @usableFromInline var description: String { storage.description }

    @usableFromInline
    func receive(subscription: any Subscription) {
      storage.receive(subscription: subscription, at: index)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      storage.receive(input, at: index, store: store)
      return .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
      storage.receive(completion: completion, at: index)
    }
  }
}
