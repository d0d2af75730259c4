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
@usableFromInline
struct CombineLatestStateMachine<Failure: Error>: CombiningStateMachine {
  @usableFromInline typealias SubscriptionAction = CombiningAction<Failure>.Subscription
  @usableFromInline typealias ValueAction = CombiningAction<Failure>.Value
  @usableFromInline typealias DemandAction = CombiningAction<Failure>.Demand
  @usableFromInline typealias DeliveryFinishedAction = CombiningAction<Failure>.DeliveryFinished
  @usableFromInline typealias CompletionAction = CombiningAction<Failure>.Completion

  @usableFromInline
  enum Phase {
    case active
    /// A completion waits for the current delivery to end.
    case completing(Subscribers.Completion<Failure>)
    case terminated
  }

  @usableFromInline var phase = Phase.active
  @usableFromInline var subscriptions: ContiguousArray<(any Subscription)?>
  @usableFromInline var hasValue: ContiguousArray<Bool>
  @usableFromInline var isFinished: ContiguousArray<Bool>
  @usableFromInline var upstreamsWithoutValue: Int
  @usableFromInline var unfinishedUpstreams: Int
  @usableFromInline var demand = Subscribers.Demand.none
  /// Everything the downstream requested so far; an upstream whose subscription arrives late
  /// is asked for this much, since it missed the earlier requests.
  @usableFromInline var requestedInTotal = Subscribers.Demand.none
  @usableFromInline var isDelivering = false
  @usableFromInline var hasPendingCombination = false

  @inlinable
  init(upstreamCount: Int) {
    subscriptions = ContiguousArray(repeating: nil, count: upstreamCount)
    hasValue = ContiguousArray(repeating: false, count: upstreamCount)
    isFinished = ContiguousArray(repeating: false, count: upstreamCount)
    upstreamsWithoutValue = upstreamCount
    unfinishedUpstreams = upstreamCount
  }

  @inlinable
  var isTerminated: Bool {
    if case .terminated = phase { return true }
    return false
  }

  @inlinable
  mutating func subscriptionReceived(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    // A second subscription for the same upstream breaks the contract; refusing it is all we can do.
    guard case .active = phase, subscriptions[index] == nil, !isFinished[index] else { return .cancelUpstream }
    subscriptions[index] = subscription
    return requestedInTotal > 0 ? .requestFromUpstream(requestedInTotal) : .none
  }

  @inlinable
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

  @inlinable
  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    guard case .active = phase, more > 0 else { return DemandAction() }
    demand += more
    requestedInTotal += more
    // A combination that found no demand was dropped, so there is never one to deliver here.
    return DemandAction(requestFromUpstreams: liveSubscriptions(), demand: more)
  }

  @inlinable
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

  @inlinable
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

  @inlinable
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

  @inlinable
  func liveSubscriptions() -> ContiguousArray<any Subscription> {
    var live = ContiguousArray<any Subscription>()
    live.reserveCapacity(subscriptions.count)
    for case let subscription? in subscriptions { live.append(subscription) }
    return live
  }

  @inlinable
  mutating func takeSubscriptions() -> ContiguousArray<any Subscription> {
    let live = liveSubscriptions()
    for index in subscriptions.indices { subscriptions[index] = nil }
    return live
  }
}
