/// Where a subscriber that holds one upstream subscription stands: the state every such subscriber
/// (`Sink`, `Assign`, subject forwarding, …) keeps under its lock.
///
/// A subscription arrives once; a second one, or one that arrives after the subscriber ended, is
/// refused (the caller cancels it). Ending hands back the subscription, so that the caller can cancel
/// it — and release it — after unlocking.
@usableFromInline
enum SubscriptionStatus {
  case awaitingSubscription
  case subscribed(any Subscription)
  case terminal

  /// Takes `subscription` if none came before and the subscriber has not ended; returns whether it
  /// did. A refused subscription must be cancelled by the caller.
  @inlinable
  mutating func accept(_ subscription: any Subscription) -> Bool {
    guard case .awaitingSubscription = self else { return false }
    self = .subscribed(subscription)
    return true
  }

  /// Ends the subscriber; returns the subscription it held, if any.
  @inlinable
  mutating func terminate() -> (any Subscription)? {
    // Moved out, not copied: a copy of the existential and the destruction of the original each
    // go through its value witnesses.
    switch consume self {
    case .subscribed(let subscription):
      self = .terminal
      return subscription
    case .awaitingSubscription, .terminal:
      self = .terminal
      return nil
    }
  }

  @inlinable
  var isTerminal: Bool {
    if case .terminal = self { return true }
    return false
  }
}
