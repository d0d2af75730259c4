/// A publisher that fails at once with the given error, without emitting a value.
///
/// ```swift
/// struct Oops: Error {}
/// let token = Fail<Int, Oops>(error: Oops()).sink(
///   receiveCompletion: { print($0) },
///   receiveValue: { print($0) })
/// // prints "failure(Oops())"
/// ```
///
/// The failure is delivered without waiting for demand: a completion needs none.
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error the publisher fails with.
  public let error: Failure

  /// Creates a publisher that fails with `error`.
  public init(error: Failure) {
    self.error = error
  }

  /// Creates a publisher that fails with `failure`, naming its output type where it cannot be
  /// inferred.
  ///
  /// ```swift
  /// let failing = Fail(outputType: Int.self, failure: Oops())   // Fail<Int, Oops>
  /// ```
  public init(outputType: Output.Type, failure: Failure) {
    self.error = failure
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}

extension Fail: Equatable where Failure: Equatable {}
extension Fail: Sendable where Failure: Sendable {}
