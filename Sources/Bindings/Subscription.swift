/// The connection between one subscriber and one publisher.
///
/// A subscriber requests values with `request(_:)` and ends the connection with `cancel()`.
/// Both may be called from any thread; `cancel()` is idempotent.
///
/// ```swift
/// final class OneAtATime: Subscriber {
///   var subscription: (any Subscription)?
///   func receive(subscription: any Subscription) {
///     self.subscription = subscription
///     subscription.request(.max(1))
///   }
///   func receive(_ input: Int) -> Subscribers.Demand { print(input); return .max(1) }
///   func receive(completion: Subscribers.Completion<Never>) {}
/// }
/// ```
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Asks the publisher for up to `demand` more values. `demand` must not be `.none`.
  func request(_ demand: Subscribers.Demand)
}

/// The subscription that does nothing, used by publishers that complete or fail at once.
public enum Subscriptions {
  /// A subscription that ignores requests and cancellation.
  ///
  /// ```swift
  /// subscriber.receive(subscription: Subscriptions.empty)
  /// subscriber.receive(completion: .finished)
  /// ```
  public static var empty: any Subscription { EmptySubscription.shared }
}

private final class EmptySubscription: Subscription, Sendable {
  static let shared = EmptySubscription()
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
  var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
