import Foundation

/// A state value and the lock that guards it: the state is reachable only inside
/// ``withLock(_:)``.
///
/// The testing module's copy of the library's own `Locked`, which is internal to Bindings, with the
/// same contract: the state is a plain value, `withLock` decides under the lock and returns what to
/// do, and the caller does it — calls user code, releases what a user gave — after unlocking.
///
/// ```swift
/// final class Counter: @unchecked Sendable {
///   private let count = Locked(0)
///   func increment() -> Int { count.withLock { count in count += 1; return count } }
/// }
/// ```
///
/// The state lives in its own allocation, at a stable address reached through a pointer, so access
/// involves no dynamic exclusivity check; the lock is an `NSLock`, which ThreadSanitizer sees.
struct Locked<State>: ~Copyable {
  private let lock = NSLock()
  private let state: UnsafeMutablePointer<State>

  /// Creates the lock and its state.
  init(_ initialState: consuming State) {
    state = .allocate(capacity: 1)
    state.initialize(to: initialState)
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Runs `body` with the lock held and exclusive access to the state.
  ///
  /// `body` must be short and must not call out to user code, nor end the last reference to a user
  /// object (return it, and let it go after the call).
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state.pointee)
  }
}

// Sendable when the state is: `withLock` can hand a reference from the state out of the critical
// section, so with a non-`Sendable` state the owner (an `@unchecked Sendable` class) vouches for it.
extension Locked: @unchecked Sendable where State: Sendable {}
