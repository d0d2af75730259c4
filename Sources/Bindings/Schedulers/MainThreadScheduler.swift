import Dispatch
import Foundation

/// A scheduler that runs actions on the main thread: at once when the caller is already there,
/// otherwise on the main queue.
///
/// This is the scheduler UI bindings deliver on. A value that already arrives on the main thread
/// reaches the UI synchronously, in the same turn of the run loop, so there is no flicker and no
/// extra frame of latency; a value from a background thread hops to the main queue.
///
/// ```swift
/// // On the main thread:
/// MainThreadScheduler.shared.schedule { print("inside") }
/// print("after")
/// // prints "inside", "after"
///
/// // On a background thread:
/// MainThreadScheduler.shared.schedule { print("later, on the main thread") }
/// ```
///
/// Actions scheduled with ``schedule(options:_:)`` run in the order they were scheduled, from
/// whatever threads: an action scheduled on the main thread runs at once only when no earlier
/// action is still waiting for the main queue; otherwise it queues behind them.
///
/// Delayed and repeating actions always go through the main queue, like
/// `DispatchQueue.main`'s. The time type is `DispatchQueue`'s.
///
/// "The main thread" means the thread that is running main-queue (and so main-actor) work. On Linux
/// the main queue is serviced only while the program runs a main run loop or `dispatchMain()`;
/// an `async` `main` and `swift test` call `dispatchMain()`, which parks the process's first thread
/// and lets a worker thread drain the main queue. `Thread.isMainThread` is then `false` even inside
/// `@MainActor` code, so this scheduler also recognises the main queue itself.
public final class MainThreadScheduler: Scheduler, @unchecked Sendable {
  /// The main-thread scheduler keeps the main dispatch queue's time.
  public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType

  /// The main-thread scheduler takes no options.
  public typealias SchedulerOptions = Never

  /// The one main-thread scheduler.
  public static let shared = MainThreadScheduler()

  /// Actions handed to the main queue by `schedule(options:_:)` that have not started yet.
  private let pendingCount = Locked(0)
  /// Marks the main queue, so that code draining it is recognised on any thread.
  private let mainQueueKey = DispatchSpecificKey<Bool>()

  private init() {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
  }

  /// Whether the caller is on the main thread, or on whichever thread is draining the main queue.
  var isMainThread: Bool {
    ProcessMainThread.isCurrent || DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  /// The main queue's current time.
  public var now: SchedulerTimeType { DispatchQueue.main.now }

  /// The main queue's minimum tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { DispatchQueue.main.minimumTolerance }

  /// Whether an action scheduled now would run at once: this is the main thread and nothing
  /// scheduled earlier is still waiting.
  var mayRunNow: Bool {
    isMainThread && pendingCount.withLock { $0 == 0 }
  }

  /// Runs `action` now if this is the main thread and nothing scheduled earlier is still waiting;
  /// otherwise runs it on the main queue.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let isMainThread = self.isMainThread
    let runsNow: Bool = pendingCount.withLock { pendingCount in
      if isMainThread && pendingCount == 0 { return true }
      pendingCount += 1
      return false
    }
    if runsNow {
      action()
      return
    }
    let box = SchedulerActionBox(action)
    DispatchQueue.main.async {
      // Counted down before running, so that the action may itself schedule work that runs at once.
      self.pendingCount.withLock { $0 -= 1 }
      box.run()
    }
  }

  /// Runs `action` on the main queue at `date`.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    DispatchQueue.main.schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` on the main queue at `date` and then every `interval`, until cancelled.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    DispatchQueue.main.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }
}

/// Whether the calling thread is the process's main thread, asked once per thread.
///
/// On Linux `Thread.isMainThread` makes two system calls (`gettid` and `getpid`) on every call, about
/// a microsecond each time on a loaded machine: on the path of every value a main-thread target
/// receives, that is ten times the rest of the binding. A thread never changes its identity, so the
/// answer is kept in a thread-specific slot and read back with one `pthread_getspecific`. Elsewhere
/// `Thread.isMainThread` reads a thread-local already.
enum ProcessMainThread {
  #if os(Linux) || os(Android)
  /// The slot: empty until the thread first asks, then `1` on the main thread and `2` elsewhere.
  private static let slot: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed (\(status)): no thread-specific key is left")
    return key
  }()

  static var isCurrent: Bool {
    if let remembered = pthread_getspecific(slot) { return Int(bitPattern: remembered) == 1 }
    let isMain = Thread.isMainThread
    pthread_setspecific(slot, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
    return isMain
  }
  #else
  static var isCurrent: Bool { Thread.isMainThread }
  #endif
}
