/// The decisions of a zip subscription, as a plain value.
///
/// It counts the values each upstream has queued (the values themselves are kept by the owning
/// ``CombiningStorage``, because their types differ per upstream), which upstreams have finished, the
/// downstream's demand, and whether a delivery is in progress. Every method returns an action that
/// the storage performs after unlocking.
///
/// Deliveries are serialized: a tuple that becomes complete during a delivery is delivered by the
/// delivering thread next. No value is lost or delivered twice.
@usableFromInline
struct ZipStateMachine<Failure: Error>: CombiningStateMachine {
  @usableFromInline typealias SubscriptionAction = CombiningAction<Failure>.Subscription
  @usableFromInline typealias ValueAction = CombiningAction<Failure>.Value
  @usableFromInline typealias DemandAction = CombiningAction<Failure>.Demand
  @usableFromInline typealias DeliveryFinishedAction = CombiningAction<Failure>.DeliveryFinished
  @usableFromInline typealias CompletionAction = CombiningAction<Failure>.Completion

  /// The subscriptions, demand, delivery and end, as ``CombineLatestStateMachine`` keeps them too.
  @usableFromInline var upstreams: CombiningUpstreams<Failure>
  @usableFromInline var queued: ContiguousArray<Int>

  @inlinable
  init(upstreamCount: Int) {
    upstreams = CombiningUpstreams(count: upstreamCount)
    queued = ContiguousArray(repeating: 0, count: upstreamCount)
  }

  @inlinable
  var isTerminated: Bool { upstreams.isTerminated }

  @inlinable
  var isDelivering: Bool { upstreams.isDelivering }

  @inlinable
  var hasTuple: Bool { queued.allSatisfy { $0 > 0 } }

  /// No tuple can ever be completed again: an upstream finished with nothing queued.
  @inlinable
  var isExhausted: Bool {
    queued.indices.contains { upstreams.isFinished[$0] && queued[$0] == 0 }
  }

  @inlinable
  mutating func subscriptionReceived(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    upstreams.subscriptionReceived(subscription, at: index)
  }

  @inlinable
  mutating func valueReceived(at index: Int) -> ValueAction {
    guard upstreams.isActive, !upstreams.isFinished[index] else { return .dropValue }
    queued[index] += 1
    guard !upstreams.isDelivering, upstreams.demand > 0, hasTuple else { return .storeValue }
    takeTuple()
    upstreams.isDelivering = true
    return .storeValueAndDeliver
  }

  @inlinable
  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    guard upstreams.addDemand(more) else { return DemandAction() }
    var action = DemandAction(requestFromUpstreams: upstreams.liveSubscriptions(), demand: more)
    if !upstreams.isDelivering, hasTuple {
      takeTuple()
      upstreams.isDelivering = true
      action.deliver = true
    }
    return action
  }

  @inlinable
  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(upstreams.isDelivering, "ZipStateMachine.deliveryFinished() without a delivery")
    guard upstreams.isActive else { return upstreams.endDeliveryAfterTheEnd() }
    if upstreams.demand > 0, hasTuple {
      takeTuple()
      return .deliver
    }
    upstreams.isDelivering = false
    guard isExhausted else { return .none }
    upstreams.phase = .terminated
    return .cancelUpstreamsAndFinishDownstream(upstreams.takeSubscriptions())
  }

  @inlinable
  mutating func completionReceived(_ completion: Subscribers.Completion<Failure>, at index: Int) -> CompletionAction {
    guard upstreams.isActive, !upstreams.isFinished[index] else { return .none }
    upstreams.markFinished(index)
    switch completion {
    case .finished:
      // While delivering, the delivering thread checks for the end when it is done.
      guard !upstreams.isDelivering, isExhausted else { return .none }
      return upstreams.finish()
    case .failure(let error):
      return upstreams.fail(error)
    }
  }

  @inlinable
  mutating func cancelled() -> ContiguousArray<any Subscription> {
    upstreams.cancelled()
  }

  @inlinable
  mutating func takeTuple() {
    upstreams.demand -= 1
    for index in queued.indices { queued[index] -= 1 }
  }
}
