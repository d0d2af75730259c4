/// Names one subscriber in a subject's list: its serial, and the place it had when it was
/// inserted (the list finds it there, or to the left of there after a compaction).
@usableFromInline
struct SubscriberKey: Sendable {
  @usableFromInline let serial: UInt64
  @usableFromInline let hint: Int

  /// The hint of a key that names no place in the list: the subscription handed to a subscriber that
  /// came after the completion, which reaches no record and requests nothing.
  @inlinable
  static var noPlace: Int { -1 }

  /// Whether the key names no place in the list (``noPlace``).
  @inlinable
  var namesNoPlace: Bool { hint < 0 }

  @inlinable
  init(serial: UInt64, hint: Int) {
    self.serial = serial
    self.hint = hint
  }
}

/// What a subscription asks of its subject.
@usableFromInline
enum SubjectRequest {
  case request(Subscribers.Demand)
  case cancel
}

/// The part of a subject's engine that is not generic: how a ``SubjectSubscription`` reaches it.
///
/// Sendable unchecked: its one stored property is immutable, and the closure in it captures nothing
/// (it is handed the subject as its first argument); the subclass, ``SubjectCore``, guards its state
/// with its lock.
@usableFromInline
class SubjectControl: @unchecked Sendable {
  /// Runs `request` and `cancel` for a subscription. Made by the generic subject where its types are
  /// known, so that the control path runs specialised (no generic-metadata lookups), although it is
  /// called through the `Subscription` protocol by code that knows nothing of the subject's types.
  @usableFromInline let control: (SubjectControl, SubscriberKey, SubjectRequest) -> Void

  @inlinable
  init(control: @escaping (SubjectControl, SubscriberKey, SubjectRequest) -> Void) {
    self.control = control
  }
}

/// The subscription a subject hands each subscriber: the subject, and the subscriber's key in its
/// list. Three words on a 64-bit platform, so an `any Subscription` holds it inline, with no
/// allocation.
///
/// A subscription kept after its subscriber was cancelled or completed reaches nobody: its key no
/// longer names a live record (``SubscriberList/position(of:)``).
@usableFromInline
struct SubjectSubscription: Subscription, CustomStringConvertible, Sendable {
  @usableFromInline let core: SubjectControl
  @usableFromInline let key: SubscriberKey

  @inlinable
  init(core: SubjectControl, serial: UInt64, hint: Int) {
    self.core = core
    key = SubscriberKey(serial: serial, hint: hint)
  }

  /// Adds demand. `.none` traps, as Combine's subjects do, except on the inert subscription a
  /// subscriber gets after the subject completed, which stands for Combine's empty subscription.
  @usableFromInline
  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0 || key.namesNoPlace, "request(.none) is a programming error: demand must be positive")
    core.control(core, key, .request(demand))
  }

  /// - Complexity: O(1) at the subscriber's insertion place, O(log n) after the list was compacted.
  @usableFromInline
  func cancel() {
    core.control(core, key, .cancel)
  }

  /// Unique among all subscriptions: serials come from the counter that makes `CombineIdentifier()`.
  @usableFromInline
  var combineIdentifier: CombineIdentifier { CombineIdentifier(rawValue: key.serial) }

  @usableFromInline
  var description: String { "Subject subscription" }
}
