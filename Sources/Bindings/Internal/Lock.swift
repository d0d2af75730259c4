import Builtin
import Synchronization

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
struct InlineCell<Value: ~Copyable>: ~Copyable {
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

/// The one lock primitive the library uses: a lock stored inline in its owner, that spins briefly
/// and then parks a waiting thread.
///
/// - On Linux and Android: a 4-byte lock word (``Synchronization/Atomic``) with a parking lot. Taking
///   a free lock is one compare-and-swap and releasing it one exchange, both inlined into the caller;
///   a thread that finds the lock taken spins for a short while, then parks on a condition variable
///   in one of ``ParkingLot``'s buckets (chosen by the lock's address), and the releasing thread
///   wakes it. A parked thread sleeps rather than burning its time slice while the holder is
///   preempted (a spin-then-`sched_yield` lock, used before, measured a 414 ms worst wait under
///   outside load against 60 ms for a parking lock). ThreadSanitizer sees the lock: its atomic
///   operations are compiled into the library, with acquire and release ordering, and the buckets
///   are pthread mutexes and condition variables, which it intercepts. (`Synchronization.Mutex` is
///   not seen by ThreadSanitizer on Linux: its operations are compiled in the uninstrumented
///   standard library. A glibc `pthread_mutex_t`, used before, is 40 bytes in every object that
///   holds a lock.)
/// - On Apple platforms: `os_unfair_lock` (4 bytes, parks, with priority donation); on Windows:
///   `SRWLOCK`.
///
/// Stored inline at a stable address (``InlineCell``, or the raw layout of `Atomic`): a lock costs
/// no allocation. The type is non-copyable, so exactly one owner holds it. New code uses ``Locked``,
/// which also keeps the state the lock guards out of reach except inside the critical section. Not
/// recursive; never call out to a subscriber or user closure while holding it (see DESIGN.md,
/// "Threading").
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
  #if canImport(Darwin)
  @usableFromInline let cell: InlineCell<os_unfair_lock>

  @inlinable
  init() {
    cell = InlineCell(os_unfair_lock())
  }

  @inlinable @inline(__always)
  func lock() {
    os_unfair_lock_lock(cell.address)
  }

  @inlinable @inline(__always)
  func unlock() {
    os_unfair_lock_unlock(cell.address)
  }
  #elseif canImport(WinSDK)
  @usableFromInline let cell: InlineCell<SRWLOCK>

  @inlinable
  init() {
    cell = InlineCell(SRWLOCK())
    InitializeSRWLock(cell.address)
  }

  @inlinable @inline(__always)
  func lock() {
    AcquireSRWLockExclusive(cell.address)
  }

  @inlinable @inline(__always)
  func unlock() {
    ReleaseSRWLockExclusive(cell.address)
  }
  #else
  /// ``ParkingLot/lockedBit`` while held, plus ``ParkingLot/parkedBit`` while a thread may be
  /// parked waiting for it.
  @usableFromInline let word: Atomic<UInt32>

  @inlinable
  init() {
    word = Atomic(0)
  }

  @inlinable @inline(__always)
  func lock() {
    let (exchanged, _) = word.compareExchange(
      expected: 0, desired: ParkingLot.lockedBit, successOrdering: .acquiring, failureOrdering: .relaxed)
    if !exchanged { ParkingLot.lock(word) }
  }

  @inlinable @inline(__always)
  func unlock() {
    let previous = word.exchange(0, ordering: .releasing)
    if previous & ParkingLot.parkedBit != 0 { ParkingLot.unpark(word) }
  }
  #endif

  /// Runs `body` with the lock held. `body` must not call out to user code.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

#if !canImport(Darwin) && !canImport(WinSDK)
/// Where threads wait for a ``Lock`` that is taken: a fixed table of buckets, each a pthread mutex
/// and condition variable, shared by all locks whose address hashes to it.
///
/// A waiter takes its bucket's mutex, sets the lock's parked bit if the lock is still held, and waits
/// on the bucket's condition. A releasing thread that sees the parked bit takes the same mutex and
/// wakes every waiter of the bucket; each retries, and one that loses parks again. Because the
/// parked bit is set and the wait begins under the bucket's mutex, and the waking thread takes that
/// mutex, no wake-up is lost. Waking the whole bucket also wakes waiters of other locks that share
/// it, which only costs them a retry.
@usableFromInline
enum ParkingLot {
  @usableFromInline static var lockedBit: UInt32 { 1 }
  @usableFromInline static var parkedBit: UInt32 { 2 }

  /// How many times a waiter re-reads the lock word before it parks: enough for a short critical
  /// section on another core to end, far less than a time slice.
  static let spinLimit = 100

  private struct Bucket {
    var mutex = pthread_mutex_t()
    var condition = pthread_cond_t()
  }

  private static let bucketCount = 64

  // Written once, when first used (a static `let` is initialised exactly once); the buckets are
  // then touched only through their pthread mutexes.
  private nonisolated(unsafe) static let buckets: UnsafeMutablePointer<Bucket> = {
    let buckets = UnsafeMutablePointer<Bucket>.allocate(capacity: bucketCount)
    for index in 0..<bucketCount {
      (buckets + index).initialize(to: Bucket())
      pthread_mutex_init(&(buckets + index).pointee.mutex, nil)
      pthread_cond_init(&(buckets + index).pointee.condition, nil)
    }
    return buckets
  }()

  private static func bucket(for word: borrowing Atomic<UInt32>) -> UnsafeMutablePointer<Bucket> {
    let address = UInt(bitPattern: UnsafeRawPointer(Builtin.addressOfRawLayout(word)))
    // The low bits of an object's address are alignment; mix the rest.
    let hash = (address >> 4) ^ (address >> 10) ^ (address >> 16)
    return buckets + Int(hash % UInt(bucketCount))
  }

  /// Takes `word`'s lock, spinning and then parking while another thread holds it.
  @usableFromInline
  static func lock(_ word: borrowing Atomic<UInt32>) {
    var spins = 0
    while true {
      let state = word.load(ordering: .relaxed)
      if state & lockedBit == 0 {
        if word.compareExchange(
          expected: state, desired: state | lockedBit, successOrdering: .acquiring, failureOrdering: .relaxed
        ).exchanged {
          return
        }
        continue
      }
      if state & parkedBit == 0, spins < spinLimit {
        spins += 1
        continue
      }
      park(word)
      spins = 0
    }
  }

  /// Waits in `word`'s bucket until a release wakes it, unless the lock is already free.
  private static func park(_ word: borrowing Atomic<UInt32>) {
    let bucket = bucket(for: word)
    pthread_mutex_lock(&bucket.pointee.mutex)
    defer { pthread_mutex_unlock(&bucket.pointee.mutex) }
    let state = word.load(ordering: .relaxed)
    guard state & lockedBit != 0 else { return }
    if state & parkedBit == 0 {
      guard
        word.compareExchange(
          expected: state, desired: state | parkedBit, successOrdering: .relaxed, failureOrdering: .relaxed
        ).exchanged
      else { return }
    }
    pthread_cond_wait(&bucket.pointee.condition, &bucket.pointee.mutex)
  }

  /// Wakes the threads parked in `word`'s bucket; called by a release that found the parked bit.
  @usableFromInline
  static func unpark(_ word: borrowing Atomic<UInt32>) {
    let bucket = bucket(for: word)
    pthread_mutex_lock(&bucket.pointee.mutex)
    pthread_cond_broadcast(&bucket.pointee.condition)
    pthread_mutex_unlock(&bucket.pointee.mutex)
  }
}
#endif

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
struct Locked<State: ~Copyable>: ~Copyable, @unchecked Sendable {
  // The state first: ThreadSanitizer records the `inout` access to it at the first byte of
  // `Locked`, which must not be the lock word's address (it would see the lock's own atomics as a
  // race with that access).
  @usableFromInline let state: InlineCell<State>
  @usableFromInline let lock = Lock()

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
