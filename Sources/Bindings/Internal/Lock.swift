import Builtin

#if canImport(Darwin)
import Darwin
#elseif canImport(WinSDK)
import WinSDK
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Storage for one value of type `Value` laid out inline in its owner, at an address that never
/// changes while the owner lives.
///
/// A class's stored `let` of a non-copyable raw-layout type is never moved or copied: borrowing it
/// borrows it in place. That is what lets a lock word and the state it guards live inside the object
/// that owns them, with no allocation of their own (the same construction as the standard library's
/// `Mutex`, which cannot be used here: ThreadSanitizer does not see it on Linux).
@usableFromInline
@_rawLayout(like: Value, movesAsLike)
struct InlineCell<Value>: ~Copyable {
  @inlinable @inline(__always)
  var address: UnsafeMutablePointer<Value> {
    UnsafeMutablePointer<Value>(Builtin.addressOfRawLayout(self))
  }

  @inlinable
  init(_ initialValue: consuming Value) {
    address.initialize(to: initialValue)
  }

  @inlinable
  deinit {
    address.deinitialize(count: 1)
  }
}

/// The one lock primitive the library uses: a mutex stored inline in its owner, that spins briefly
/// and then parks a waiting thread.
///
/// - On Linux: a glibc *adaptive* `pthread_mutex_t` — a bounded spin on the lock word, then a futex
///   wait, so a waiter whose holder was preempted sleeps instead of burning its time slice, and is
///   woken as soon as the lock is released. ThreadSanitizer intercepts pthread mutexes, so it sees
///   every critical section. (A spin-then-`sched_yield` lock, used before, measured a 414 ms worst
///   wait under outside load against 60 ms for a parking mutex; `Synchronization.Mutex` parks too,
///   but ThreadSanitizer does not see it on Linux.)
/// - On Apple platforms: `os_unfair_lock` (parks, with priority donation); on Windows: `SRWLOCK`.
///
/// All three are stored inline at a stable address (``InlineCell``): a lock costs no allocation.
/// The type is non-copyable, so exactly one owner holds it; store it in a class as
/// `private let lock = Lock()`. New code uses ``Locked`` instead, which also keeps the state the lock
/// guards out of reach except inside the critical section. Not recursive; never call out to a
/// subscriber or user closure while holding it (see DESIGN.md, "Threading").
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
  #if canImport(Darwin)
  @usableFromInline typealias Primitive = os_unfair_lock
  #elseif canImport(WinSDK)
  @usableFromInline typealias Primitive = SRWLOCK
  #else
  @usableFromInline typealias Primitive = pthread_mutex_t
  #endif

  @usableFromInline
  let cell: InlineCell<Primitive>

  @inlinable
  init() {
    #if canImport(Darwin)
    cell = InlineCell(os_unfair_lock())
    #elseif canImport(WinSDK)
    cell = InlineCell(SRWLOCK())
    InitializeSRWLock(cell.address)
    #else
    cell = InlineCell(pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    #if canImport(Glibc)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    #endif
    let result = pthread_mutex_init(cell.address, &attributes)
    pthread_mutexattr_destroy(&attributes)
    precondition(result == 0, "pthread_mutex_init failed: \(result)")
    #endif
  }

  @inlinable
  deinit {
    #if !canImport(Darwin) && !canImport(WinSDK)
    pthread_mutex_destroy(cell.address)
    #endif
  }

  @inlinable @inline(__always)
  func lock() {
    #if canImport(Darwin)
    os_unfair_lock_lock(cell.address)
    #elseif canImport(WinSDK)
    AcquireSRWLockExclusive(cell.address)
    #else
    let result = pthread_mutex_lock(cell.address)
    assert(result == 0, "pthread_mutex_lock failed: \(result)")
    #endif
  }

  @inlinable @inline(__always)
  func unlock() {
    #if canImport(Darwin)
    os_unfair_lock_unlock(cell.address)
    #elseif canImport(WinSDK)
    ReleaseSRWLockExclusive(cell.address)
    #else
    let result = pthread_mutex_unlock(cell.address)
    assert(result == 0, "pthread_mutex_unlock failed: \(result)")
    #endif
  }

  /// Runs `body` with the lock held. `body` must not call out to user code.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A state value and the lock that guards it, stored inline in their owner: the state is reachable
/// only inside ``withLock(_:)``.
///
/// ```swift
/// final class Counter: @unchecked Sendable {
///   private let state = Locked(0)
///   func increment() -> Int { state.withLock { count in count += 1; return count } }
/// }
/// ```
///
/// The owner stores it as a `let`: it is non-copyable, and a non-copyable stored `let` is borrowed in
/// place, so the lock and the state keep one address for the owner's lifetime and cost no allocation.
/// Access goes through a pointer into that storage, so it involves no dynamic exclusivity check;
/// exclusivity is what the lock provides.
///
/// The house pattern (DESIGN.md, "Threading"): the state is a plain struct whose methods decide and
/// return an action; the owner calls `withLock` to get the action, then performs it after the lock is
/// released — calling subscribers and user closures, and releasing the last reference to anything a
/// user gave us, only then. No method takes the lock and leaves it to another method to release.
@usableFromInline
struct Locked<State>: ~Copyable, @unchecked Sendable {
  @usableFromInline let lock = Lock()
  @usableFromInline let state: InlineCell<State>

  /// Creates the lock and its state.
  @inlinable
  init(_ initialState: consuming State) {
    state = InlineCell(initialState)
  }

  /// Runs `body` with the lock held and exclusive access to the state.
  ///
  /// `body` must be short and must not call out to user code, nor end the last reference to a user
  /// object (return it, and let it go after the call).
  @inlinable @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state.address.pointee)
  }
}
