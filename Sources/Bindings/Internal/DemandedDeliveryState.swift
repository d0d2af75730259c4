/// The state a subscription keeps under its lock when its values come from outside the stack (a
/// notification, a scheduled read of an observed property) and go to one downstream with demand.
///
/// It decides; the owner delivers. Every method that can start a delivery returns it, and the
/// caller that gets one is the *deliverer*: it calls the downstream after unlocking, then reports
/// the demand the downstream returned through ``delivered(additional:)``, which may hand it the
/// next value. So deliveries never overlap, and a value offered from another thread during a
/// delivery is delivered by the deliverer, after the current one:
///
/// ```swift
/// var delivery = state.withLock { $0.offer(value) }
/// while let (downstream, value) = delivery.next {
///   let additional = downstream.receive(value)
///   delivery = state.withLock { $0.delivered(additional: additional) }
/// }
/// ```
///
/// Two ways to hold values, fixed at creation:
/// - ``Buffering/dropWithoutDemand``: a value offered without demand is dropped; one offered with
///   demand takes a unit of it at once and is queued if a delivery runs (a notification).
/// - ``Buffering/keepLatest``: the latest value offered is kept until there is demand for it and
///   no delivery runs; a newer one replaces it (a value that is read again after each change).
///
/// A value this state lets go (dropped, replaced) is handed back, so that its last reference goes
/// after unlocking.
struct DemandedDeliveryState<Downstream: Subscriber> {
  typealias Value = Downstream.Input

  enum Buffering {
    case dropWithoutDemand
    case keepLatest
  }

  /// What the caller does after unlocking: deliver `next`, as the deliverer, and let `released` go.
  struct Delivery {
    var next: (Downstream, Value)?
    var released: Value?
  }

  let buffering: Buffering
  /// `nil` once ended.
  private(set) var downstream: Downstream?
  private(set) var demand = Subscribers.Demand.none
  private(set) var isDelivering = false
  /// Values waiting for the deliverer; with ``Buffering/keepLatest``, at most one.
  private var pending = EventQueue<Value>()

  init(downstream: Downstream, buffering: Buffering) {
    self.downstream = downstream
    self.buffering = buffering
  }

  /// Whether the downstream has not ended.
  var isLive: Bool { downstream != nil }

  /// The value waiting to be delivered, for ``Buffering/keepLatest``.
  var latestPending: Value? { pending.first }

  /// Offers a value.
  mutating func offer(_ value: Value) -> Delivery {
    guard downstream != nil else { return Delivery(released: value) }
    var released: Value?
    switch buffering {
    case .dropWithoutDemand:
      guard demand > 0 else { return Delivery(released: value) }
      demand -= 1
      pending.append(value)
    case .keepLatest:
      released = pending.popFirst()
      pending.append(value)
    }
    return Delivery(next: startDelivery(), released: released)
  }

  /// Adds demand; may start a delivery of a kept value.
  mutating func request(_ additional: Subscribers.Demand) -> Delivery {
    guard downstream != nil else { return Delivery() }
    demand += additional
    return Delivery(next: startDelivery())
  }

  /// Ends the deliverer's delivery, adding the demand the downstream returned; hands it the next
  /// value, if one waits and may go.
  mutating func delivered(additional: Subscribers.Demand) -> Delivery {
    isDelivering = false
    if downstream != nil { demand += additional }
    return Delivery(next: startDelivery())
  }

  /// Ends the delivery for good; hands back the whole state (the downstream, kept values), to act
  /// on and release after unlocking. A delivery running on another thread may still finish.
  mutating func end() -> Self {
    defer { self = Self(ended: buffering) }
    return self
  }

  private init(ended buffering: Buffering) {
    self.buffering = buffering
  }

  /// Starts a delivery when none runs and a value may go now.
  private mutating func startDelivery() -> (Downstream, Value)? {
    guard !isDelivering, let downstream, !pending.isEmpty else { return nil }
    if case .keepLatest = buffering {
      // A kept value takes its unit of demand only now; a queued one took it when offered.
      guard demand > 0 else { return nil }
      demand -= 1
    }
    guard let value = pending.popFirst() else { return nil }
    isDelivering = true
    return (downstream, value)
  }
}
