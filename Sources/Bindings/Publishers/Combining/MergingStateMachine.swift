/// The decisions of an operator that republishes the values of inner upstreams as they arrive —
/// ``MergeStateMachine`` (merge, flat map) and ``SwitchToLatestStateMachine`` — in the vocabulary
/// that ``MergingStorage`` performs.
///
/// Inner upstreams are told apart by a number the machine hands out: an index for a merge, a
/// generation for switch-to-latest. Values travel through the machine, which queues those that
/// arrive during a delivery.
protocol MergingStateMachine {
  associatedtype Output
  associatedtype Failure: Error

  var isTerminated: Bool { get }
  var isDelivering: Bool { get }

  mutating func outerSubscriptionReceived(
    _ subscription: any Subscription
  ) -> MergingAction<Output, Failure>.OuterSubscription
  mutating func outerValueReceived() -> MergingAction<Output, Failure>.OuterValue
  mutating func outerCompleted(
    _ completion: Subscribers.Completion<Failure>
  ) -> MergingAction<Output, Failure>.Completion

  mutating func innerSubscriptionReceived(
    _ subscription: any Subscription, at inner: Int
  ) -> MergingAction<Output, Failure>.InnerSubscription
  mutating func valueReceived(_ value: Output, at inner: Int) -> MergingAction<Output, Failure>.Value
  mutating func innerCompleted(
    _ completion: Subscribers.Completion<Failure>, at inner: Int
  ) -> MergingAction<Output, Failure>.Completion

  mutating func demandRequested(_ more: Subscribers.Demand) -> MergingAction<Output, Failure>.Demand
  /// Called by the delivering thread after the downstream returned. Any additional demand the
  /// downstream returned goes through ``demandRequested(_:)`` first.
  mutating func deliveryFinished() -> MergingAction<Output, Failure>.DeliveryFinished
  /// The upstream subscriptions to cancel; empty when the subscription had already ended.
  mutating func cancelled() -> ContiguousArray<any Subscription>
}

/// The actions of a ``MergingStateMachine``, which ``MergingStorage`` performs after unlocking.
enum MergingAction<Output, Failure: Error> {
  enum OuterSubscription {
    case requestFromOuter(Subscribers.Demand)
    case cancelOuter
  }

  enum OuterValue {
    /// Cancel the inner upstream the new one replaces, if any, then subscribe the new one as
    /// number `at`.
    case subscribeInner(at: Int, cancellingPrevious: (any Subscription)?)
    case dropValue
  }

  enum InnerSubscription {
    case requestFromInner(Subscribers.Demand)
    case cancelInner
    case none
  }

  enum Value {
    /// Deliver the value, then ask `replenish` (its upstream) for one more.
    case deliver(Output, replenish: (any Subscription)?)
    /// Queued (or dropped, after the end); the delivering thread, or a later request, takes it.
    case none
  }

  struct Demand {
    /// Upstreams to ask for unlimited values, because the downstream's demand just became unlimited.
    var requestUnlimitedFrom = ContiguousArray<any Subscription>()
    /// The current inner upstream, to pass the new demand on to.
    var requestFromInner: (subscription: any Subscription, demand: Subscribers.Demand)?
    /// A queued value this thread must deliver, as the new delivering thread.
    var deliver: (value: Output, replenish: (any Subscription)?)?
  }

  enum DeliveryFinished {
    case deliver(Output, replenish: (any Subscription)?)
    case finishDownstream
    case failDownstream(Failure)
    case none
  }

  enum Completion {
    case finishDownstream
    case requestFromOuter(any Subscription, Subscribers.Demand)
    case cancelUpstreamsAndFailDownstream(ContiguousArray<any Subscription>, Failure)
    /// A failure arrived during a delivery: the delivering thread sends it when done.
    case cancelUpstreams(ContiguousArray<any Subscription>)
    case none
  }
}

/// What ``MergeStateMachine`` and ``SwitchToLatestStateMachine`` share: whether a delivery runs,
/// and how the subscription ends — at once, or, for a failure that arrives during a delivery, once
/// that delivery is over.
///
/// Each machine keeps its own upstreams and queue, and hands them in: the upstreams to cancel on a
/// failure, whether everything is finished and delivered.
struct MergingProgress<Output, Failure: Error> {
  typealias DeliveryFinishedAction = MergingAction<Output, Failure>.DeliveryFinished
  typealias CompletionAction = MergingAction<Output, Failure>.Completion

  private enum Phase {
    case active
    /// A failure waits for the current delivery to end.
    case failing(Failure)
    case terminated
  }

  private var phase = Phase.active
  /// Whether a thread is delivering to the downstream; values that arrive meanwhile are queued.
  var isDelivering = false

  var isActive: Bool {
    if case .active = phase { return true }
    return false
  }

  var isTerminated: Bool {
    if case .terminated = phase { return true }
    return false
  }

  /// Finishes the downstream when everything is finished and delivered (`isExhausted`) and no
  /// delivery runs; the delivering thread checks again when it is done.
  mutating func finishIfExhausted(_ isExhausted: Bool) -> CompletionAction {
    guard !isDelivering, isExhausted else { return .none }
    phase = .terminated
    return .finishDownstream
  }

  /// Fails the downstream and cancels `upstreams` (the others: the failing one has ended); during a
  /// delivery, the delivering thread sends the failure when done.
  mutating func fail(_ error: Failure, cancelling upstreams: ContiguousArray<any Subscription>) -> CompletionAction {
    if isDelivering {
      phase = .failing(error)
      return .cancelUpstreams(upstreams)
    }
    phase = .terminated
    return .cancelUpstreamsAndFailDownstream(upstreams, error)
  }

  /// Ends a delivery after which nothing more is to be delivered: finishes the downstream if
  /// everything is finished and delivered, or sends the failure that waited for the delivery.
  mutating func endDelivery(isExhausted: Bool) -> DeliveryFinishedAction {
    isDelivering = false
    switch phase {
    case .active:
      guard isExhausted else { return .none }
      phase = .terminated
      return .finishDownstream
    case .failing(let error):
      phase = .terminated
      return .failDownstream(error)
    case .terminated:
      // Cancelled during the delivery.
      return .none
    }
  }

  /// Ends the subscription; whether it was active, so that its upstreams are to be cancelled (after
  /// a failure they already are, and the pending failure is dropped).
  mutating func cancel() -> Bool {
    let wasActive = isActive
    phase = .terminated
    return wasActive
  }
}
