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

  /// The machine, the values and the downstream, guarded by the storage's lock.
  @usableFromInline
  struct State {
    @usableFromInline var machine: Machine
    @usableFromInline var values: Values
    /// `nil` once the subscription ended; taken out under the lock and released after it.
    @usableFromInline var downstream: Downstream?

    @inlinable
    init(machine: Machine, values: Values, downstream: Downstream) {
      self.machine = machine
      self.values = values
      self.downstream = downstream
    }

    /// Once the machine has terminated and no delivery is running, takes the downstream and the
    /// values out (leaving `empty` values), so the caller releases them after unlocking.
    @inlinable
    mutating func takeEverythingIfTerminated(
      leaving empty: Values
    ) -> (downstream: Downstream?, values: Values?) {
      guard machine.isTerminated, !machine.isDelivering, downstream != nil else { return (nil, nil) }
      let taken = (downstream, Optional(values))
      downstream = nil
      values = empty
      return taken
    }
  }

  private let liveObject = LiveObjectToken("CombiningStorage")
  @usableFromInline let state: Locked<State>
  @usableFromInline let emptyValues: Values
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
    self.state = Locked(State(machine: machine, values: values, downstream: downstream))
    self.emptyValues = values
    self.description = description
    self.take = take
    self.transform = transform
  }

  /// Gives the downstream its subscription. Called once, before the upstreams are subscribed, so
  /// that nothing reaches the downstream before its subscription.
  @inlinable
  func start() {
    let downstream = state.withLock { $0.downstream }
    downstream?.receive(subscription: self)
  }

  /// The subscriber for upstream number `index`, which stores its values with `store`. `store`
  /// returns the value it replaced, if any, so that it is released after the lock.
  @inlinable
  func side<Input>(_ index: Int, store: @escaping (inout Values, Input) -> Input?) -> Side<Input> {
    Side(index: index, storage: self, store: store)
  }

  // MARK: Subscription

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    let (action, delivery) = state.withLock { state in
      let action = state.machine.demandRequested(demand)
      let delivery = action.deliver ? (take(&state.values), state.downstream) : nil
      return (action, delivery)
    }
    for subscription in action.requestFromUpstreams { subscription.request(action.demand) }
    if let (combination, downstream) = delivery { deliverAndDrain(combination, to: downstream) }
  }

  @usableFromInline
  func cancel() {
    let (upstreams, ended) = state.withLock { state in
      (state.machine.cancelled(), state.takeEverythingIfTerminated(leaving: emptyValues))
    }
    for upstream in upstreams { upstream.cancel() }
    _ = ended
  }

  // MARK: Upstream events

  private func receive(subscription: any Subscription, at index: Int) {
    switch state.withLock({ $0.machine.subscriptionReceived(subscription, at: index) }) {
    case .requestFromUpstream(let demand): subscription.request(demand)
    case .cancelUpstream: subscription.cancel()
    case .none: break
    }
  }

  @inlinable
  func receive<Input>(_ input: Input, at index: Int, store: (inout Values, Input) -> Input?) {
    // The value a store replaces may hold the last reference to a user object: it is released
    // after the lock.
    var replaced: Input?
    let delivery: (Combination, Downstream?)? = state.withLock { state in
      switch state.machine.valueReceived(at: index) {
      case .dropValue:
        return nil
      case .storeValue:
        replaced = store(&state.values, input)
        return nil
      case .storeValueAndDeliver:
        replaced = store(&state.values, input)
        return (take(&state.values), state.downstream)
      }
    }
    _ = replaced
    if let (combination, downstream) = delivery { deliverAndDrain(combination, to: downstream) }
  }

  private func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
    let (action, ended) = state.withLock { state in
      let action = state.machine.completionReceived(completion, at: index)
      switch action {
      case .cancelUpstreamsAndFinishDownstream, .cancelUpstreamsAndFailDownstream:
        return (action, state.takeEverythingIfTerminated(leaving: emptyValues))
      case .cancelUpstreams, .none:
        return (action, (nil, nil))
      }
    }
    switch action {
    case .cancelUpstreamsAndFinishDownstream(let upstreams):
      for upstream in upstreams { upstream.cancel() }
      ended.downstream?.receive(completion: .finished)
    case .cancelUpstreamsAndFailDownstream(let upstreams, let error):
      for upstream in upstreams { upstream.cancel() }
      ended.downstream?.receive(completion: .failure(error))
    case .cancelUpstreams(let upstreams):
      for upstream in upstreams { upstream.cancel() }
    case .none:
      break
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
      // Decided under the lock into locals, rather than returned as one struct: returning a struct of
      // optionals of the generic values cost a runtime copy and destroy per event.
      var demand = CombiningAction<Failure>.Demand()
      var action = CombiningAction<Failure>.DeliveryFinished.none
      // What the subscription held when it ended: released after the lock.
      var ended: (downstream: Downstream?, values: Values?) = (nil, nil)
      state.withLock { state in
        if more > 0 { demand = state.machine.demandRequested(more) }
        action = state.machine.deliveryFinished()
        if case .deliver = action { next = take(&state.values) }
        if state.machine.isTerminated { ended = state.takeEverythingIfTerminated(leaving: emptyValues) }
      }
      for subscription in demand.requestFromUpstreams { subscription.request(demand.demand) }
      switch action {
      case .deliver:
        continue
      case .cancelUpstreamsAndFinishDownstream(let upstreams):
        for upstream in upstreams { upstream.cancel() }
        ended.downstream?.receive(completion: .finished)
      case .failDownstream(let error):
        ended.downstream?.receive(completion: .failure(error))
      case .none:
        break
      }
      return
    }
  }

  // MARK: Side

  /// The subscriber attached to one upstream.
  @usableFromInline
  final class Side<Input>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let index: Int
    @usableFromInline let storage: CombiningStorage
    @usableFromInline let store: (inout Values, Input) -> Input?

    @inlinable
    init(index: Int, storage: CombiningStorage, store: @escaping (inout Values, Input) -> Input?) {
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

extension Optional {
  /// Stores `newValue` and hands back the value it replaces, so that the caller can let the old one
  /// go after unlocking (a combining side's `store`).
  @inlinable
  mutating func exchange(with newValue: Wrapped) -> Wrapped? {
    let old = take()
    self = newValue
    return old
  }
}
