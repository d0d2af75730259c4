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

  /// The clock and the jobs, guarded by the scheduler's lock.
  private struct State {
    var currentTime: SchedulerTimeType
    var jobs: [Job] = []
    var nextSequence: UInt64 = 0

    /// Adds a job; returns its identifier (`id` for the next tick of a repeating job).
    @discardableResult
    mutating func enqueue(
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

    /// Removes the jobs of `id`; hands them back, to be released after unlocking.
    mutating func removeJobs(id: UInt64) -> [Job] {
      let removed = jobs.filter { $0.id == id }
      jobs.removeAll { $0.id == id }
      return removed
    }

    /// Takes the earliest job due by `deadline`, first scheduled first, and moves the clock to it;
    /// returns its action, `nil` if none is due.
    mutating func takeNextJob(dueBy deadline: SchedulerTimeType) -> (() -> Void)? {
      let next = jobs.indices.min { (jobs[$0].date, jobs[$0].sequence) < (jobs[$1].date, jobs[$1].sequence) }
      guard let index = next, jobs[index].date <= deadline else { return nil }
      let job = jobs.remove(at: index)
      currentTime = max(currentTime, job.date)
      if let interval = job.interval {
        // Rescheduled before it runs, so that the action can cancel its own next tick.
        enqueue(date: job.date.advanced(by: interval), interval: interval, id: job.id, job.action)
      }
      return job.action
    }

    mutating func moveClock(to date: SchedulerTimeType) {
      currentTime = max(currentTime, date)
    }
  }

  private let state: Locked<State>

  /// Creates a test scheduler whose clock reads `now`.
  ///
  /// - Parameter now: The starting time; zero by default.
  public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
    state = Locked(State(currentTime: now))
  }

  /// The scheduler's current virtual time.
  public var now: SchedulerTimeType { state.withLock { $0.currentTime } }

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
  public var scheduledActionCount: Int { state.withLock { $0.jobs.count } }

  // MARK: Scheduling

  /// Schedules `action` to run at the current time, on the next advance.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    _ = state.withLock { $0.enqueue(date: $0.currentTime, interval: nil, id: nil, action) }
  }

  /// Schedules `action` to run when the clock reaches `date`; a date in the past runs on the next
  /// advance.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    _ = state.withLock { $0.enqueue(date: date, interval: nil, id: nil, action) }
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
    let id = state.withLock { $0.enqueue(date: date, interval: interval, id: nil, action) }
    return AnyCancellable { [weak self] in self?.cancelJob(id: id) }
  }

  private func cancelJob(id: UInt64) {
    let removed = state.withLock { $0.removeJobs(id: id) }
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
    state.withLock { $0.moveClock(to: date) }
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
    guard let action = state.withLock({ $0.takeNextJob(dueBy: deadline) }) else { return false }
    action()
    return true
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
    state.withLock { $0.moveClock(to: date) }
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
        let id: UInt64? = state.withLock { state in
          guard date > state.currentTime else { return nil }
          return state.enqueue(date: date, interval: nil, id: nil) { sleeper.resume() }
        }
        guard let id else { return sleeper.resume() }
        // A cancellation that came before the job was recorded could not remove it: remove it now.
        if !sleeper.scheduled(id) { cancelJob(id: id) }
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
  /// Where the sleep stands, guarded by its lock.
  private struct State {
    enum Stage {
      case waiting
      case suspended(CheckedContinuation<Void, any Error>)
      case finished
    }

    var stage = Stage.waiting
    /// The scheduled job that ends the sleep, once recorded.
    var jobID: UInt64?

    /// Keeps the continuation; `false` if the sleep was cancelled first.
    mutating func store(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
      if case .finished = stage { return false }
      stage = .suspended(continuation)
      return true
    }

    /// Records the job; `false` if the sleep already ended.
    mutating func scheduled(_ id: UInt64) -> Bool {
      if case .finished = stage { return false }
      jobID = id
      return true
    }

    /// Ends the sleep; hands back the continuation to resume, if it was suspended.
    mutating func finish() -> CheckedContinuation<Void, any Error>? {
      defer { stage = .finished }
      guard case .suspended(let continuation) = stage else { return nil }
      return continuation
    }

    /// Ends the sleep by cancellation: the continuation to resume, and the job to remove; both
    /// `nil` if it had already ended.
    mutating func cancel() -> (CheckedContinuation<Void, any Error>?, UInt64?) {
      if case .finished = stage { return (nil, nil) }
      return (finish(), jobID)
    }
  }

  private let state = Locked(State())

  /// Keeps the continuation; returns `false` (after resuming it with a cancellation error) if the
  /// task was cancelled before it got here.
  func store(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    let isStored = state.withLock { $0.store(continuation) }
    if !isStored { continuation.resume(throwing: CancellationError()) }
    return isStored
  }

  /// Records the job that ends the sleep; returns `false` if the sleep has already ended, for the
  /// caller to remove the job.
  func scheduled(_ id: UInt64) -> Bool {
    state.withLock { $0.scheduled(id) }
  }

  func resume() {
    state.withLock { $0.finish() }?.resume()
  }

  /// Ends the sleep with a cancellation error; returns the scheduled job to remove, if any.
  func cancel() -> UInt64? {
    let (continuation, id) = state.withLock { $0.cancel() }
    continuation?.resume(throwing: CancellationError())
    return id
  }
}
