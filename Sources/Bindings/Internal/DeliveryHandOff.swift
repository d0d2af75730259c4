import Synchronization

/// The hand-off between the threads that call a subscriber's closure and the thread that ends the
/// subscriber: values go to the closure with no lock, and the closure is emptied (its last reference let go) exactly once,
/// never while a call to it runs. Shared by ``Subscribers/Sink`` and ``BindingSink``.
///
/// ```swift
/// final class Relay: @unchecked Sendable {
///   let handOff = DeliveryHandOff()
///   @exclusivity(unchecked) var body = InPlaceClosure<Int> { print($0) }
///   func deliver(_ value: Int) { handOff.deliver { body.call(value) } emptyClosure: { body.empty() } }
///   func cancel() { _ = handOff.end { body.empty() } }
/// }
/// let relay = Relay()
/// relay.deliver(1)   // prints "1"
/// relay.cancel()
/// relay.deliver(2)   // prints nothing
/// ```
///
/// One atomic word counts the calls running and says whether the subscriber has ended. It holds
/// whether or not deliveries overlap: Combine's rules say they do not, but a scheduler may run a
/// binding's deliveries concurrently, and an upstream may break the rules; a nested delivery (from
/// inside the closure) is one more call running. The closure itself stays in its owner, in a
/// non-copyable ``InPlaceClosure`` the owner calls in place, and this type says when to call it and
/// when to empty it:
///
/// 1. a delivery that starts after the end calls nothing;
/// 2. the closure is emptied by whichever thread finds the subscriber ended with no call running —
///    the thread that ends it, or the last call to return — and by one thread only (a second flag,
///    won by a compare-and-exchange).
@usableFromInline
struct DeliveryHandOff: ~Copyable, Sendable {
  /// Set once the subscriber has ended: no delivery calls the closure from then on.
  @usableFromInline static var endedFlag: UInt32 { 1 }
  /// Set by the one thread that empties the closure.
  @usableFromInline static var emptiedFlag: UInt32 { 2 }
  /// Added for each delivery running.
  @usableFromInline static var deliveryUnit: UInt32 { 4 }

  /// 32 bits, room for 2^30 deliveries running at once. Declared after its owner's ``Locked``, a
  /// 4-byte word can take the padding after the 4-byte lock word: in ``Subscribers/Sink`` (a 40-byte
  /// state, then the lock word) it does, where an 8-byte one took 8 bytes more in every sink.
  @usableFromInline let activity = Atomic<UInt32>(0)

  @inlinable
  init() {}

  /// Whether the subscriber has ended.
  @inlinable
  var hasEnded: Bool { activity.load(ordering: .acquiring) & Self.endedFlag != 0 }

  /// Runs `call` unless the subscriber has ended, counted as a running delivery; then runs `emptyClosure`
  /// if the subscriber ended meanwhile and this was the last call running. Returns whether `call` ran.
  @inlinable @inline(__always)
  @discardableResult
  func deliver(_ call: () -> Void, emptyClosure: () -> Void) -> Bool {
    let before = activity.wrappingAdd(Self.deliveryUnit, ordering: .acquiring).oldValue
    let calls = before & Self.endedFlag == 0
    if calls { call() }
    finish(
      activity.wrappingSubtract(Self.deliveryUnit, ordering: .acquiringAndReleasing).newValue,
      emptyClosure: emptyClosure)
    return calls
  }

  /// Marks the subscriber ended, and runs `emptyClosure` at once if no delivery runs (else the last one
  /// to return runs it). Returns whether this call ended the subscriber; ending it again does
  /// nothing.
  @inlinable @inline(__always)
  func end(emptyClosure: () -> Void) -> Bool {
    let before = activity.bitwiseOr(Self.endedFlag, ordering: .acquiringAndReleasing).oldValue
    guard before & Self.endedFlag == 0 else { return false }
    finish(before | Self.endedFlag, emptyClosure: emptyClosure)
    return true
  }

  /// Runs `emptyClosure` if `activity`, the value this thread just left, says the subscriber has ended,
  /// no delivery runs, and nobody emptied the closure yet; only one thread wins the exchange.
  @inlinable @inline(__always)
  func finish(_ activity: UInt32, emptyClosure: () -> Void) {
    guard activity == Self.endedFlag else { return }
    let won = self.activity.compareExchange(
      expected: Self.endedFlag, desired: Self.endedFlag | Self.emptiedFlag, ordering: .acquiringAndReleasing
    ).exchanged
    if won { emptyClosure() }
  }
}
