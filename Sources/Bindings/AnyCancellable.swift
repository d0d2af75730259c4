/// A type-erasing cancellable that cancels when it is deinitialized.
///
/// Keep the token as long as the work should go on; dropping it cancels the work.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// var token: AnyCancellable? = subject.sink { print($0) }
/// subject.send(1)   // prints "1"
/// token = nil       // cancels the subscription
/// subject.send(2)   // prints nothing
/// ```
///
/// A binding's token (from `<~`, `~>` or `bind(to:)`) is the exception: the owner's bag keeps the
/// binding, so releasing the token leaves it alone, and `cancel()` ends it.
///
/// Tokens are `Hashable` by identity, so they can be kept in a `Set`. `cancel()` is idempotent and
/// thread-safe: the wrapped work is cancelled once, however often and from however many threads
/// `cancel()` is called.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  // One of the library's own cancellables, all classes, idempotent and thread-safe: wrapping a
  // subscriber costs no allocation beyond the token, and the reference is 16 bytes where an
  // `any Cancellable` would be 40. Anything else is wrapped in a `CancelOnce`.
  @usableFromInline let target: any IdempotentCancellable
  /// Whether releasing the token cancels `target`: not for a binding's token, whose binding the
  /// owner's bag keeps (see ``init(binding:)``).
  @usableFromInline let cancelsWhenReleased: Bool
  private let liveObject = LiveObjectToken("AnyCancellable")

  /// Creates a token that runs `cancel` once, when cancelled or deinitialized.
  ///
  /// ```swift
  /// let token = AnyCancellable { print("cancelled") }
  /// token.cancel()   // prints "cancelled"
  /// token.cancel()   // prints nothing: cancel is idempotent
  /// ```
  public init(_ cancel: @escaping () -> Void) {
    target = CancelOnce(cancel)
    cancelsWhenReleased = true
  }

  /// Wraps one of the library's own cancellables as it is: no cast, no runtime conformance lookup.
  @usableFromInline
  init(idempotent target: any IdempotentCancellable) {
    self.target = target
    cancelsWhenReleased = true
  }

  /// The token of a binding that the owner's bag keeps: `cancel()` ends it, and releasing the token
  /// leaves it alone, as the bag holds the binding until the owner goes. The bag keeps the binding
  /// itself, not this token, so a token nobody keeps costs no memory while the binding lives.
  @usableFromInline
  init(binding target: any IdempotentCancellable) {
    self.target = target
    cancelsWhenReleased = false
  }

  /// Creates a token that cancels `canceller` once, when cancelled or deinitialized.
  @inlinable
  public init<C: Cancellable>(_ canceller: C) {
    if let idempotent = canceller as? any IdempotentCancellable {
      target = idempotent
    } else {
      target = CancelOnce(canceller.cancel)
    }
    cancelsWhenReleased = true
  }

  deinit {
    if cancelsWhenReleased { target.cancel() }
  }

  /// Cancels the wrapped activity. Later calls do nothing.
  public func cancel() {
    target.cancel()
  }

  /// Stores this token in `collection`.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Stores this token in `set`.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Whether two tokens are the same instance: tokens are equal only to themselves.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity, so that a `Set<AnyCancellable>` holds each token once.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// A cancellable of the library's own whose `cancel()` is already idempotent and thread-safe, so
/// that ``AnyCancellable`` can hold it directly. Each conformance is declared next to its type.
@usableFromInline
protocol IdempotentCancellable: AnyObject, Cancellable {}

extension AnyCancellable: IdempotentCancellable {}

/// Runs a cancel action at most once.
@usableFromInline
final class CancelOnce: Cancellable, @unchecked Sendable {
  private let action: Locked<(() -> Void)?>
  private let liveObject = LiveObjectToken("AnyCancellable.CancelOnce")

  @usableFromInline
  init(_ action: @escaping () -> Void) {
    self.action = Locked(action)
  }

  @usableFromInline
  func cancel() {
    let taken = action.withLock { $0.take() }
    taken?()
  }
}

extension CancelOnce: IdempotentCancellable {}
