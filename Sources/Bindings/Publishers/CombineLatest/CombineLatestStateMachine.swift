/// The decisions of a combine-latest subscription, as a plain value.
///
/// It tracks which upstreams have produced a value, which have finished, the downstream's demand,
/// and whether a delivery is in progress. It never calls anyone: every method returns an action,
/// which the owning ``CombineLatestStorage`` performs after unlocking. The values themselves are
/// kept by the storage, because their types differ per upstream.
///
/// Deliveries are serialized: while one thread delivers a combination, a value arriving on
/// another thread (or re-entrantly) only marks a newer combination as pending, and the delivering
/// thread sends the latest combination when it is done, if there is demand for it. Intermediate
/// combinations may be skipped that way, as Combine drops values it has no demand for; the latest
/// one is never lost while there is demand.
struct CombineLatestStateMachine<Failure: Error> {
  enum SubscriptionAction {
    case requestFromUpstream(Subscribers.Demand)
    case cancelUpstream
    case none
  }

  enum ValueAction {
    /// The subscription has ended: the value is thrown away.
    case dropValue
    /// Keep the value as its upstream's latest; nothing to deliver now.
    case storeValue
    /// Keep the value, then deliver the combination of the latest values.
    case storeValueAndDeliverCombination
  }

  enum DemandAction {
    case requestFromUpstreams(ContiguousArray<any Subscription>, Subscribers.Demand)
    case none
  }

  enum DeliveryFinishedAction {
    case deliverCombination
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

  enum CancelAction {
    case cancelUpstreams(ContiguousArray<any Subscription>)
    case none
  }

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
    return .storeValueAndDeliverCombination
  }

  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    guard case .active = phase, more > 0 else { return .none }
    demand += more
    requestedInTotal += more
    return .requestFromUpstreams(liveSubscriptions(), more)
  }

  /// Called by the delivering thread after the downstream returned. Any additional demand the
  /// downstream returned goes through ``demandRequested(_:)`` first.
  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(isDelivering, "CombineLatestStateMachine.deliveryFinished() without a delivery")
    switch phase {
    case .active:
      if hasPendingCombination, demand > 0 {
        hasPendingCombination = false
        demand -= 1
        return .deliverCombination
      }
      hasPendingCombination = false
      isDelivering = false
      return .none
    case .completing(let completion):
      isDelivering = false
      phase = .terminated
      switch completion {
      case .finished: return .finishDownstream
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
      return .finishDownstream
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

  mutating func cancelled() -> CancelAction {
    switch phase {
    case .active:
      phase = .terminated
      return .cancelUpstreams(takeSubscriptions())
    case .completing:
      // The upstreams are already cancelled or finished; the pending completion is dropped.
      phase = .terminated
      return .none
    case .terminated:
      return .none
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
