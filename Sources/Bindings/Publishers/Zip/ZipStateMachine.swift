/// The decisions of a zip subscription, as a plain value.
///
/// It counts the values each upstream has queued (the values themselves are kept by the owning
/// ``ZipStorage``, because their types differ per upstream), which upstreams have finished, the
/// downstream's demand, and whether a delivery is in progress. Every method returns an action that
/// the storage performs after unlocking.
///
/// Deliveries are serialized: a tuple that becomes complete during a delivery is delivered by the
/// delivering thread next. No value is lost or delivered twice.
struct ZipStateMachine<Failure: Error> {
  enum SubscriptionAction {
    case requestFromUpstream(Subscribers.Demand)
    case cancelUpstream
    case none
  }

  enum ValueAction {
    /// The subscription has ended: the value is thrown away.
    case dropValue
    case storeValue
    /// Queue the value, then take the oldest value of every upstream and deliver them as a tuple.
    case storeValueAndDeliverTuple
  }

  struct DemandAction {
    var requestFromUpstreams = ContiguousArray<any Subscription>()
    var demand = Subscribers.Demand.none
    /// This thread becomes the delivering one and must deliver the next tuple.
    var deliverTuple = false
  }

  enum DeliveryFinishedAction {
    case deliverTuple
    case cancelUpstreamsAndFinishDownstream(ContiguousArray<any Subscription>)
    case failDownstream(Failure)
    case none
  }

  enum CompletionAction {
    case cancelUpstreamsAndFinishDownstream(ContiguousArray<any Subscription>)
    case cancelUpstreamsAndFailDownstream(ContiguousArray<any Subscription>, Failure)
    /// A failure arrived during a delivery: the delivering thread sends it when done.
    case cancelUpstreams(ContiguousArray<any Subscription>)
    case none
  }

  private enum Phase {
    case active
    /// A failure waits for the current delivery to end.
    case failing(Failure)
    case terminated
  }

  private var phase = Phase.active
  private var subscriptions: ContiguousArray<(any Subscription)?>
  private var queued: ContiguousArray<Int>
  private var isFinished: ContiguousArray<Bool>
  private var demand = Subscribers.Demand.none
  private var requestedInTotal = Subscribers.Demand.none
  private(set) var isDelivering = false

  init(upstreamCount: Int) {
    subscriptions = ContiguousArray(repeating: nil, count: upstreamCount)
    queued = ContiguousArray(repeating: 0, count: upstreamCount)
    isFinished = ContiguousArray(repeating: false, count: upstreamCount)
  }

  var isTerminated: Bool {
    if case .terminated = phase { return true }
    return false
  }

  private var isActive: Bool {
    if case .active = phase { return true }
    return false
  }

  private var hasTuple: Bool { queued.allSatisfy { $0 > 0 } }

  /// No tuple can ever be completed again: an upstream finished with nothing queued.
  private var isExhausted: Bool {
    queued.indices.contains { isFinished[$0] && queued[$0] == 0 }
  }

  mutating func subscriptionReceived(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    guard isActive, subscriptions[index] == nil, !isFinished[index] else { return .cancelUpstream }
    subscriptions[index] = subscription
    return requestedInTotal > 0 ? .requestFromUpstream(requestedInTotal) : .none
  }

  mutating func valueReceived(at index: Int) -> ValueAction {
    guard isActive, !isFinished[index] else { return .dropValue }
    queued[index] += 1
    guard !isDelivering, demand > 0, hasTuple else { return .storeValue }
    takeTuple()
    isDelivering = true
    return .storeValueAndDeliverTuple
  }

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
      action.deliverTuple = true
    }
    return action
  }

  /// Called by the delivering thread after the downstream returned. Any additional demand the
  /// downstream returned goes through ``demandRequested(_:)`` first.
  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(isDelivering, "ZipStateMachine.deliveryFinished() without a delivery")
    switch phase {
    case .active:
      if demand > 0, hasTuple {
        takeTuple()
        return .deliverTuple
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

  private mutating func takeTuple() {
    demand -= 1
    for index in queued.indices { queued[index] -= 1 }
  }

  private mutating func takeSubscriptions() -> ContiguousArray<any Subscription> {
    var live = ContiguousArray<any Subscription>()
    for case let subscription? in subscriptions { live.append(subscription) }
    for index in subscriptions.indices { subscriptions[index] = nil }
    return live
  }
}
