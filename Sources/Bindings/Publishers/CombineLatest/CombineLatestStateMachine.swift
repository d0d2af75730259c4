/// The decisions of a combine-latest subscription, as a plain value.
///
/// It tracks which upstreams have produced a value, which have finished, the downstream's demand,
/// and whether a delivery is in progress. It never calls anyone: every method returns an action,
/// which the owning ``CombiningStorage`` performs after unlocking. The values themselves are
/// kept by the storage, because their types differ per upstream.
///
/// Deliveries are serialized: while one thread delivers a combination, a value arriving on
/// another thread (or re-entrantly) only marks a newer combination as pending, and the delivering
/// thread sends the latest combination when it is done, if there is demand for it. Intermediate
/// combinations may be skipped that way, as Combine drops values it has no demand for; the latest
/// one is never lost while there is demand.
struct CombineLatestStateMachine<Failure: Error>: CombiningStateMachine {
  typealias SubscriptionAction = CombiningAction<Failure>.Subscription
  typealias ValueAction = CombiningAction<Failure>.Value
  typealias DemandAction = CombiningAction<Failure>.Demand
  typealias DeliveryFinishedAction = CombiningAction<Failure>.DeliveryFinished
  typealias CompletionAction = CombiningAction<Failure>.Completion

  private enum Phase {
    case active
    /// A completion waits for the current delivery to end.
    case completing(Subscribers.Completion<Failure>)
    case terminated
  }

  private var phase = Phase.active
  private var subscriptions: ContiguousArray<(any Subscription)?>
  private var hasValue: ContiguousArray<Bool>
  private var isFinished: ContiguousArray<Bool>
  private var upstreamsWithoutValue: Int
  private var unfinishedUpstreams: Int
  private var demand = Subscribers.Demand.none
  /// Everything the downstream requested so far; an upstream whose subscription arrives late
  /// is asked for this much, since it missed the earlier requests.
  private var requestedInTotal = Subscribers.Demand.none
  private(set) var isDelivering = false
  private var hasPendingCombination = false

  init(upstreamCount: Int) {
    subscriptions = ContiguousArray(repeating: nil, count: upstreamCount)
    hasValue = ContiguousArray(repeating: false, count: upstreamCount)
    isFinished = ContiguousArray(repeating: false, count: upstreamCount)
    upstreamsWithoutValue = upstreamCount
    unfinishedUpstreams = upstreamCount
  }

  var isTerminated: Bool {
    if case .terminated = phase { return true }
    return false
  }

  mutating func subscriptionReceived(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    // A second subscription for the same upstream breaks the contract; refusing it is all we can do.
    guard case .active = phase, subscriptions[index] == nil, !isFinished[index] else { return .cancelUpstream }
    subscriptions[index] = subscription
    return requestedInTotal > 0 ? .requestFromUpstream(requestedInTotal) : .none
  }

  mutating func valueReceived(at index: Int) -> ValueAction {
    // `.completing` is reachable when a failure is waiting for a delivery to end: later values
    // are dropped, since the subscription is over.
    guard case .active = phase else { return .dropValue }
    if !hasValue[index] {
      hasValue[index] = true
      upstreamsWithoutValue -= 1
    }
    guard upstreamsWithoutValue == 0 else { return .storeValue }
    if isDelivering {
      hasPendingCombination = true
      return .storeValue
    }
    // Without demand, the combination is dropped and only the latest values are kept, as in Combine.
    guard demand > 0 else { return .storeValue }
    demand -= 1
    isDelivering = true
    return .storeValueAndDeliver
  }

  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    guard case .active = phase, more > 0 else { return DemandAction() }
    demand += more
    requestedInTotal += more
    // A combination that found no demand was dropped, so there is never one to deliver here.
    return DemandAction(requestFromUpstreams: liveSubscriptions(), demand: more)
  }

  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(isDelivering, "CombineLatestStateMachine.deliveryFinished() without a delivery")
    switch phase {
    case .active:
      if hasPendingCombination, demand > 0 {
        hasPendingCombination = false
        demand -= 1
        return .deliver
      }
      hasPendingCombination = false
      isDelivering = false
      return .none
    case .completing(let completion):
      isDelivering = false
      phase = .terminated
      switch completion {
      case .finished: return .cancelUpstreamsAndFinishDownstream([])
      case .failure(let error): return .failDownstream(error)
      }
    case .terminated:
      // Cancelled during the delivery.
      isDelivering = false
      return .none
    }
  }

  mutating func completionReceived(_ completion: Subscribers.Completion<Failure>, at index: Int) -> CompletionAction {
    guard case .active = phase, !isFinished[index] else { return .none }
    switch completion {
    case .finished:
      isFinished[index] = true
      subscriptions[index] = nil
      unfinishedUpstreams -= 1
      guard unfinishedUpstreams == 0 else { return .none }
      if isDelivering {
        phase = .completing(.finished)
        return .none
      }
      phase = .terminated
      return .cancelUpstreamsAndFinishDownstream([])
    case .failure(let error):
      subscriptions[index] = nil
      let others = takeSubscriptions()
      if isDelivering {
        phase = .completing(completion)
        return .cancelUpstreams(others)
      }
      phase = .terminated
      return .cancelUpstreamsAndFailDownstream(others, error)
    }
  }

  mutating func cancelled() -> ContiguousArray<any Subscription> {
    switch phase {
    case .active:
      phase = .terminated
      return takeSubscriptions()
    case .completing:
      // The upstreams are already cancelled or finished; the pending completion is dropped.
      phase = .terminated
      return []
    case .terminated:
      return []
    }
  }

  private func liveSubscriptions() -> ContiguousArray<any Subscription> {
    var live = ContiguousArray<any Subscription>()
    live.reserveCapacity(subscriptions.count)
    for case let subscription? in subscriptions { live.append(subscription) }
    return live
  }

  private mutating func takeSubscriptions() -> ContiguousArray<any Subscription> {
    let live = liveSubscriptions()
    for index in subscriptions.indices { subscriptions[index] = nil }
    return live
  }
}
