/// A publisher that hides the type of the publisher it wraps.
///
/// Use it at API boundaries, so that callers see `AnyPublisher<Output, Failure>` rather than a
/// chain of operator types.
///
/// ```swift
/// let names: AnyPublisher<String, Never> = ["a", "b"].publisher.map { $0.uppercased() }
///   .eraseToAnyPublisher()
/// let token = names.sink { print($0) }   // prints "A", "B"
/// ```
@frozen
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
  @usableFromInline
  let box: PublisherBoxBase<Output, Failure>

  /// Wraps `publisher`. Wrapping an `AnyPublisher` again returns it unchanged.
  @inlinable
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      self = erased
    } else {
      box = PublisherBox(publisher)
    }
  }

  public var description: String { "AnyPublisher" }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    box.receive(subscriber: subscriber)
  }
}

extension Publisher {
  /// Wraps this publisher in an ``AnyPublisher``, hiding its type.
  ///
  /// ```swift
  /// let erased = Just(1).eraseToAnyPublisher()   // AnyPublisher<Int, Never>
  /// ```
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}

@usableFromInline
class PublisherBoxBase<Output, Failure: Error>: Publisher, @unchecked Sendable {
  @inlinable
  init() {}

  @usableFromInline
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    preconditionFailure("PublisherBoxBase.receive(subscriber:) is abstract")
  }
}

@usableFromInline
final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure>, @unchecked Sendable {
  @usableFromInline
  let base: Base

  @inlinable
  init(_ base: Base) {
    self.base = base
    super.init()
  }

  @inlinable
  override func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    base.receive(subscriber: subscriber)
  }
}

extension AnyPublisher: @unchecked Sendable where Output: Sendable {}
