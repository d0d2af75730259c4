/// A namespace for types that act as subscribers, such as ``Subscribers/Sink``, and for
/// ``Subscribers/Demand`` and ``Subscribers/Completion``.
public enum Subscribers {}

extension Subscribers {
  /// A signal that a publisher doesn't produce more elements, either because it finished or failed.
  ///
  /// ```swift
  /// Fail<Int, URLError>(error: URLError(.badURL))
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// // prints "failure(...)"
  /// ```
  public enum Completion<Failure: Error> {
    /// The publisher finished normally.
    case finished
    /// The publisher stopped because of `error`.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
  /// The same completion with its failure changed by `transform`.
  @inlinable
  public func mapError<NewFailure: Error>(
    _ transform: (Failure) -> NewFailure
  ) -> Subscribers.Completion<NewFailure> {
    switch self {
    case .finished: return .finished
    case .failure(let error): return .failure(transform(error))
    }
  }
}
