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
