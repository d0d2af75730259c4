/// The state a relaying subscription (one that stands between an upstream subscription and its
/// downstream subscriber, as the `try…` transforms, `print`, `handleEvents` and `collect(_:)` do)
/// keeps under its lock: whether the upstream subscription has not arrived yet, is live, or has
/// ended, and the downstream it relays to until the end.
///
/// It only decides. Every mutation hands back what the owner must act on after unlocking, so that
/// no subscriber is called, and none released, while the lock is held:
///
/// ```swift
/// guard let ended = lock.withLock({ relay.end() }) else { return }
/// ended.upstream.cancel()
/// ended.downstream?.receive(completion: completion)
/// ```
struct TransformingRelayState<Downstream> {
  private enum Stage {
    case awaitingSubscription
    case live(upstream: any Subscription)
    case ended
  }

  /// What the owner acts on once the relay has ended: the upstream subscription, to cancel if the
  /// end came from downstream, and the downstream, to complete or just to release.
  struct Ended {
    let upstream: any Subscription
    let downstream: Downstream?
  }

  private var stage = Stage.awaitingSubscription
  /// `nil` once ended, so that the downstream goes with the end.
  private var downstream: Downstream?

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// Whether the upstream subscription has arrived and the relay has not ended.
  var isLive: Bool {
    guard case .live = stage else { return false }
    return true
  }

  /// The downstream while the upstream subscription is live, `nil` before and after.
  var liveDownstream: Downstream? {
    guard case .live = stage else { return nil }
    return downstream
  }

  /// The upstream subscription while it is live, `nil` before and after.
  var liveUpstream: (any Subscription)? {
    guard case .live(let upstream) = stage else { return nil }
    return upstream
  }

  /// Records the upstream subscription and returns the downstream to hand the relay to, or `nil`
  /// when `subscription` must be cancelled instead: it is a second one, or came after the end.
  mutating func attach(_ subscription: any Subscription) -> Downstream? {
    guard case .awaitingSubscription = stage, let downstream else { return nil }
    stage = .live(upstream: subscription)
    return downstream
  }

  /// Ends a live relay and hands over what to act on; `nil` if it was not live, for the end is then
  /// already handled (or the subscription never came), and nothing must be done.
  mutating func end() -> Ended? {
    guard case .live(let upstream) = stage else { return nil }
    stage = .ended
    return Ended(upstream: upstream, downstream: downstream.take())
  }
}
