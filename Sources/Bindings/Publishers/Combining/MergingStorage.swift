/// The subscription a merging publisher (merge, flat map, switch-to-latest) gives its downstream:
/// it owns the lock and the state machine, and performs the machine's actions after unlocking.
///
/// Ownership: the downstream holds this storage (as its subscription); the outer upstream, if any,
/// holds the ``OuterSide`` and each inner upstream its ``Side``, both of which hold the storage; the
/// storage holds the upstream subscriptions until it ends. Ending (completion or cancel) drops the
/// subscriptions and the downstream, which breaks the cycle.
final class MergingStorage<Machine: MergingStateMachine, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, @unchecked Sendable
where Machine.Output == Downstream.Input, Machine.Failure == Downstream.Failure {
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  /// The machine and the downstream, guarded by the storage's lock.
  private struct State {
    var machine: Machine
    /// `nil` once the subscription ended; taken out under the lock and released after it.
    var downstream: Downstream?

    /// Once the machine has terminated and no delivery is running, takes the downstream out, so
    /// the caller releases it after unlocking.
    mutating func takeDownstreamIfTerminated() -> Downstream? {
      guard machine.isTerminated, !machine.isDelivering else { return nil }
      return downstream.take()
    }

    /// Takes the downstream out with a completion action that ends the downstream.
    mutating func completion(
      _ action: MergingAction<Output, Failure>.Completion
    ) -> (action: MergingAction<Output, Failure>.Completion, ended: Downstream?) {
      switch action {
      case .finishDownstream, .cancelUpstreamsAndFailDownstream:
        return (action, takeDownstreamIfTerminated())
      case .requestFromOuter, .cancelUpstreams, .none:
        return (action, nil)
      }
    }
  }

  private let liveObject = LiveObjectToken("MergingStorage")
  private let state: Locked<State>
  let description: String

  init(_ machine: Machine, downstream: Downstream, description: String) {
    self.state = Locked(State(machine: machine, downstream: downstream))
    self.description = description
  }

  /// Gives the downstream its subscription. Called once, before any upstream is subscribed, so
  /// that nothing reaches the downstream before its subscription.
  func start() {
    let downstream = state.withLock { $0.downstream }
    downstream?.receive(subscription: self)
  }

  /// The subscriber for inner upstream number `inner`.
  func side(_ inner: Int) -> Side {
    Side(inner: inner, storage: self)
  }

  /// The subscriber for the outer upstream, which turns each of its values into an inner upstream
  /// with `makeInner`.
  func outerSide<Input, Inner: Publisher>(
    _ makeInner: @escaping (Input) -> Inner
  ) -> OuterSide<Input, Inner> {
    OuterSide(storage: self, makeInner: makeInner)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    let action = state.withLock { $0.machine.demandRequested(demand) }
    perform(action)
    if let (value, replenish) = action.deliver {
      deliverAndDrain(value, replenish: replenish)
    }
  }

  func cancel() {
    let (upstreams, downstream) = state.withLock { state in
      (state.machine.cancelled(), state.takeDownstreamIfTerminated())
    }
    for upstream in upstreams { upstream.cancel() }
    _ = downstream
  }

  // MARK: Outer upstream

  private func outerSubscriptionReceived(_ subscription: any Subscription) {
    switch state.withLock({ $0.machine.outerSubscriptionReceived(subscription) }) {
    case .requestFromOuter(let demand): subscription.request(demand)
    case .cancelOuter: subscription.cancel()
    }
  }

  /// Returns the number to give the new inner upstream, or `nil` when the subscription has ended.
  private func outerValueReceived() -> Int? {
    let action = state.withLock { $0.machine.outerValueReceived() }
    guard case .subscribeInner(let inner, let previous) = action else { return nil }
    previous?.cancel()
    return inner
  }

  private func outerCompleted(_ completion: Subscribers.Completion<Failure>) {
    let (action, ended) = state.withLock { state in
      let action = state.machine.outerCompleted(completion)
      return state.completion(action)
    }
    perform(action, ended: ended)
  }

  // MARK: Inner upstreams

  private func innerSubscriptionReceived(_ subscription: any Subscription, at inner: Int) {
    switch state.withLock({ $0.machine.innerSubscriptionReceived(subscription, at: inner) }) {
    case .requestFromInner(let demand): subscription.request(demand)
    case .cancelInner: subscription.cancel()
    case .none: break
    }
  }

  private func valueReceived(_ value: Output, at inner: Int) {
    let action = state.withLock { $0.machine.valueReceived(value, at: inner) }
    if case .deliver(let value, let replenish) = action {
      deliverAndDrain(value, replenish: replenish)
    }
  }

  private func innerCompleted(_ completion: Subscribers.Completion<Failure>, at inner: Int) {
    let (action, ended) = state.withLock { state in
      let action = state.machine.innerCompleted(completion, at: inner)
      return state.completion(action)
    }
    perform(action, ended: ended)
  }

  /// Performs a completion action, after the lock; `ended` is the downstream taken out with it.
  private func perform(_ action: MergingAction<Output, Failure>.Completion, ended: Downstream?) {
    switch action {
    case .finishDownstream:
      ended?.receive(completion: .finished)
    case .requestFromOuter(let outer, let demand):
      outer.request(demand)
    case .cancelUpstreamsAndFailDownstream(let upstreams, let error):
      for upstream in upstreams { upstream.cancel() }
      ended?.receive(completion: .failure(error))
    case .cancelUpstreams(let upstreams):
      for upstream in upstreams { upstream.cancel() }
    case .none:
      break
    }
  }

  /// Passes new demand on to the upstreams. Called without the lock.
  private func perform(_ action: MergingAction<Output, Failure>.Demand) {
    for subscription in action.requestUnlimitedFrom { subscription.request(.unlimited) }
    if let (inner, demand) = action.requestFromInner { inner.request(demand) }
  }

  // MARK: Delivery

  /// Delivers `value`, then every value that became due while it was delivered. Only the thread
  /// that the machine chose as the delivering one calls this, so deliveries never overlap.
  private func deliverAndDrain(_ value: Output, replenish: (any Subscription)?) {
    let downstream = state.withLock { $0.downstream }
    var next = (value: value, replenish: replenish)
    while true {
      let more = downstream?.receive(next.value) ?? .none
      next.replenish?.request(.max(1))
      let (demandAction, action, ended) = state.withLock { state in
        let demandAction = more > 0 ? state.machine.demandRequested(more) : MergingAction<Output, Failure>.Demand()
        let action = state.machine.deliveryFinished()
        return (demandAction, action, state.takeDownstreamIfTerminated())
      }
      perform(demandAction)
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

  // MARK: Sides

  /// The subscriber attached to the outer upstream: it makes an inner upstream of each value,
  /// outside any lock, and subscribes the storage to it.
  final class OuterSide<Input, Inner: Publisher>: Subscriber, CustomStringConvertible
  where Inner.Output == Output, Inner.Failure == Failure {
    typealias Failure = Downstream.Failure

    private let storage: MergingStorage
    private let makeInner: (Input) -> Inner

    init(storage: MergingStorage, makeInner: @escaping (Input) -> Inner) {
      self.storage = storage
      self.makeInner = makeInner
    }

    var description: String { storage.description }

    func receive(subscription: any Subscription) {
      storage.outerSubscriptionReceived(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard let inner = storage.outerValueReceived() else { return .none }
      makeInner(input).subscribe(storage.side(inner))
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      storage.outerCompleted(completion)
    }
  }

  /// The subscriber attached to one inner upstream.
  final class Side: Subscriber, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let inner: Int
    private let storage: MergingStorage

    init(inner: Int, storage: MergingStorage) {
      self.inner = inner
      self.storage = storage
    }

    var description: String { storage.description }

    func receive(subscription: any Subscription) {
      storage.innerSubscriptionReceived(subscription, at: inner)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      storage.valueReceived(input, at: inner)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      storage.innerCompleted(completion, at: inner)
    }
  }
}
