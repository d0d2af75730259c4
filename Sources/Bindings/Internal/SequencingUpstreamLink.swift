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

  private let lock = Lock()
  private var phase = Phase.awaiting
  private var outstanding = Subscribers.Demand.none
  private var retained: Retained?

  init(retaining retained: Retained) {
    self.retained = retained
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
    lock.lock()
    guard case .awaiting = phase else {
      lock.unlock()
      subscription.cancel()
      return false
    }
    phase = .live(subscription)
    let demand = extra.map { outstanding + $0 } ?? .none
    lock.unlock()
    if demand > 0 { subscription.request(demand) }
    return true
  }

  // MARK: Subscriber's side

  /// Adds `demand` to what is outstanding and forwards it to the live upstream. Returns `true` when
  /// it is the first demand after ``endAwaitingDemand()``: the caller makes the last delivery now.
  @discardableResult
  func request(_ demand: Subscribers.Demand) -> Bool {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    lock.lock()
    switch phase {
    case .live(let subscription):
      outstanding += demand
      lock.unlock()
      subscription.request(demand)
      return false
    case .awaiting:
      outstanding += demand
      lock.unlock()
      return false
    case .awaitingDemand:
      phase = .ended
      lock.unlock()
      return true
    case .ended:
      lock.unlock()
      return false
    }
  }

  /// Ends the stream: cancels the live upstream, if any, and releases `retained`. Idempotent.
  func cancel() {
    lock.lock()
    let subscription = takeSubscriptionWithLockHeld()
    phase = .ended
    let released = retained.take()
    lock.unlock()
    subscription?.cancel()
    _ = released
  }

  // MARK: Upstream deliveries

  /// Whether a value from the upstream may go on downstream; if so, it is counted against
  /// `outstanding`.
  func admitValue() -> Bool {
    lock.lock()
    guard case .live = phase else {
      lock.unlock()
      return false
    }
    outstanding -= 1
    lock.unlock()
    return true
  }

  /// `retained`, when a value from the upstream may go on downstream (and is then counted against
  /// `outstanding`); `nil` once the stream has ended.
  func retainedForValue() -> Retained? {
    lock.lock()
    guard case .live = phase, let retained else {
      lock.unlock()
      return nil
    }
    outstanding -= 1
    lock.unlock()
    return retained
  }

  /// Adds the demand the subscriber returned from a value to what is outstanding.
  func replenish(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    lock.withLock { outstanding += more }
  }

  /// Runs `body` on `retained` under the lock; `nil` once the stream has ended. `body` must not call
  /// out.
  func withRetained<Result>(_ body: (inout Retained) -> Result) -> Result? {
    lock.lock()
    defer { lock.unlock() }
    guard retained != nil else { return nil }
    return body(&retained!)
  }

  // MARK: Ending or moving on

  /// The live upstream ended and the next one is to be subscribed to: its subscription will be
  /// awaited. Returns whether the upstream was live; `retained` is kept.
  func detach() -> Bool {
    lock.lock()
    guard case .live(let subscription) = phase else {
      lock.unlock()
      return false
    }
    phase = .awaiting
    lock.unlock()
    _ = subscription
    return true
  }

  /// Like ``detach()``, but hands `retained` out, to be used once and released.
  func detachTakingRetained() -> Retained? {
    lock.lock()
    guard case .live(let subscription) = phase, let retained = retained.take() else {
      lock.unlock()
      return nil
    }
    phase = .awaiting
    lock.unlock()
    _ = subscription
    return retained
  }

  /// Ends the stream, cancelling the live upstream first if `cancellingUpstream`. Returns `false`
  /// when it had already ended: the caller delivers its completion only on `true`.
  func end(cancellingUpstream: Bool = false) -> Bool {
    lock.lock()
    switch phase {
    case .awaiting, .live:
      break
    case .awaitingDemand, .ended:
      lock.unlock()
      return false
    }
    let subscription = takeSubscriptionWithLockHeld()
    phase = .ended
    let released = retained.take()
    lock.unlock()
    if cancellingUpstream { subscription?.cancel() }
    _ = (subscription, released)
    return true
  }

  /// Ends the upstream's part with one last delivery still to make. Returns `true` when the
  /// subscriber has demand outstanding, and the caller makes it now; otherwise the ``request(_:)``
  /// that brings demand returns `true` instead (or nothing happens, if the stream had ended).
  func endAwaitingDemand() -> Bool {
    lock.lock()
    guard case .live = phase else {
      lock.unlock()
      return false
    }
    let subscription = takeSubscriptionWithLockHeld()
    phase = outstanding > 0 ? .ended : .awaitingDemand
    let deliverNow = outstanding > 0
    let released = retained.take()
    lock.unlock()
    _ = (subscription, released)
    return deliverNow
  }

  private func takeSubscriptionWithLockHeld() -> (any Subscription)? {
    guard case .live(let subscription) = phase else { return nil }
    phase = .ended
    return subscription
  }
}
