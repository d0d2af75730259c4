/// The decisions of a merging subscription, as a plain value: ``Publishers/MergeMany`` and its
/// fixed-arity siblings use it with a fixed set of inner upstreams, ``Publishers/FlatMap`` with an
/// outer upstream that adds inner ones as it goes.
///
/// As in Combine, each inner upstream is asked for one value at a time while the downstream's
/// demand is limited (a value that finds no demand waits, and its upstream is asked for the next
/// one only once it has been delivered), and for `.unlimited` values once the downstream's demand
/// is unlimited.
///
/// Deliveries are serialized: a value that arrives while another is delivered — on another thread,
/// or re-entrantly — is queued, and the delivering thread delivers it next. Values are never lost
/// or duplicated; the queue allocates only when deliveries actually overlap.
struct MergeStateMachine<Output, Failure: Error>: MergingStateMachine {
  typealias OuterSubscriptionAction = MergingAction<Output, Failure>.OuterSubscription
  typealias OuterValueAction = MergingAction<Output, Failure>.OuterValue
  typealias InnerSubscriptionAction = MergingAction<Output, Failure>.InnerSubscription
  typealias ValueAction = MergingAction<Output, Failure>.Value
  typealias DemandAction = MergingAction<Output, Failure>.Demand
  typealias DeliveryFinishedAction = MergingAction<Output, Failure>.DeliveryFinished
  typealias CompletionAction = MergingAction<Output, Failure>.Completion

  private enum Outer {
    /// A merge: there is no outer upstream, the inner ones are all there is.
    case absent
    case waitingForSubscription
    case active(any Subscription)
    case finished
  }

  private var progress = MergingProgress<Output, Failure>()
  private var outer: Outer
  private let maxPublishers: Subscribers.Demand
  private var inners: [Int: any Subscription] = [:]
  private var unfinishedInners: Int
  private var nextInnerIndex: Int
  private var demand = Subscribers.Demand.none
  private var queue = EventQueue<(index: Int, value: Output)>()

  /// A merge of `innerCount` upstreams, numbered from zero.
  init(innerCount: Int) {
    outer = .absent
    maxPublishers = .none
    unfinishedInners = innerCount
    nextInnerIndex = innerCount
  }

  /// A flat map that runs at most `maxPublishers` inner upstreams at once.
  init(maxPublishers: Subscribers.Demand) {
    outer = .waitingForSubscription
    self.maxPublishers = maxPublishers
    unfinishedInners = 0
    nextInnerIndex = 0
  }

  var isTerminated: Bool { progress.isTerminated }

  var isDelivering: Bool { progress.isDelivering }

  private var isActive: Bool { progress.isActive }

  private var isOuterDone: Bool {
    switch outer {
    case .absent, .finished: return true
    case .waitingForSubscription, .active: return false
    }
  }

  /// Whether everything finished and every value was delivered.
  private var isExhausted: Bool {
    isOuterDone && unfinishedInners == 0 && queue.isEmpty
  }

  // MARK: Outer upstream (flat map)

  mutating func outerSubscriptionReceived(_ subscription: any Subscription) -> OuterSubscriptionAction {
    guard isActive, case .waitingForSubscription = outer else { return .cancelOuter }
    outer = .active(subscription)
    return .requestFromOuter(maxPublishers)
  }

  mutating func outerValueReceived() -> OuterValueAction {
    guard isActive else { return .dropValue }
    let index = nextInnerIndex
    nextInnerIndex += 1
    unfinishedInners += 1
    return .subscribeInner(at: index, cancellingPrevious: nil)
  }

  mutating func outerCompleted(_ completion: Subscribers.Completion<Failure>) -> CompletionAction {
    guard isActive, !isOuterDone else { return .none }
    switch completion {
    case .finished:
      outer = .finished
      return finishIfExhausted()
    case .failure(let error):
      outer = .finished
      return fail(error)
    }
  }

  // MARK: Inner upstreams

  mutating func innerSubscriptionReceived(_ subscription: any Subscription, at index: Int) -> InnerSubscriptionAction {
    guard isActive, inners[index] == nil else { return .cancelInner }
    inners[index] = subscription
    return .requestFromInner(demand == .unlimited ? .unlimited : .max(1))
  }

  mutating func valueReceived(_ value: Output, at index: Int) -> ValueAction {
    guard isActive else { return .none }
    guard !isDelivering, demand > 0, queue.isEmpty else {
      queue.append((index, value))
      return .none
    }
    demand -= 1
    progress.isDelivering = true
    return .deliver(value, replenish: replenishment(for: index))
  }

  mutating func innerCompleted(_ completion: Subscribers.Completion<Failure>, at index: Int) -> CompletionAction {
    // Only an inner upstream that has a subscription can complete; a second completion finds none.
    guard isActive, inners.removeValue(forKey: index) != nil else { return .none }
    switch completion {
    case .finished:
      unfinishedInners -= 1
      // A flat map with a limit runs one more inner upstream in place of the one that ended.
      if case .active(let subscription) = outer, maxPublishers != .unlimited {
        return .requestFromOuter(subscription, .max(1))
      }
      return finishIfExhausted()
    case .failure(let error):
      return fail(error)
    }
  }

  // MARK: Downstream

  mutating func demandRequested(_ more: Subscribers.Demand) -> DemandAction {
    var action = DemandAction()
    guard isActive, more > 0 else { return action }
    let wasUnlimited = demand == .unlimited
    demand += more
    if demand == .unlimited, !wasUnlimited {
      action.requestUnlimitedFrom = ContiguousArray(inners.values)
    }
    if !isDelivering, demand > 0, let next = queue.popFirst() {
      demand -= 1
      progress.isDelivering = true
      action.deliver = (next.value, replenishment(for: next.index))
    }
    return action
  }

  mutating func deliveryFinished() -> DeliveryFinishedAction {
    precondition(isDelivering, "MergeStateMachine.deliveryFinished() without a delivery")
    if isActive, demand > 0, let next = queue.popFirst() {
      demand -= 1
      return .deliver(next.value, replenish: replenishment(for: next.index))
    }
    return progress.endDelivery(isExhausted: isExhausted)
  }

  mutating func cancelled() -> ContiguousArray<any Subscription> {
    guard progress.cancel() else { return [] }
    queue = EventQueue()
    return takeUpstreams()
  }

  // MARK: Helpers

  private func replenishment(for index: Int) -> (any Subscription)? {
    demand == .unlimited ? nil : inners[index]
  }

  private mutating func finishIfExhausted() -> CompletionAction {
    progress.finishIfExhausted(isExhausted)
  }

  private mutating func fail(_ error: Failure) -> CompletionAction {
    queue = EventQueue()
    return progress.fail(error, cancelling: takeUpstreams())
  }

  private mutating func takeUpstreams() -> ContiguousArray<any Subscription> {
    var upstreams = ContiguousArray(inners.values)
    inners = [:]
    if case .active(let subscription) = outer { upstreams.append(subscription) }
    if !isOuterDone { outer = .finished }
    return upstreams
  }
}
