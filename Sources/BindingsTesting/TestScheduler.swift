import Bindings
import Dispatch
import Foundation

/// A scheduler whose clock moves only when a test moves it, so that time-based code runs
/// instantly and deterministically.
///
/// Nothing scheduled on a test scheduler runs until the test calls `advance(by:)`,
/// `advance(to:)` or `run()`. Advancing runs every action that falls due, in time order; actions
/// due at the same instant run in the order they were scheduled. An action that schedules another
/// one which is due within the same advance sees it run in that advance too.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let search = PassthroughSubject<String, Never>()
/// var results: [String] = []
/// let token = search
///   .debounce(for: .milliseconds(300), scheduler: scheduler)
///   .sink { results.append($0) }
///
/// search.send("s")
/// search.send("sw")
/// scheduler.advance(by: .milliseconds(299))
/// print(results)   // prints "[]"
/// scheduler.advance(by: .milliseconds(1))
/// print(results)   // prints "["sw"]"
/// ```
///
/// Code that awaits the clock can be tested too: ``sleep(for:)`` and ``sleep(until:)`` suspend until
/// the scheduler is advanced past their deadline, and the `async` variants of `advance(by:)`
/// and `run()` give woken tasks a chance to run before they go on.
///
/// Safe to use from any thread; advance from one thread at a time (the test's).
public final class TestScheduler: Scheduler, @unchecked Sendable {
  /// An instant on a test scheduler's clock: nanoseconds since the scheduler's start.
  ///
  /// ```swift
  /// let start = TestScheduler.SchedulerTimeType(nanoseconds: 0)
  /// print(start.advanced(by: .seconds(1)).nanoseconds)   // prints "1000000000"
  /// ```
  public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The strides of a test scheduler are the same as a dispatch queue's: signed nanoseconds,
    /// with literals counting seconds.
    public typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    /// Nanoseconds since the scheduler's start.
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the scheduler's start.
    public init(nanoseconds: Int64) {
      self.nanoseconds = nanoseconds
    }

    /// The stride from this instant to `other`, saturating instead of overflowing.
    public func distance(to other: SchedulerTimeType) -> Stride {
      let (difference, overflow) = other.nanoseconds.subtractingReportingOverflow(nanoseconds)
      return Stride(nanoseconds: overflow ? (other.nanoseconds < nanoseconds ? .min : .max) : difference)
    }

    /// The instant `n` after this one, saturating instead of overflowing.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      let (sum, overflow) = nanoseconds.addingReportingOverflow(n.nanoseconds)
      return SchedulerTimeType(nanoseconds: overflow ? (n.nanoseconds < 0 ? .min : .max) : sum)
    }

    /// The instant in nanoseconds, e.g. `1000000000ns`.
    public var description: String { "\(nanoseconds)ns" }
  }

  /// A test scheduler takes no options.
  public typealias SchedulerOptions = Never

  private struct Job {
    /// Identifies a repeating action across its ticks, so that its token can cancel it.
    let id: UInt64
    /// Breaks ties between jobs due at the same instant: first scheduled, first run.
    let sequence: UInt64
    let date: SchedulerTimeType
    let interval: SchedulerTimeType.Stride?
    let action: () -> Void
  }

  private let lock = NSLock()
  private var currentTime: SchedulerTimeType
  private var jobs: [Job] = []
  private var nextSequence: UInt64 = 0

  /// Creates a test scheduler whose clock reads `now`.
  ///
  /// - Parameter now: The starting time; zero by default.
  public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
    currentTime = now
  }

  /// The scheduler's current virtual time.
  public var now: SchedulerTimeType { lock.withLock { currentTime } }

  /// Zero: a test scheduler is exact.
  public var minimumTolerance: SchedulerTimeType.Stride { .zero }

  /// How many actions are waiting to run, counting a repeating action once.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// scheduler.schedule { print("ran") }
  /// print(scheduler.scheduledActionCount)   // prints "1"
  /// scheduler.advance()                     // prints "ran"
  /// print(scheduler.scheduledActionCount)   // prints "0"
  /// ```
  public var scheduledActionCount: Int { lock.withLock { jobs.count } }

  // MARK: Scheduling

  /// Schedules `action` to run at the current time, on the next advance.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    _ = lock.withLock { enqueueLocked(date: currentTime, interval: nil, id: nil, action) }
  }

  /// Schedules `action` to run when the clock reaches `date`; a date in the past runs on the next
  /// advance.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    _ = lock.withLock { enqueueLocked(date: date, interval: nil, id: nil, action) }
  }

  /// Schedules `action` to run at `date` and then every `interval`, until the returned token is
  /// cancelled.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let token = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { print("tick") }
  /// scheduler.advance(by: .seconds(2))   // prints "tick" three times: at 0, 1 and 2 seconds
  /// token.cancel()
  /// ```
  ///
  /// - Precondition: `interval` is positive.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    precondition(interval > .zero, "a repeating action needs a positive interval, got \(interval)")
    let id = lock.withLock { enqueueLocked(date: date, interval: interval, id: nil, action) }
    return AnyCancellable { [weak self] in self?.cancelJob(id: id) }
  }

  @discardableResult
  private func enqueueLocked(
    date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride?,
    id: UInt64?,
    _ action: @escaping () -> Void
  ) -> UInt64 {
    let sequence = nextSequence
    nextSequence += 1
    jobs.append(Job(id: id ?? sequence, sequence: sequence, date: date, interval: interval, action: action))
    return id ?? sequence
  }

  private func cancelJob(id: UInt64) {
    let removed: [Job] = lock.withLock {
      let removed = jobs.filter { $0.id == id }
      jobs.removeAll { $0.id == id }
      return removed
    }
    // The cancelled action is released here, outside the lock: its captures may run code in deinit.
    _ = removed
  }

  // MARK: Advancing

  /// Moves the clock forward by `stride`, running every action that falls due on the way.
  ///
  /// With no argument, runs what is due now without moving the clock.
  ///
  /// - Precondition: `stride` is not negative.
  public func advance(by stride: SchedulerTimeType.Stride = .zero) {
    precondition(stride >= .zero, "cannot advance a test scheduler by a negative stride \(stride)")
    advance(to: now.advanced(by: stride))
  }

  /// Moves the clock forward to `date`, running every action that falls due on the way.
  ///
  /// Each action runs with the clock set to its own due time (or the current time, if it was
  /// scheduled in the past); afterwards the clock reads `date`.
  ///
  /// - Precondition: `date` is not earlier than ``now``.
  public func advance(to date: SchedulerTimeType) {
    precondition(date >= now, "cannot move a test scheduler back in time, from \(now) to \(date)")
    while runNextJob(dueBy: date) {}
    lock.withLock { currentTime = max(currentTime, date) }
  }

  /// Runs every scheduled action, moving the clock as far as it takes, until no work is left.
  ///
  /// - Precondition: No repeating action is left running: `run()` stops with a failure after a
  ///   million actions, the likely sign of a repeating action that was never cancelled.
  public func run() {
    var count = 0
    while runNextJob(dueBy: SchedulerTimeType(nanoseconds: .max)) {
      count += 1
      precondition(count < Self.runLimit, Self.runLimitMessage)
    }
  }

  private static let runLimit = 1_000_000
  private static let runLimitMessage =
    "TestScheduler.run() ran a million actions; is a repeating action still scheduled?"

  /// Runs the earliest job due by `deadline`, first scheduled first; returns whether there was one.
  private func runNextJob(dueBy deadline: SchedulerTimeType) -> Bool {
    let action: (() -> Void)? = lock.withLock {
      guard let index = indexOfNextJobLocked(), jobs[index].date <= deadline else { return nil }
      let job = jobs.remove(at: index)
      currentTime = max(currentTime, job.date)
      if let interval = job.interval {
        // Rescheduled before it runs, so that the action can cancel its own next tick.
        enqueueLocked(date: job.date.advanced(by: interval), interval: interval, id: job.id, job.action)
      }
      return job.action
    }
    guard let action else { return false }
    action()
    return true
  }

  private func indexOfNextJobLocked() -> Int? {
    jobs.indices.min { (jobs[$0].date, jobs[$0].sequence) < (jobs[$1].date, jobs[$1].sequence) }
  }

  // MARK: Awaiting the clock

  /// Moves the clock forward by `stride` like `advance(by:)`, and lets tasks woken on the
  /// way run before going on.
  ///
  /// After each action, and before returning, the calling task yields several times, so that a task
  /// resumed by ``sleep(until:)`` can do its next step (and, say, sleep again) before the clock
  /// moves further.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let task = Task {
  ///   try await scheduler.sleep(for: .seconds(1))
  ///   print("woke at \(scheduler.now)")
  /// }
  /// await scheduler.advance(by: .seconds(1))   // prints "woke at 1000000000ns"
  /// ```
  public func advance(by stride: SchedulerTimeType.Stride = .zero) async {
    precondition(stride >= .zero, "cannot advance a test scheduler by a negative stride \(stride)")
    await advance(to: now.advanced(by: stride))
  }

  /// Moves the clock forward to `date` like `advance(to:)`, letting woken tasks run on the
  /// way.
  public func advance(to date: SchedulerTimeType) async {
    precondition(date >= now, "cannot move a test scheduler back in time, from \(now) to \(date)")
    await yieldToOtherTasks()
    while runNextJob(dueBy: date) {
      await yieldToOtherTasks()
    }
    lock.withLock { currentTime = max(currentTime, date) }
    await yieldToOtherTasks()
  }

  /// Runs every scheduled action like `run()`, letting woken tasks run on the way.
  public func run() async {
    var count = 0
    await yieldToOtherTasks()
    while runNextJob(dueBy: SchedulerTimeType(nanoseconds: .max)) {
      count += 1
      precondition(count < Self.runLimit, Self.runLimitMessage)
      await yieldToOtherTasks()
    }
  }

  /// Suspends the calling task until the scheduler's clock reaches `date`.
  ///
  /// Returns at once if the clock already reads `date` or later.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// Task {
  ///   try await scheduler.sleep(until: scheduler.now.advanced(by: .seconds(5)))
  ///   print("five virtual seconds later")
  /// }
  /// await scheduler.advance(by: .seconds(5))   // prints "five virtual seconds later"
  /// ```
  ///
  /// - Throws: `CancellationError` if the task is cancelled before the clock gets there.
  public func sleep(until date: SchedulerTimeType) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        guard sleeper.store(continuation) else { return }
        let isDue = lock.withLock {
          guard date > currentTime else { return true }
          sleeper.id = enqueueLocked(date: date, interval: nil, id: nil) { sleeper.resume() }
          return false
        }
        if isDue { sleeper.resume() }
      }
    } onCancel: {
      if let id = sleeper.cancel() { cancelJob(id: id) }
    }
  }

  /// Suspends the calling task until the scheduler's clock has moved `duration` from now.
  ///
  /// ```swift
  /// try await scheduler.sleep(for: .milliseconds(300))
  /// ```
  ///
  /// - Throws: `CancellationError` if the task is cancelled before the clock gets there.
  public func sleep(for duration: SchedulerTimeType.Stride) async throws {
    try await sleep(until: now.advanced(by: duration))
  }

  /// The number of times an `async` advance yields after each step. A task resumed by a sleep runs
  /// on the global executor; a few yields let it reach its next suspension point first.
  private static let yieldsPerStep = 20

  private func yieldToOtherTasks() async {
    for _ in 0..<Self.yieldsPerStep { await Task.yield() }
  }
}

/// The continuation of one ``TestScheduler/sleep(until:)``, resumed exactly once: by the clock or by
/// cancellation, whichever comes first.
private final class Sleeper: @unchecked Sendable {
  private enum State {
    case waiting
    case suspended(CheckedContinuation<Void, any Error>)
    case finished
  }

  private let lock = NSLock()
  private var state = State.waiting
  private var jobID: UInt64?

  var id: UInt64? {
    get { lock.withLock { jobID } }
    set { lock.withLock { jobID = newValue } }
  }

  /// Keeps the continuation; returns `false` (after resuming it with a cancellation error) if the
  /// task was cancelled before it got here.
  func store(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    let wasCancelled: Bool = lock.withLock {
      if case .finished = state { return true }
      state = .suspended(continuation)
      return false
    }
    if wasCancelled { continuation.resume(throwing: CancellationError()) }
    return !wasCancelled
  }

  func resume() {
    take()?.resume()
  }

  /// Ends the sleep with a cancellation error; returns the scheduled job to remove, if any.
  func cancel() -> UInt64? {
    let (continuation, id) = lock.withLock { () -> (CheckedContinuation<Void, any Error>?, UInt64?) in
      let id = jobID
      switch state {
      case .waiting:
        state = .finished
        return (nil, id)
      case .suspended(let continuation):
        state = .finished
        return (continuation, id)
      case .finished:
        return (nil, nil)
      }
    }
    continuation?.resume(throwing: CancellationError())
    return id
  }

  private func take() -> CheckedContinuation<Void, any Error>? {
    lock.withLock {
      guard case .suspended(let continuation) = state else { return nil }
      state = .finished
      return continuation
    }
  }
}
