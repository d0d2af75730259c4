/// A subscriber that hides the type of the subscriber it wraps, or that is made from closures.
///
/// ```swift
/// let printer = AnySubscriber<Int, Never>(
///   receiveSubscription: { $0.request(.unlimited) },
///   receiveValue: { print($0); return .none },
///   receiveCompletion: { print($0) })
/// [1, 2].publisher.subscribe(printer)   // prints "1", "2", "finished"
/// ```
@frozen
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  @usableFromInline let receiveSubscriptionBody: ((any Subscription) -> Void)?
  @usableFromInline let receiveValueBody: ((Input) -> Subscribers.Demand)?
  @usableFromInline let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?

  /// The identifier of the wrapped subscriber, or a fresh one for a closure-made subscriber.
  public let combineIdentifier: CombineIdentifier

  /// Wraps `subscriber`, keeping its identifier. Wrapping an `AnySubscriber` returns it unchanged.
  @inlinable
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    combineIdentifier = subscriber.combineIdentifier
    receiveSubscriptionBody = subscriber.receive(subscription:)
    receiveValueBody = subscriber.receive(_:)
    receiveCompletionBody = subscriber.receive(completion:)
  }

  /// A subscriber that forwards everything it receives into `subject`, requesting unlimited values.
  public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
    combineIdentifier = CombineIdentifier(subject)
    receiveSubscriptionBody = { subject.send(subscription: $0) }
    receiveValueBody = {
      subject.send($0); return .none
    }
    receiveCompletionBody = { subject.send(completion: $0) }
  }

  /// A subscriber made of closures; a missing closure does nothing.
  ///
  /// With no `receiveSubscription`, the subscriber requests nothing, as in Combine.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    combineIdentifier = CombineIdentifier()
    receiveSubscriptionBody = receiveSubscription
    receiveValueBody = receiveValue
    receiveCompletionBody = receiveCompletion
  }

  /// A short name for the subscriber in debugging output.
  public var description: String { "Anonymous AnySubscriber" }

  /// Passes `subscription` to the wrapped subscriber's closure, if there is one.
  @inlinable
  public func receive(subscription: any Subscription) {
    receiveSubscriptionBody?(subscription)
  }

  /// Passes `input` to the wrapped closure and returns the demand it asks for; `.none` without a closure.
  @inlinable
  public func receive(_ input: Input) -> Subscribers.Demand {
    receiveValueBody?(input) ?? .none
  }

  /// Passes `completion` to the wrapped subscriber's closure, if there is one.
  @inlinable
  public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody?(completion)
  }
}
