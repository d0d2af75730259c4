#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(WinSDK)
import WinSDK
#endif

/// The one lock the library uses: a mutex whose storage lives at a stable heap address.
///
/// `os_unfair_lock` on Apple platforms, `SRWLOCK` on Windows, `pthread_mutex_t` elsewhere.
/// `Synchronization.Mutex` is avoided on purpose: ThreadSanitizer does not see it on Linux, and on
/// Apple platforms it needs iOS 18 / macOS 15.
///
/// The lock is non-copyable so that exactly one owner destroys it. It is not recursive: code never
/// calls out to a subscriber or a user closure while holding it (see DESIGN.md, "Threading").
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
  let primitive: UnsafeMutablePointer<Primitive>

  @usableFromInline
  init() {
    primitive = .allocate(capacity: 1)
    #if canImport(Darwin)
    primitive.initialize(to: os_unfair_lock())
    #elseif canImport(WinSDK)
    InitializeSRWLock(primitive)
    #else
    primitive.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(primitive, nil)
    precondition(result == 0, "pthread_mutex_init failed with \(result)")
    #endif
  }

  deinit {
    #if !canImport(Darwin) && !canImport(WinSDK)
    pthread_mutex_destroy(primitive)
    #endif
    primitive.deinitialize(count: 1)
    primitive.deallocate()
  }

  @inlinable
  func lock() {
    #if canImport(Darwin)
    os_unfair_lock_lock(primitive)
    #elseif canImport(WinSDK)
    AcquireSRWLockExclusive(primitive)
    #else
    pthread_mutex_lock(primitive)
    #endif
  }

  @inlinable
  func unlock() {
    #if canImport(Darwin)
    os_unfair_lock_unlock(primitive)
    #elseif canImport(WinSDK)
    ReleaseSRWLockExclusive(primitive)
    #else
    pthread_mutex_unlock(primitive)
    #endif
  }

  /// Runs `body` with the lock held. `body` must not call out to user code.
  @inlinable
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
