/// A type that can deliver a sequence of values over time to subscribers.
///
/// A publisher does nothing until a subscriber attaches; then it honours the subscriber's demand:
/// it never delivers more values than were requested. It ends with at most one completion.
///
/// ```swift
/// let cancellable = [1, 2, 3].publisher
///   .sink { print($0) }
/// // prints "1", "2", "3"
/// ```
public protocol Publisher<Output, Failure> {
  /// The kind of values this publisher produces.
  associatedtype Output
  /// The kind of errors this publisher might publish; `Never` if it cannot fail.
  associatedtype Failure: Error

  /// Attaches `subscriber`. Call `subscribe(_:)` rather than this, as Combine recommends.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` to this publisher.
  ///
  /// ```swift
  /// Just(1).subscribe(AnySubscriber(receiveValue: { print($0); return .none }))
  /// ```
  @inlinable
  @inline(__always)
  public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}

/// A namespace for the types of publishers and operators, such as ``Publishers/Sequence``.
public enum Publishers {}
