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

  @usableFromInline
  enum Phase {
    case active
    /// A failure waits for the current delivery to end.
    case failing(Failure)
    case terminated
  }

  @usableFromInline var phase = Phase.active
  @usableFromInline var subscriptions: ContiguousArray<(any Subscription)?>
  @usableFromInline var queued: ContiguousArray<Int>
  @usableFromInline var isFinished: ContiguousArray<Bool>
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var requestedInTotal = Subscribers.Demand.none
  @usableFromInline var isDelivering = false

  @inlinable
  init(upstreamCount: Int) {
    subscriptions = ContiguousArray(repeating: nil, count: upstreamCount)
    queued = ContiguousArray(repeating: 0, count: upstreamCount)
    isFinished = ContiguousArray(repeating: false, count: upstreamCount)
  }

  @inlinable
  var isTerminated: Bool {
    if case .terminated = phase { return true }
    return false
  }

  @inlinable
  var isActive: Bool {
    if case .active = phase { return true }
    return false
  }

  @inlinable
  var hasTuple: Bool { queued.allSatisfy { $0 > 0 } }

  /// No tuple can ever be completed again: an upstream finished with nothing queued.
  @inlinable
  var isExhausted: Bool {
    queued.indices.contains { isFinished[$0] && queued[$0] == 0 }
  }

  @inlinable
  mutating func subscriptionReceived(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    guard isActive, subscriptions[index] == nil, !isFinished[index] else { return .cancelUpstream }
    subscriptions[index] = subscription
    return requestedInTotal > 0 ? .requestFromUpstream(requestedInTotal) : .none
  }

  @inlinable
  mutating func valueReceived(at index: Int) -> ValueAction {
    guard isActive, !isFinished[index] else { return .dropValue }
    queued[index] += 1
    guard !isDelivering, demand > 0, hasTuple else { return .storeValue }
    takeTuple()
    isDelivering = true
    return .storeValueAndDeliver
  }

  @inlinable
  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    var action = DemandAction()
    guard isActive, more > 0 else { return action }
    demand += more
    requestedInTotal += more
    action.requestFromUpstreams.reserveCapacity(subscriptions.count)
    for case let subscription? in subscriptions { action.requestFromUpstreams.append(subscription) }
    action.demand = more
    if !isDelivering, hasTuple {
      takeTuple()
      isDelivering = true
      action.deliver = true
    }
    return action
  }

  @inlinable
  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(isDelivering, "ZipStateMachine.deliveryFinished() without a delivery")
    switch phase {
    case .active:
      if demand > 0, hasTuple {
        takeTuple()
        return .deliver
      }
      isDelivering = false
      guard isExhausted else { return .none }
      phase = .terminated
      return .cancelUpstreamsAndFinishDownstream(takeSubscriptions())
    case .failing(let error):
      isDelivering = false
      phase = .terminated
      return .failDownstream(error)
    case .terminated:
      // Cancelled during the delivery.
      isDelivering = false
      return .none
    }
  }

  @inlinable
  mutating func completionReceived(_ completion: Subscribers.Completion<Failure>, at index: Int) -> CompletionAction {
    guard isActive, !isFinished[index] else { return .none }
    isFinished[index] = true
    subscriptions[index] = nil
    switch completion {
    case .finished:
      // While delivering, the delivering thread checks for the end when it is done.
      guard !isDelivering, isExhausted else { return .none }
      phase = .terminated
      return .cancelUpstreamsAndFinishDownstream(takeSubscriptions())
    case .failure(let error):
      let others = takeSubscriptions()
      if isDelivering {
        phase = .failing(error)
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
    case .failing:
      phase = .terminated
      return []
    case .terminated:
      return []
    }
  }

  @inlinable
  mutating func takeTuple() {
    demand -= 1
    for index in queued.indices { queued[index] -= 1 }
  }

  @inlinable
  mutating func takeSubscriptions() -> ContiguousArray<any Subscription> {
    var live = ContiguousArray<any Subscription>()
    for case let subscription? in subscriptions { live.append(subscription) }
    for index in subscriptions.indices { subscriptions[index] = nil }
    return live
  }
}
