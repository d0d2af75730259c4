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
/// Tokens are `Hashable` by identity, so they can be kept in a `Set`.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  // The wrapped cancellable is stored as an existential, not a closure: a class reference fits in
  // the existential's inline buffer, so wrapping a subscriber allocates nothing more.
  private enum Target {
    case cancellable(any Cancellable)
    case closure(() -> Void)
  }

  private let lock = Lock()
  private var target: Target?

  /// Creates a token that runs `cancel` once, when cancelled or deinitialized.
  ///
  /// ```swift
  /// let token = AnyCancellable { print("cancelled") }
  /// token.cancel()   // prints "cancelled"
  /// token.cancel()   // prints nothing: cancel is idempotent
  /// ```
  public init(_ cancel: @escaping () -> Void) {
    target = .closure(cancel)
  }

  /// Creates a token that cancels `canceller` once, when cancelled or deinitialized.
  public init<C: Cancellable>(_ canceller: C) {
    if let already = canceller as? AnyCancellable {
      target = .closure { already.cancel() }
    } else {
      target = .cancellable(canceller)
    }
  }

  deinit {
    // No other reference exists during deinit, so the lock is not needed.
    perform(target)
  }

  /// Cancels the wrapped activity. Later calls do nothing.
  public func cancel() {
    let taken: Target? = lock.withLock {
      let value = target
      target = nil
      return value
    }
    perform(taken)
  }

  private func perform(_ target: Target?) {
    switch target {
    case .cancellable(let cancellable): cancellable.cancel()
    case .closure(let closure): closure()
    case nil: break
    }
  }

  /// Stores this token in `collection`.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Stores this token in `set`.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
