import Dispatch
import Foundation

extension OperationQueue: Scheduler {
  /// An operation queue measures time like a run loop, with `Date`.
  public typealias SchedulerTimeType = RunLoop.SchedulerTimeType

  /// An operation queue takes no scheduling options.
  public struct SchedulerOptions: Sendable {}

  /// The current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// Zero.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Adds `action` to this queue as a block operation.
  ///
  /// ```swift
  /// let queue = OperationQueue()
  /// queue.schedule { print("in an operation") }
  /// queue.waitUntilAllOperationsAreFinished()   // prints "in an operation"
  /// ```
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let box = SchedulerActionBox(action)
    addOperation { box.run() }
  }

  /// Adds `action` to this queue when `date` comes.
  ///
  /// Unlike Combine on Apple platforms, which adds a not-yet-ready operation at once, the
  /// operation is added only when it is due, so `operationCount` and
  /// `waitUntilAllOperationsAreFinished()` do not see it while it waits.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let box = SchedulerActionBox(action)
    let deadline = DispatchTime.now() + max(0, date.date.timeIntervalSinceNow)
    DispatchQueue.global().asyncAfter(deadline: deadline) {
      self.addOperation { box.run() }
    }
  }

  /// Adds `action` to this queue at `date` and then every `interval`, until the returned token is
  /// cancelled.
  ///
  /// A tick is skipped while the previous tick's operation has not finished, so one repeating
  /// action never runs twice at once even on a concurrent queue.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let ticker = RepeatingOperationTicker(queue: self, action: action)
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.setEventHandler { ticker.tick() }
    timer.schedule(
      deadline: .now() + max(0, date.date.timeIntervalSinceNow),
      repeating: max(interval.timeInterval, 1e-9),
      leeway: .nanoseconds(Int(tolerance.timeInterval * 1e9)))
    timer.resume()
    return AnyCancellable {
      timer.cancel()
      ticker.cancel()
    }
  }
}

/// Adds one operation per timer tick, but never while the previous one is still queued or running.
private final class RepeatingOperationTicker: @unchecked Sendable {
  /// What the ticker knows, guarded by its lock.
  private struct State {
    /// `nil` once cancelled, with the action.
    var queue: OperationQueue?
    var action: (() -> Void)?
    var isInFlight = false

    /// The queue to add this tick's operation to, unless cancelled or the previous one still runs.
    mutating func tick() -> OperationQueue? {
      guard let queue, action != nil, !isInFlight else { return nil }
      isInFlight = true
      return queue
    }

    /// Ends the ticker; hands back the queue and the action, to be released after unlocking.
    mutating func cancel() -> (OperationQueue?, (() -> Void)?) {
      defer {
        queue = nil
        action = nil
      }
      return (queue, action)
    }
  }

  private let state: Locked<State>

  init(queue: OperationQueue, action: @escaping () -> Void) {
    state = Locked(State(queue: queue, action: action))
  }

  func tick() {
    state.withLock { $0.tick() }?.addOperation { self.runOnce() }
  }

  private func runOnce() {
    var action: (() -> Void)?
    state.withLock { action = $0.action }
    action?()
    state.withLock { $0.isInFlight = false }
  }

  func cancel() {
    let released = state.withLock { $0.cancel() }
    _ = released
  }
}
