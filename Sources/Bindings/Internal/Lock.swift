// The lock the library uses, in two builds.
//
// - Linux and Android: a 4-byte lock word with a parking lot (`Lock`, `ParkingLot`), stored with the
//   state it guards in a raw-layout cell (`InlineCell`). It needs two unproposed compiler features,
//   `RawLayout` and `BuiltinModule`, which Package.swift enables on these platforms only. It pays
//   there: ThreadSanitizer does not see `Synchronization.Mutex` on Linux (its slow path is compiled
//   in the uninstrumented standard library), and ours costs fewer instructions (DESIGN.md,
//   "Threading", has the measurements).
// - Everywhere else (Apple platforms, Windows), and on Linux with a toolchain that lacks either
//   feature or with `-D BINDINGS_MUTEX_LOCK`: the standard library's `Synchronization.Mutex`, which
//   is an `os_unfair_lock` on Apple platforms and an `SRWLOCK` on Windows, both of which
//   ThreadSanitizer sees where it runs.
//
// Both builds give `Locked` the same interface, so the rest of the library does not know which one
// it has.
#if (os(Linux) || os(Android)) && hasFeature(RawLayout) && hasFeature(BuiltinModule) && !BINDINGS_MUTEX_LOCK
import Builtin
import Synchronization

#if canImport(Glibc)
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
/// `Mutex`, which is not used on Linux: ThreadSanitizer does not see it there).
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

/// The lock of ``Locked`` on Linux and Android: a 4-byte lock word stored inline in its owner, that
/// spins briefly and then parks a waiting thread.
///
/// Taking a free lock is one compare-and-swap and releasing it one exchange, both inlined into the
/// caller; a thread that finds the lock taken spins for a short while, then parks on a condition
/// variable in one of ``ParkingLot``'s buckets (chosen by the lock's address), and the releasing
/// thread wakes it. A parked thread sleeps rather than burning its time slice while the holder is
/// preempted (a spin-then-`sched_yield` lock, used before, measured a 414 ms worst wait under
/// outside load against 60 ms for a parking lock). ThreadSanitizer sees the lock: its atomic
/// operations are compiled into the library, with acquire and release ordering, and the buckets are
/// pthread mutexes and condition variables, which it intercepts. (`Synchronization.Mutex` is not
/// seen by ThreadSanitizer on Linux: its slow path is compiled in the uninstrumented standard
/// library. A glibc `pthread_mutex_t`, used before, is 40 bytes in every object that holds a lock.)
///
/// Stored inline at a stable address (the raw layout of `Atomic`): a lock costs no allocation. The
/// type is non-copyable, so exactly one owner holds it; it exists only inside ``Locked``. Not
/// recursive; never call out to a subscriber or user closure while holding it (see DESIGN.md,
/// "Threading").
@usableFromInline
struct Lock: ~Copyable, Sendable {
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
}

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

/// A state value and the lock that guards it, stored inline in their owner: the state is reachable
/// only inside ``withLock(_:)``. (Linux and Android build: the state in an ``InlineCell``, the lock a
/// ``Lock``.)
///
/// ```swift
/// final class Counter: Sendable {
///   private let count = Locked(0)
///   func increment() -> Int { count.withLock { count in count += 1; return count } }
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
///
/// `Locked` is `Sendable` when its state is. `withLock` can hand a reference held in the state out
/// of the critical section, so with a non-`Sendable` state the owner vouches for what it does with
/// what it takes out (owners are `@unchecked Sendable` classes that follow the house pattern).
@usableFromInline
package struct Locked<State: ~Copyable>: ~Copyable {
  // The state first: ThreadSanitizer records the `inout` access to it at the first byte of
  // `Locked`, which must not be the lock word's address (it would see the lock's own atomics as a
  // race with that access).
  @usableFromInline let state: InlineCell<State>
  @usableFromInline let lock = Lock()

  /// Creates the lock and its state.
  @inlinable
  package init(_ initialState: consuming State) {
    state = InlineCell(initialState)
  }

  /// Runs `body` with the lock held and exclusive access to the state.
  ///
  /// `body` must be short and must not call out to user code, nor end the last reference to a user
  /// object (return it, and let it go after the call).
  @inlinable @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state.address.pointee)
  }
}

// The state is reached only under the lock; the cell is `@unchecked` because it is raw storage.
extension Locked: @unchecked Sendable where State: Sendable & ~Copyable {}

#else
import Synchronization

/// A state value and the lock that guards it, stored inline in their owner: the state is reachable
/// only inside ``withLock(_:)``. (The build on the standard library's `Mutex`.)
///
/// ```swift
/// final class Counter: Sendable {
///   private let count = Locked(0)
///   func increment() -> Int { count.withLock { count in count += 1; return count } }
/// }
/// ```
///
/// The owner stores it as a `let`; the house pattern (DESIGN.md, "Threading") applies as in the
/// Linux build: decide under the lock, act after it.
///
/// `Locked` is `Sendable` when its state is. `Mutex` keeps a non-`Sendable` state in its own region
/// (`sending`), which the library's actions do not follow: they hand references out of the state to
/// act on them after the lock. The two `nonisolated(unsafe)` below say so; with a non-`Sendable`
/// state, the owner vouches for what it does with what it takes out (owners are `@unchecked
/// Sendable` classes that follow the house pattern).
@usableFromInline
package struct Locked<State: ~Copyable>: ~Copyable {
  @usableFromInline let mutex: Mutex<State>

  /// Creates the lock and its state.
  @inlinable
  package init(_ initialState: consuming State) {
    nonisolated(unsafe) let initialState = initialState
    mutex = Mutex(initialState)
  }

  /// Runs `body` with the lock held and exclusive access to the state.
  ///
  /// `body` must be short and must not call out to user code, nor end the last reference to a user
  /// object (return it, and let it go after the call).
  @inlinable @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { state throws(Failure) -> sending Result in
      nonisolated(unsafe) let result = try body(&state)
      return result
    }
  }
}

extension Locked: Sendable where State: Sendable & ~Copyable {}
#endif
