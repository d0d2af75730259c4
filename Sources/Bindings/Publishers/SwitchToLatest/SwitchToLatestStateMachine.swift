/// The decisions of a switch-to-latest subscription, as a plain value.
///
/// Each inner publisher gets a generation number; when a newer one arrives, the current one is
/// cancelled, and anything that still arrives from it (or waits in the queue) is dropped. The
/// downstream's outstanding demand is passed on to each new inner publisher.
///
/// Deliveries are serialized: a value arriving during a delivery is queued, and the delivering
/// thread delivers it next, unless its inner publisher has been replaced meanwhile.
struct SwitchToLatestStateMachine<Output, Failure: Error>: MergingStateMachine {
  typealias OuterSubscriptionAction = MergingAction<Output, Failure>.OuterSubscription
  typealias OuterValueAction = MergingAction<Output, Failure>.OuterValue
  typealias InnerSubscriptionAction = MergingAction<Output, Failure>.InnerSubscription
  typealias ValueAction = MergingAction<Output, Failure>.Value
  typealias DemandAction = MergingAction<Output, Failure>.Demand
  typealias DeliveryFinishedAction = MergingAction<Output, Failure>.DeliveryFinished
  typealias CompletionAction = MergingAction<Output, Failure>.Completion

  private var progress = MergingProgress<Output, Failure>()
  private var outer: (any Subscription)?
  private var isOuterFinished = false
  private var inner: (any Subscription)?
  /// The generation of the current inner publisher; 0 before the first one.
  private var generation = 0
  private var hasUnfinishedInner = false
  private var demand = Subscribers.Demand.none
  private var queue = EventQueue<(generation: Int, value: Output)>()

  init() {}

  var isTerminated: Bool { progress.isTerminated }

  var isDelivering: Bool { progress.isDelivering }

  private var isActive: Bool { progress.isActive }

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
    return .subscribeInner(at: generation, cancellingPrevious: previous)
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

  mutating func innerSubscriptionReceived(
    _ subscription: any Subscription, at generation: Int
  ) -> InnerSubscriptionAction {
    // A replaced inner publisher may hand over its subscription late: it is cancelled at once.
    guard isActive, generation == self.generation, inner == nil, hasUnfinishedInner else { return .cancelInner }
    inner = subscription
    return demand > 0 ? .requestFromInner(demand) : .none
  }

  mutating func valueReceived(_ value: Output, at generation: Int) -> ValueAction {
    guard isActive, generation == self.generation else { return .none }
    guard !isDelivering, demand > 0, queue.isEmpty else {
      queue.append((generation, value))
      return .none
    }
    demand -= 1
    progress.isDelivering = true
    return .deliver(value, replenish: nil)
  }

  mutating func innerCompleted(_ completion: Subscribers.Completion<Failure>, at generation: Int) -> CompletionAction {
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
      progress.isDelivering = true
      action.deliver = (next, nil)
    }
    return action
  }

  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(isDelivering, "SwitchToLatestStateMachine.deliveryFinished() without a delivery")
    if isActive, demand > 0, let next = popCurrent() {
      demand -= 1
      return .deliver(next, replenish: nil)
    }
    return progress.endDelivery(isExhausted: isExhausted)
  }

  mutating func cancelled() -> ContiguousArray<any Subscription> {
    guard progress.cancel() else { return [] }
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
    progress.finishIfExhausted(isExhausted)
  }

  private mutating func fail(_ error: Failure) -> CompletionAction {
    queue = EventQueue()
    return progress.fail(error, cancelling: takeUpstreams())
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
