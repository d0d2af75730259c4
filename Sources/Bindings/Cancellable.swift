/// A type whose activity or work can be cancelled.
///
/// Cancelling frees the resources the activity holds. `cancel()` is idempotent and may be called
/// from any thread, including from inside a delivery to the subscriber being cancelled.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let token = subject.sink { print($0) }
/// subject.send(1)   // prints "1"
/// token.cancel()
/// subject.send(2)   // prints nothing
/// ```
public protocol Cancellable {
  /// Cancels the activity.
  func cancel()
}

extension Cancellable {
  /// Stores this cancellable, type-erased, in `collection`.
  ///
  /// ```swift
  /// var tokens: [AnyCancellable] = []
  /// Just(1).sink { print($0) }.store(in: &tokens)   // prints "1"
  /// ```
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }

  /// Stores this cancellable, type-erased, in `set`.
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }
}
