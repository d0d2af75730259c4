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

  /// A short name for the publisher in debugging output: `AnyPublisher`, whatever it wraps.
  public var description: String { "AnyPublisher" }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    // Operators subscribe with value types that hold their downstream inline, so without this the
    // subscriber grows with every stage and each erased stage copies it through unspecialized
    // frames: subscribe-time stack quadratic in the depth. Boxing a wide subscriber once per
    // erasure keeps it a few words wide, and the stack linear in the depth.
    if MemoryLayout<S>.size > erasedSubscriberInlineLimit {
      box.receive(subscriber: ErasedSubscriberBox(subscriber))
    } else {
      box.receive(subscriber: subscriber)
    }
  }
}

/// The widest subscriber, in bytes, that ``AnyPublisher`` passes to its upstream unboxed.
@usableFromInline
let erasedSubscriberInlineLimit = 4 * MemoryLayout<Int>.size

/// A subscriber moved to the heap before it crosses an ``AnyPublisher``, so that it is one word
/// wide whatever it holds; it keeps the identity and description of the subscriber it holds.
@usableFromInline
final class ErasedSubscriberBox<Base: Subscriber>: Subscriber, CustomStringConvertible {
  @usableFromInline
  let base: Base
  private let liveObject = LiveObjectToken("AnyPublisher.ErasedSubscriberBox")

  @usableFromInline
  init(_ base: Base) {
    self.base = base
  }

  @usableFromInline
  var combineIdentifier: CombineIdentifier { base.combineIdentifier }

  @usableFromInline
  var description: String { (base as? CustomStringConvertible)?.description ?? "\(Base.self)" }

  @inlinable
  func receive(subscription: any Subscription) { base.receive(subscription: subscription) }

  @inlinable
  func receive(_ input: Base.Input) -> Subscribers.Demand { base.receive(input) }

  @inlinable
  func receive(completion: Subscribers.Completion<Base.Failure>) { base.receive(completion: completion) }
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
  private let liveObject = LiveObjectToken("AnyPublisher.PublisherBox")

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
