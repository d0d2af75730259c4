/// The subscription an operator hands its subscriber when the operator's own object holds that
/// subscriber: it forwards requests and cancellation to the operator until the stream ends, then lets
/// go of the operator.
///
/// Without it, a subscriber that keeps its subscription (as a user's own subscriber may, for its
/// whole life) and the operator that holds the subscriber keep each other alive after the stream
/// ended: subscriber → subscription (the operator) → subscriber. With it the chain is
/// subscriber → this subscription ⇢ operator, and the dashed link goes at the end:
///
/// 1. On `cancel()`: taken out under the lock and cancelled after unlocking.
/// 2. On a completion the operator delivered: the operator calls ``detach()``.
///
/// The operator then lives only as long as its upstream or an in-flight delivery holds it, and takes
/// the subscriber with it. Values never pass through here, so the per-value path is unchanged.
///
/// ```swift
/// let subscription = DetachingSubscription<Inner>()
/// subscription.attach(inner)
/// downstream.receive(subscription: subscription)
/// // … after delivering the completion:
/// subscription.detach()
/// ```
final class DetachingSubscription<Target: Subscription & AnyObject>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  private let target = Locked<Target?>(nil)

  init() {}

  /// Forwards to `target` from now on, until the stream ends.
  func attach(_ target: Target) {
    self.target.withLock { $0 = target }
  }

  /// The operator's description, such as `Retry`, while the stream lasts; its type's name after.
  var description: String {
    guard let target = target.withLock({ $0 }) else { return "\(Target.self)" }
    return String(describing: target)
  }

  func request(_ demand: Subscribers.Demand) {
    target.withLock { $0 }?.request(demand)
  }

  /// Cancels the operator and lets go of it; idempotent.
  func cancel() {
    target.withLock { $0.take() }?.cancel()
  }

  /// Lets go of the operator after the stream ended with a completion; requests and cancels that
  /// come later have nothing left to do, as after any completion.
  func detach() {
    let detached = target.withLock { $0.take() }
    _ = detached  // released here, after the lock
  }
}
