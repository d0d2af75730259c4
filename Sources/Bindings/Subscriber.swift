/// A type that receives values from a publisher.
///
/// The publisher calls `receive(subscription:)` exactly once, then `receive(_:)` at most as many
/// times as the subscriber requested through the subscription, then at most one
/// `receive(completion:)`. After completion or cancellation nothing more arrives.
///
/// ```swift
/// final class Printer: Subscriber {
///   func receive(subscription: any Subscription) { subscription.request(.max(2)) }
///   func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
///   func receive(completion: Subscribers.Completion<Never>) { print(completion) }
/// }
/// [1, 2, 3].publisher.subscribe(Printer())   // prints "1", "2"
/// ```
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of errors this subscriber might receive.
  associatedtype Failure: Error

  /// Tells the subscriber that it has subscribed, and gives it the subscription to request values
  /// with or to cancel.
  func receive(subscription: any Subscription)

  /// Delivers one value; returns how many more values the subscriber wants, on top of its
  /// outstanding demand.
  func receive(_ input: Input) -> Subscribers.Demand

  /// Tells the subscriber that the publisher finished or failed.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Delivers a `Void` value.
  public func receive() -> Subscribers.Demand { receive(()) }
}
