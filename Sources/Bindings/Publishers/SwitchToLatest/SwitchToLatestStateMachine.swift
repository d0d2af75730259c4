/// The decisions of a switch-to-latest subscription, as a plain value.
///
/// Each inner publisher gets a generation number; when a newer one arrives, the current one is
/// cancelled, and anything that still arrives from it (or waits in the queue) is dropped. The
/// downstream's outstanding demand is passed on to each new inner publisher.
///
/// Deliveries are serialized: a value arriving during a delivery is queued, and the delivering
/// thread delivers it next, unless its inner publisher has been replaced meanwhile.
struct SwitchToLatestStateMachine<Output, Failure: Error> {
  enum OuterSubscriptionAction {
    case requestFromOuter(Subscribers.Demand)
    case cancelOuter
  }

  enum OuterValueAction {
    case cancelPreviousAndSubscribeInner(previous: (any Subscription)?, generation: Int)
    case dropValue
  }

  enum InnerSubscriptionAction {
    case requestFromInner(Subscribers.Demand)
    case cancelInner
    case none
  }

  enum ValueAction {
    case deliver(Output)
    /// Queued, or dropped because its inner publisher was replaced or the subscription ended.
    case none
  }

  struct DemandAction {
    var requestFromInner: (subscription: any Subscription, demand: Subscribers.Demand)?
    /// A queued value this thread must deliver, as the new delivering thread.
    var deliver: Output?
  }

  enum DeliveryFinishedAction {
    case deliver(Output)
    case finishDownstream
    case failDownstream(Failure)
    case none
  }

  enum CompletionAction {
    case finishDownstream
    case cancelUpstreamsAndFailDownstream(ContiguousArray<any Subscription>, Failure)
    /// A failure arrived during a delivery: the delivering thread sends it when done.
    case cancelUpstreams(ContiguousArray<any Subscription>)
    case none
  }

  private enum Phase {
    case active
    case failing(Failure)
    case terminated
  }

  private var phase = Phase.active
  private var outer: (any Subscription)?
  private var isOuterFinished = false
  private var inner: (any Subscription)?
  /// The generation of the current inner publisher; 0 before the first one.
  private var generation = 0
  private var hasUnfinishedInner = false
  private var demand = Subscribers.Demand.none
  private var queue = EventQueue<(generation: Int, value: Output)>()
  private(set) var isDelivering = false

  init() {}

  var isTerminated: Bool {
    if case .terminated = phase { return true }
    return false
  }

  private var isActive: Bool {
    if case .active = phase { return true }
    return false
  }

  private var isExhausted: Bool {
    isOuterFinished && !hasUnfinishedInner && queue.isEmpty
  }

  mutating func outerSubscriptionReceived(_ subscription: any Subscription) -> OuterSubscriptionAction {
    guard isActive, outer == nil, !isOuterFinished else { return .cancelOuter }
    outer = subscription
    return .requestFromOuter(.unlimited)
  }

  mutating func outerValueReceived() -> OuterValueAction {
    guard isActive else { return .dropValue }
    let previous = inner
    inner = nil
    generation += 1
    hasUnfinishedInner = true
    return .cancelPreviousAndSubscribeInner(previous: previous, generation: generation)
  }

  mutating func outerCompleted(_ completion: Subscribers.Completion<Failure>) -> CompletionAction {
    guard isActive, !isOuterFinished else { return .none }
    isOuterFinished = true
    outer = nil
    switch completion {
    case .finished: return finishIfExhausted()
    case .failure(let error): return fail(error)
    }
  }

  mutating func innerSubscriptionReceived(_ subscription: any Subscription, generation: Int) -> InnerSubscriptionAction
  {
    // A replaced inner publisher may hand over its subscription late: it is cancelled at once.
    guard isActive, generation == self.generation, inner == nil, hasUnfinishedInner else { return .cancelInner }
    inner = subscription
    return demand > 0 ? .requestFromInner(demand) : .none
  }

  mutating func valueReceived(_ value: Output, generation: Int) -> ValueAction {
    guard isActive, generation == self.generation else { return .none }
    guard !isDelivering, demand > 0, queue.isEmpty else {
      queue.append((generation, value))
      return .none
    }
    demand -= 1
    isDelivering = true
    return .deliver(value)
  }

  mutating func innerCompleted(_ completion: Subscribers.Completion<Failure>, generation: Int) -> CompletionAction {
    guard isActive, generation == self.generation, hasUnfinishedInner else { return .none }
    hasUnfinishedInner = false
    inner = nil
    switch completion {
    case .finished: return finishIfExhausted()
    case .failure(let error): return fail(error)
    }
  }

  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    var action = DemandAction()
    guard isActive, more > 0 else { return action }
    demand += more
    if let inner { action.requestFromInner = (inner, more) }
    if !isDelivering, let next = popCurrent() {
      demand -= 1
      isDelivering = true
      action.deliver = next
    }
    return action
  }

  /// Called by the delivering thread after the downstream returned. Any additional demand the
  /// downstream returned goes through ``demandRequested(_:)`` first.
  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(isDelivering, "SwitchToLatestStateMachine.deliveryFinished() without a delivery")
    switch phase {
    case .active:
      if demand > 0, let next = popCurrent() {
        demand -= 1
        return .deliver(next)
      }
      isDelivering = false
      guard isExhausted else { return .none }
      phase = .terminated
      return .finishDownstream
    case .failing(let error):
      isDelivering = false
      phase = .terminated
      return .failDownstream(error)
    case .terminated:
      isDelivering = false
      return .none
    }
  }

  mutating func cancelled() -> ContiguousArray<any Subscription> {
    guard isActive else {
      phase = .terminated
      return []
    }
    phase = .terminated
    queue = EventQueue()
    return takeUpstreams()
  }

  /// The oldest queued value of the current inner publisher, dropping older generations' values.
  private mutating func popCurrent() -> Output? {
    guard demand > 0 else { return nil }
    while let next = queue.popFirst() {
      if next.generation == generation { return next.value }
    }
    return nil
  }

  private mutating func finishIfExhausted() -> CompletionAction {
    guard !isDelivering, isExhausted else { return .none }
    phase = .terminated
    return .finishDownstream
  }

  private mutating func fail(_ error: Failure) -> CompletionAction {
    queue = EventQueue()
    let others = takeUpstreams()
    if isDelivering {
      phase = .failing(error)
      return .cancelUpstreams(others)
    }
    phase = .terminated
    return .cancelUpstreamsAndFailDownstream(others, error)
  }

  private mutating func takeUpstreams() -> ContiguousArray<any Subscription> {
    var upstreams = ContiguousArray<any Subscription>()
    if let outer { upstreams.append(outer) }
    if let inner { upstreams.append(inner) }
    outer = nil
    inner = nil
    isOuterFinished = true
    hasUnfinishedInner = false
    return upstreams
  }
}
