#if canImport(Darwin)
import Darwin
#elseif canImport(WinSDK)
import WinSDK
#else
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif
#endif

/// The one lock the library uses.
///
/// - On Linux and Android: a word-sized lock stored inline in its owner, built on an atomic
///   compare-and-exchange with acquire/release ordering, that spins briefly and then yields the
///   processor while it waits. It costs no allocation, and ThreadSanitizer sees its ordering.
///   (`Synchronization.Mutex` is avoided on purpose: ThreadSanitizer does not see it on Linux.)
/// - On Apple platforms: `os_unfair_lock`; on Windows: `SRWLOCK`. Both live at a stable heap
///   address of their own, since their owner's storage may not be addressed directly (and
///   `Atomic` needs iOS 18 / macOS 15 there).
///
/// The lock is non-copyable, so that exactly one owner holds it; store it in a class as
/// `private let lock = Lock()`. It is not recursive, and it is meant for short critical sections:
/// code never calls out to a subscriber or a user closure while holding it (see DESIGN.md,
/// "Threading").
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
  #if canImport(Darwin) || canImport(WinSDK)
  #if canImport(Darwin)
  @usableFromInline typealias Primitive = os_unfair_lock
  #else
  @usableFromInline typealias Primitive = SRWLOCK
  #endif

  @usableFromInline
  let primitive: UnsafeMutablePointer<Primitive>

  @usableFromInline
  init() {
    primitive = .allocate(capacity: 1)
    #if canImport(Darwin)
    primitive.initialize(to: os_unfair_lock())
    #else
    InitializeSRWLock(primitive)
    #endif
  }

  deinit {
    primitive.deinitialize(count: 1)
    primitive.deallocate()
  }

  @inlinable
  func lock() {
    #if canImport(Darwin)
    os_unfair_lock_lock(primitive)
    #else
    AcquireSRWLockExclusive(primitive)
    #endif
  }

  @inlinable
  func unlock() {
    #if canImport(Darwin)
    os_unfair_lock_unlock(primitive)
    #else
    ReleaseSRWLockExclusive(primitive)
    #endif
  }
  #else
  /// 0 when free, 1 when held.
  @usableFromInline
  let state: Atomic<UInt32>

  @usableFromInline
  init() {
    state = Atomic(0)
  }

  @inlinable
  func lock() {
    if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
    lockContended()
  }

  /// Waits for the holder: critical sections are a few instructions long, so a short spin usually
  /// wins; past it, the waiter yields so that a preempted holder can run.
  @usableFromInline
  func lockContended() {
    var attempts = 0
    while true {
      if state.load(ordering: .relaxed) == 0,
        state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
      attempts += 1
      if attempts > 64 { sched_yield() }
    }
  }

  @inlinable
  func unlock() {
    state.store(0, ordering: .releasing)
  }
  #endif

  /// Runs `body` with the lock held. `body` must not call out to user code.
  @inlinable
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
