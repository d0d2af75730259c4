/// The upstream end of an operator's subscription, for operators that hold one upstream
/// subscription at a time: the pass-through ones (`assertNoFailure`, `replaceError`,
/// `replaceEmpty`, `dropFirst`, `output(in:)`, `drop(while:)`, `prefix(while:)`) and the ones that
/// move on to another upstream when one ends (`append`/`prepend`, `catch`, `retry`).
///
/// It owns the operator's lock, so that each operator keeps only its decision. Its contract:
///
/// 1. A subscription is attached only while one is awaited (at the start, or after ``detach()``);
///    any other is cancelled on arrival, including one that arrives after the stream ended.
/// 2. The subscription is taken out exactly once — by ``cancel()``, an `end…` call or a
///    `detach…` call — and is requested from, cancelled and released only after unlocking. So are
///    `retained` and anything it captured.
/// 3. `outstanding` is what the subscriber asked for and no upstream has delivered yet: the first
///    request of the next upstream, and the demand that decides whether a last delivery can be made
///    at once (``endAwaitingDemand()``).
/// 4. `retained` — a predicate, a handler, the next publisher — is handed out only while the stream
///    is live, and released once it ends.
final class SequencingUpstreamLink<Retained>: @unchecked Sendable {
  private enum Phase {
    /// The first subscription, or the next upstream's, is on its way.
    case awaiting
    case live(any Subscription)
    /// The upstream is done, and a last delivery waits for the subscriber's first request.
    case awaitingDemand
    case ended
  }

  /// What a request does once the lock is released.
  private enum RequestAction {
    case forward(any Subscription)
    /// The first demand after ``endAwaitingDemand()``: the caller makes the last delivery.
    case makeLastDelivery
    case none
  }

  /// The link's state, guarded by its lock.
  private struct State {
    var phase = Phase.awaiting
    var outstanding = Subscribers.Demand.none
    var retained: Retained?

    /// Stores `subscription` if one is awaited; returns the demand to ask it for (the outstanding
    /// demand plus `extra`, or none without `extra`), or `nil` when it must be cancelled.
    mutating func attach(_ subscription: any Subscription, requestingOutstandingPlus extra: Int?) -> Subscribers.Demand?
    {
      guard case .awaiting = phase else { return nil }
      phase = .live(subscription)
      return extra.map { outstanding + $0 } ?? Subscribers.Demand.none
    }

    mutating func request(_ demand: Subscribers.Demand) -> RequestAction {
      switch phase {
      case .live(let subscription):
        outstanding += demand
        return .forward(subscription)
      case .awaiting:
        outstanding += demand
        return .none
      case .awaitingDemand:
        // Zero demand does not pay for the last delivery.
        guard demand > 0 else { return .none }
        phase = .ended
        return .makeLastDelivery
      case .ended:
        return .none
      }
    }

    /// Whether the phase is live; if so, one unit of `outstanding` is used.
    mutating func admitValue() -> Bool {
      guard case .live = phase else { return false }
      outstanding -= 1
      return true
    }

    mutating func retainedForValue() -> Retained? {
      guard case .live = phase, let retained else { return nil }
      outstanding -= 1
      return retained
    }

    /// Leaves the live phase for the next upstream's; returns the subscription, to release after
    /// the lock, or `nil` if not live.
    mutating func detach() -> (any Subscription)? {
      guard case .live(let subscription) = phase else { return nil }
      phase = .awaiting
      return subscription
    }

    mutating func detachTakingRetained() -> (subscription: any Subscription, retained: Retained)? {
      guard case .live(let subscription) = phase, let retained = retained.take() else { return nil }
      phase = .awaiting
      return (subscription, retained)
    }

    /// Ends the stream; returns the live subscription, if any, and `retained`, to act on and
    /// release after the lock.
    mutating func end() -> (subscription: (any Subscription)?, released: Retained?) {
      let subscription: (any Subscription)?
      if case .live(let live) = phase { subscription = live } else { subscription = nil }
      phase = .ended
      return (subscription, retained.take())
    }

    /// Ends the stream unless it had already ended; `nil` if it had.
    mutating func endIfNotEnded() -> (subscription: (any Subscription)?, released: Retained?)? {
      switch phase {
      case .awaiting, .live: return end()
      case .awaitingDemand, .ended: return nil
      }
    }

    /// Ends the live upstream's part with one last delivery still to make; `nil` if not live.
    mutating func endAwaitingDemand() -> (deliverNow: Bool, subscription: any Subscription, released: Retained?)? {
      guard case .live(let subscription) = phase else { return nil }
      let deliverNow = outstanding > 0
      phase = deliverNow ? .ended : .awaitingDemand
      return (deliverNow, subscription, retained.take())
    }
  }

  private let liveObject = LiveObjectToken("SequencingUpstreamLink")
  private let state: Locked<State>

  init(retaining retained: Retained) {
    state = Locked(State(retained: retained))
  }

  // MARK: Upstream subscription

  /// Stores `subscription` if one is awaited, else cancels it. Returns whether it was stored.
  func attach(_ subscription: any Subscription) -> Bool {
    attach(subscription, requestingOutstandingPlus: nil)
  }

  /// Stores `subscription` if one is awaited, and asks it for the outstanding demand plus `extra`;
  /// else cancels it. Returns whether it was stored.
  @discardableResult
  func attachAndRequestOutstanding(_ subscription: any Subscription, plus extra: Int = 0) -> Bool {
    attach(subscription, requestingOutstandingPlus: extra)
  }

  private func attach(_ subscription: any Subscription, requestingOutstandingPlus extra: Int?) -> Bool {
    guard let demand = state.withLock({ $0.attach(subscription, requestingOutstandingPlus: extra) }) else {
      subscription.cancel()
      return false
    }
    if demand > 0 { subscription.request(demand) }
    return true
  }

  // MARK: Subscriber's side

  /// Adds `demand` to what is outstanding and forwards it to the live upstream. Returns `true` when
  /// it is the first demand after ``endAwaitingDemand()``: the caller makes the last delivery now.
  ///
  /// `.none` traps, as in Combine's operators built on this link (`catch`, `replaceError`,
  /// `replaceEmpty`, `dropFirst`, `drop(while:)`, `prefix(while:)`, `assertNoFailure`); the others
  /// call ``requestAcceptingNone(_:)``.
  @discardableResult
  func request(_ demand: Subscribers.Demand) -> Bool {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    return requestAcceptingNone(demand)
  }

  /// Like ``request(_:)``, but `.none` is accepted: it is forwarded to the live upstream and
  /// changes nothing else, as in Combine's `append`/`prepend`, `retry` and `output(in:)`.
  @discardableResult
  func requestAcceptingNone(_ demand: Subscribers.Demand) -> Bool {
    switch state.withLock({ $0.request(demand) }) {
    case .forward(let subscription):
      subscription.request(demand)
      return false
    case .makeLastDelivery:
      return true
    case .none:
      return false
    }
  }

  /// Ends the stream: cancels the live upstream, if any, and releases `retained`. Idempotent.
  func cancel() {
    let ended = state.withLock { $0.end() }
    ended.subscription?.cancel()
  }

  // MARK: Upstream deliveries

  /// Whether a value from the upstream may go on downstream; if so, it is counted against
  /// `outstanding`.
  func admitValue() -> Bool {
    state.withLock { $0.admitValue() }
  }

  /// `retained`, when a value from the upstream may go on downstream (and is then counted against
  /// `outstanding`); `nil` once the stream has ended.
  func retainedForValue() -> Retained? {
    state.withLock { $0.retainedForValue() }
  }

  /// Adds the demand the subscriber returned from a value to what is outstanding.
  func replenish(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    state.withLock { $0.outstanding += more }
  }

  /// Runs `body` on `retained` under the lock; `nil` once the stream has ended. `body` must not call
  /// out.
  func withRetained<Result>(_ body: (inout Retained) -> Result) -> Result? {
    state.withLock { state in
      guard state.retained != nil else { return nil }
      return body(&state.retained!)
    }
  }

  // MARK: Ending or moving on

  /// The live upstream ended and the next one is to be subscribed to: its subscription will be
  /// awaited. Returns whether the upstream was live; `retained` is kept.
  func detach() -> Bool {
    let detached = state.withLock { $0.detach() }
    return detached != nil
  }

  /// Like ``detach()``, but hands `retained` out, to be used once and released.
  func detachTakingRetained() -> Retained? {
    state.withLock { $0.detachTakingRetained() }?.retained
  }

  /// Ends the stream, cancelling the live upstream first if `cancellingUpstream`. Returns `false`
  /// when it had already ended: the caller delivers its completion only on `true`.
  func end(cancellingUpstream: Bool = false) -> Bool {
    guard let ended = state.withLock({ $0.endIfNotEnded() }) else { return false }
    if cancellingUpstream { ended.subscription?.cancel() }
    return true
  }

  /// Ends the upstream's part with one last delivery still to make. Returns `true` when the
  /// subscriber has demand outstanding, and the caller makes it now; otherwise the ``request(_:)``
  /// that brings demand returns `true` instead (or nothing happens, if the stream had ended).
  func endAwaitingDemand() -> Bool {
    state.withLock { $0.endAwaitingDemand() }?.deliverNow ?? false
  }
}
