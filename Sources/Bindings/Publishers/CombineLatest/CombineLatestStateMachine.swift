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

  /// The subscriptions, demand, delivery and end, as ``ZipStateMachine`` keeps them too.
  @usableFromInline var upstreams: CombiningUpstreams<Failure>
  @usableFromInline var hasValue: ContiguousArray<Bool>
  @usableFromInline var upstreamsWithoutValue: Int
  @usableFromInline var unfinishedUpstreams: Int
  @usableFromInline var hasPendingCombination = false

  @inlinable
  init(upstreamCount: Int) {
    upstreams = CombiningUpstreams(count: upstreamCount)
    hasValue = ContiguousArray(repeating: false, count: upstreamCount)
    upstreamsWithoutValue = upstreamCount
    unfinishedUpstreams = upstreamCount
  }

  @inlinable
  var isTerminated: Bool { upstreams.isTerminated }

  @inlinable
  var isDelivering: Bool { upstreams.isDelivering }

  @inlinable
  mutating func subscriptionReceived(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    upstreams.subscriptionReceived(subscription, at: index)
  }

  @inlinable
  mutating func valueReceived(at index: Int) -> ValueAction {
    // Not active when a failure is waiting for a delivery to end: later values are dropped, since
    // the subscription is over.
    guard upstreams.isActive else { return .dropValue }
    if !hasValue[index] {
      hasValue[index] = true
      upstreamsWithoutValue -= 1
    }
    guard upstreamsWithoutValue == 0 else { return .storeValue }
    if upstreams.isDelivering {
      hasPendingCombination = true
      return .storeValue
    }
    // Without demand, the combination is dropped and only the latest values are kept, as in Combine.
    guard upstreams.demand > 0 else { return .storeValue }
    upstreams.demand -= 1
    upstreams.isDelivering = true
    return .storeValueAndDeliver
  }

  @inlinable
  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    guard upstreams.addDemand(more) else { return DemandAction() }
    // A combination that found no demand was dropped, so there is never one to deliver here.
    return DemandAction(requestFromUpstreams: upstreams.liveSubscriptions(), demand: more)
  }

  @inlinable
  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(upstreams.isDelivering, "CombineLatestStateMachine.deliveryFinished() without a delivery")
    guard upstreams.isActive else {
      hasPendingCombination = false
      return upstreams.endDeliveryAfterTheEnd()
    }
    if hasPendingCombination, upstreams.demand > 0 {
      hasPendingCombination = false
      upstreams.demand -= 1
      return .deliver
    }
    hasPendingCombination = false
    upstreams.isDelivering = false
    return .none
  }

  @inlinable
  mutating func completionReceived(_ completion: Subscribers.Completion<Failure>, at index: Int) -> CompletionAction {
    guard upstreams.isActive, !upstreams.isFinished[index] else { return .none }
    upstreams.markFinished(index)
    switch completion {
    case .finished:
      unfinishedUpstreams -= 1
      guard unfinishedUpstreams == 0 else { return .none }
      return upstreams.finish()
    case .failure(let error):
      return upstreams.fail(error)
    }
  }

  @inlinable
  mutating func cancelled() -> ContiguousArray<any Subscription> {
    upstreams.cancelled()
  }
}
