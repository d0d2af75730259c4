/// A closure stored in an object, called in place, and released on demand.
///
/// Calling a closure read from an object's `var` retains and releases its context around the call
/// (two atomic operations), since the compiler cannot tell the property is not changed meanwhile.
/// Stored in a non-copyable wrapper, the closure is borrowed in place by the call instead. A hot path
/// that calls a closure for every value (``Subscribers/Sink``) keeps it in one.
///
/// ```swift
/// var body = InPlaceClosure<Int> { print($0) }
/// body.call(1)   // prints "1"
/// body.empty()   // releases the closure; later calls do nothing
/// ```
@usableFromInline
struct InPlaceClosure<Input>: ~Copyable {
  @usableFromInline var body: ((Input) -> Void)?

  @inlinable
  init(_ body: @escaping (Input) -> Void) {
    self.body = body
  }

  /// Calls the closure with `input`, unless it was emptied.
  @inlinable @inline(__always)
  borrowing func call(_ input: Input) {
    body?(input)
  }

  /// Releases the closure. Always inlined: called from unspecialised code (a sink's `cancel`), the
  /// method would look up the wrapper's generic metadata.
  @inlinable @inline(__always)
  mutating func empty() {
    body = nil
  }
}

/// ``InPlaceClosure`` for a closure of two arguments (a binding's `(owner, value)`). Parameter packs
/// would make one type of the two, but a closure over a pack is called through tuple metadata and
/// retained: the point of the wrapper is lost.
///
/// `First` is a class, as a binding's owner is: a function type passes a class-constrained
/// parameter directly and an unconstrained one indirectly, so a sink's `(Owner, Input) -> Void`
/// stored in a wrapper over an unconstrained `First` was converted by a reabstraction thunk, a heap
/// object per binding and one more call per value.
@usableFromInline
struct InPlaceClosure2<First: AnyObject, Second>: ~Copyable {
  @usableFromInline var body: ((First, Second) -> Void)?

  @inlinable
  init(_ body: @escaping (First, Second) -> Void) {
    self.body = body
  }

  /// Calls the closure, unless it was emptied.
  @inlinable @inline(__always)
  borrowing func call(_ first: First, _ second: Second) {
    body?(first, second)
  }

  /// Releases the closure; always inlined, for the reason ``InPlaceClosure/empty()`` is.
  @inlinable @inline(__always)
  mutating func empty() {
    body = nil
  }
}
