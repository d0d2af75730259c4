/// A publisher that never emits a value, and finishes at once unless told otherwise.
///
/// ```swift
/// let token = Empty<Int, Never>().sink(
///   receiveCompletion: { print($0) },
///   receiveValue: { print($0) })
/// // prints "finished"
/// ```
///
/// With `completeImmediately: false` it never completes either, which is useful as a publisher
/// that stays silent forever.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
  /// Whether the publisher finishes as soon as a subscriber attaches.
  public let completeImmediately: Bool

  /// Creates an empty publisher.
  ///
  /// - Parameter completeImmediately: Whether to finish as soon as a subscriber attaches.
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Creates an empty publisher, naming its output and failure types where they cannot be inferred.
  ///
  /// ```swift
  /// let silent = Empty(completeImmediately: false, outputType: String.self, failureType: Never.self)
  /// ```
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
    self.completeImmediately = completeImmediately
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately {
      subscriber.receive(completion: .finished)
    }
  }
}

extension Empty: Sendable {}
