/// The decisions of an operator that combines one value of each of a fixed list of upstreams —
/// ``CombineLatestStateMachine`` and ``ZipStateMachine`` — in the vocabulary that
/// ``CombiningStorage`` performs.
///
/// The machine counts and decides; the storage keeps the values, because their types differ per
/// upstream, and stores or takes them as the actions say.
@usableFromInline
protocol CombiningStateMachine {
  associatedtype Failure: Error

  init(upstreamCount: Int)

  var isTerminated: Bool { get }
  var isDelivering: Bool { get }

  mutating func subscriptionReceived(
    _ subscription: any Bindings.Subscription, at index: Int
  ) -> CombiningAction<Failure>.Subscription
  mutating func valueReceived(at index: Int) -> CombiningAction<Failure>.Value
  mutating func demandRequested(_ more: Subscribers.Demand) -> CombiningAction<Failure>.Demand
  /// Called by the delivering thread after the downstream returned. Any additional demand the
  /// downstream returned goes through ``demandRequested(_:)`` first.
  mutating func deliveryFinished() -> CombiningAction<Failure>.DeliveryFinished
  mutating func completionReceived(
    _ completion: Subscribers.Completion<Failure>, at index: Int
  ) -> CombiningAction<Failure>.Completion
  /// The upstream subscriptions to cancel; empty when the subscription had already ended.
  mutating func cancelled() -> ContiguousArray<any Bindings.Subscription>
}

/// The actions of a ``CombiningStateMachine``, which ``CombiningStorage`` performs after unlocking.
@usableFromInline
enum CombiningAction<Failure: Error> {
  @usableFromInline
  enum Subscription {
    case requestFromUpstream(Subscribers.Demand)
    case cancelUpstream
    case none
  }

  @usableFromInline
  enum Value {
    /// The subscription has ended: the value is thrown away.
    case dropValue
    /// Keep the value; nothing to deliver now.
    case storeValue
    /// Keep the value, then take a combination from the stored values and deliver it.
    case storeValueAndDeliver
  }

  @usableFromInline
  struct Demand {
    @usableFromInline var requestFromUpstreams: ContiguousArray<any Bindings.Subscription>
    @usableFromInline var demand: Subscribers.Demand
    /// This thread becomes the delivering one and must take and deliver a combination.
    @usableFromInline var deliver: Bool

    @inlinable
    init(
      requestFromUpstreams: ContiguousArray<any Bindings.Subscription> = [], demand: Subscribers.Demand = .none,
      deliver: Bool = false
    ) {
      self.requestFromUpstreams = requestFromUpstreams
      self.demand = demand
      self.deliver = deliver
    }
  }

  @usableFromInline
  enum DeliveryFinished {
    /// Take the next combination from the stored values and deliver it.
    case deliver
    case cancelUpstreamsAndFinishDownstream(ContiguousArray<any Bindings.Subscription>)
    case failDownstream(Failure)
    case none
  }

  @usableFromInline
  enum Completion {
    case cancelUpstreamsAndFinishDownstream(ContiguousArray<any Bindings.Subscription>)
    case cancelUpstreamsAndFailDownstream(ContiguousArray<any Bindings.Subscription>, Failure)
    /// A failure arrived during a delivery: the delivering thread sends it when done.
    case cancelUpstreams(ContiguousArray<any Bindings.Subscription>)
    case none
  }
}

/// What ``CombineLatestStateMachine`` and ``ZipStateMachine`` share: the upstreams' subscriptions
/// and which have finished, the downstream's demand, whether a delivery runs, and how the
/// subscription ends.
///
/// A completion that arrives during a delivery waits for it to end (`completing`); a cancel ends
/// the subscription at once. Each machine adds what it counts of the values (which upstreams have
/// one, how many each has queued) and decides when to deliver.
@usableFromInline
struct CombiningUpstreams<Failure: Error> {
  @usableFromInline typealias SubscriptionAction = CombiningAction<Failure>.Subscription
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
  @usableFromInline var isFinished: ContiguousArray<Bool>
  @usableFromInline var demand = Subscribers.Demand.none
  /// Everything the downstream requested so far; an upstream whose subscription arrives late
  /// is asked for this much, since it missed the earlier requests.
  @usableFromInline var requestedInTotal = Subscribers.Demand.none
  @usableFromInline var isDelivering = false

  @inlinable
  init(count: Int) {
    subscriptions = ContiguousArray(repeating: nil, count: count)
    isFinished = ContiguousArray(repeating: false, count: count)
  }

  @inlinable
  var isActive: Bool {
    if case .active = phase { return true }
    return false
  }

  @inlinable
  var isTerminated: Bool {
    if case .terminated = phase { return true }
    return false
  }

  @inlinable
  mutating func subscriptionReceived(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    // A second subscription for the same upstream breaks the contract; refusing it is all we can do.
    guard isActive, subscriptions[index] == nil, !isFinished[index] else { return .cancelUpstream }
    subscriptions[index] = subscription
    return requestedInTotal > 0 ? .requestFromUpstream(requestedInTotal) : .none
  }

  /// Adds `more` to the demand; `false`, with nothing changed, when there is nothing to add or
  /// the subscription is no longer active.
  @inlinable
  mutating func addDemand(_ more: Subscribers.Demand) -> Bool {
    guard isActive, more > 0 else { return false }
    demand += more
    requestedInTotal += more
    return true
  }

  /// Upstream `index` has completed: it has no subscription any more.
  @inlinable
  mutating func markFinished(_ index: Int) {
    isFinished[index] = true
    subscriptions[index] = nil
  }

  /// Ends the subscription with `.finished`, cancelling the upstreams that have not finished; during
  /// a delivery, the delivering thread does it when done.
  @inlinable
  mutating func finish() -> CompletionAction {
    if isDelivering {
      phase = .completing(.finished)
      return .none
    }
    phase = .terminated
    return .cancelUpstreamsAndFinishDownstream(takeSubscriptions())
  }

  /// Ends the subscription with `error`, cancelling the other upstreams now; during a delivery,
  /// the delivering thread sends the failure when done.
  @inlinable
  mutating func fail(_ error: Failure) -> CompletionAction {
    let others = takeSubscriptions()
    if isDelivering {
      phase = .completing(.failure(error))
      return .cancelUpstreams(others)
    }
    phase = .terminated
    return .cancelUpstreamsAndFailDownstream(others, error)
  }

  /// Ends a delivery that finds the subscription no longer active: sends the completion that
  /// waited for it, if any. Call only when ``isActive`` is false. Kept out of the per-value path,
  /// which it would make longer.
  @inlinable @inline(never)
  mutating func endDeliveryAfterTheEnd() -> DeliveryFinishedAction {
    isDelivering = false
    switch phase {
    case .active:
      preconditionFailure("CombiningUpstreams.endDeliveryAfterTheEnd() while active")
    case .completing(.finished):
      phase = .terminated
      return .cancelUpstreamsAndFinishDownstream(takeSubscriptions())
    case .completing(.failure(let error)):
      phase = .terminated
      return .failDownstream(error)
    case .terminated:
      // Cancelled during the delivery.
      return .none
    }
  }

  /// The upstream subscriptions to cancel; empty when the subscription had already ended (a
  /// pending completion is dropped: its upstreams are already cancelled or finished).
  @inlinable
  mutating func cancelled() -> ContiguousArray<any Subscription> {
    let wasActive = isActive
    phase = .terminated
    return wasActive ? takeSubscriptions() : []
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
