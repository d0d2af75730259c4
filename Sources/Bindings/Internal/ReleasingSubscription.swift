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
/// 2. On a completion the operator delivered: the operator calls ``release()``.
///
/// The operator then lives only as long as its upstream or an in-flight delivery holds it, and takes
/// the subscriber with it. Values never pass through here, so the per-value path is unchanged.
///
/// ```swift
/// let subscription = ReleasingSubscription<Inner>()
/// subscription.attach(inner)
/// downstream.receive(subscription: subscription)
/// // … after delivering the completion:
/// subscription.release()
/// ```
final class ReleasingSubscription<Target: Subscription & AnyObject>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  private struct State {
    var target: Target?
    /// The operator's name, kept so that the subscription still describes itself after the end.
    var name = ""
  }

  private let state = Locked(State())

  init() {}

  /// Forwards to `target` from now on, until the stream ends.
  func attach(_ target: Target) {
    let name = String(describing: target)
    state.withLock { $0 = State(target: target, name: name) }
  }

  /// The operator's name, such as `Retry`.
  var description: String { state.withLock { $0.name } }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.target }?.request(demand)
  }

  /// Cancels the operator and lets go of it; idempotent.
  func cancel() {
    state.withLock { $0.target.take() }?.cancel()
  }

  /// Lets go of the operator after the stream ended with a completion; requests and cancels that
  /// come later have nothing left to do, as after any completion.
  func release() {
    let released = state.withLock { $0.target.take() }
    _ = released
  }
}
