/// A type that defines when and how to run an action.
///
/// Time operators such as `debounce`, `delay` and `receive(on:)` take a scheduler, so the same
/// operator works on a dispatch queue, a run loop, the main thread, or a virtual clock in tests.
///
/// ```swift
/// let queue = DispatchQueue(label: "work")
/// queue.schedule { print("now, on the queue") }
/// queue.schedule(after: queue.now.advanced(by: .milliseconds(10))) { print("10 ms later") }
/// // prints "now, on the queue", then "10 ms later"
/// ```
///
/// Actions are plain, non-`@Sendable` closures, as in Combine, so that an operator can schedule
/// work that touches its own subscriber. A scheduler runs each action exactly once (a repeating
/// action once per tick), and never two actions of one repeating schedule at the same time.
public protocol Scheduler<SchedulerTimeType> {
  /// The type a scheduler measures time with.
  associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

  /// The options a scheduler accepts, or `Never` if it has none.
  associatedtype SchedulerOptions

  /// The scheduler's idea of the current time.
  var now: SchedulerTimeType { get }

  /// The smallest tolerance the scheduler allows for a scheduled action.
  var minimumTolerance: SchedulerTimeType.Stride { get }

  /// Runs `action` as soon as possible.
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` once, no sooner than `date`.
  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  )

  /// Runs `action` at `date`, then every `interval`, until the returned token is cancelled.
  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` as soon as possible, with no options.
  ///
  /// ```swift
  /// ImmediateScheduler.shared.schedule { print("ran") }   // prints "ran"
  /// ```
  @inlinable
  public func schedule(_ action: @escaping () -> Void) {
    schedule(options: nil, action)
  }

  /// Runs `action` once, no sooner than `date`, with the minimum tolerance and no options.
  @inlinable
  public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
    schedule(after: date, tolerance: minimumTolerance, options: nil, action)
  }

  /// Runs `action` once, no sooner than `date`, with no options.
  @inlinable
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date`, then every `interval`, with no options, until cancelled.
  @inlinable
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date`, then every `interval`, with the minimum tolerance and no options,
  /// until cancelled.
  ///
  /// ```swift
  /// let timer = DispatchQueue.main.schedule(after: DispatchQueue.main.now, interval: .seconds(1)) {
  ///   print("tick")
  /// }
  /// // prints "tick" every second until `timer.cancel()`
  /// ```
  @inlinable
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
  }
}
