import Dispatch

/// A scheduler that hides the type of the scheduler it wraps, so that a view model need not be
/// generic over its scheduler.
///
/// ```swift
/// final class SearchModel {
///   let scheduler: AnySchedulerOf<DispatchQueue>
///   init(scheduler: AnySchedulerOf<DispatchQueue> = .main) { self.scheduler = scheduler }
/// }
/// let model = SearchModel(scheduler: DispatchQueue(label: "search").eraseToAnyScheduler())
/// ```
///
/// Every requirement forwards to the wrapped scheduler; the wrapper adds no ordering of its own.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  private let currentTime: () -> SchedulerTimeType
  private let tolerance: () -> SchedulerTimeType.Stride
  private let scheduleNow: (SchedulerOptions?, @escaping () -> Void) -> Void
  private let scheduleAfter:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
  private let scheduleRepeating:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) ->
      any Cancellable

  /// Wraps `scheduler`.
  ///
  /// ```swift
  /// let scheduler = AnyScheduler(DispatchQueue.main)
  /// ```
  public init<Wrapped: Scheduler>(_ scheduler: Wrapped)
  where Wrapped.SchedulerTimeType == SchedulerTimeType, Wrapped.SchedulerOptions == SchedulerOptions {
    currentTime = { scheduler.now }
    tolerance = { scheduler.minimumTolerance }
    scheduleNow = { scheduler.schedule(options: $0, $1) }
    scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
    scheduleRepeating = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
  }

  /// Wraps `scheduler`, a scheduler with the same time but other options, whose options are then
  /// never passed: an `AnySchedulerOf<DispatchQueue>` can hold ``MainThreadScheduler``.
  ///
  /// ```swift
  /// let scheduler = AnySchedulerOf<DispatchQueue>(dropping: MainThreadScheduler.shared)
  /// ```
  public init<Wrapped: Scheduler>(dropping scheduler: Wrapped) where Wrapped.SchedulerTimeType == SchedulerTimeType {
    currentTime = { scheduler.now }
    tolerance = { scheduler.minimumTolerance }
    scheduleNow = { scheduler.schedule(options: nil, $1) }
    scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: nil, $3) }
    scheduleRepeating = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: nil, $4) }
  }

  /// The wrapped scheduler's current time.
  public var now: SchedulerTimeType { currentTime() }

  /// The wrapped scheduler's minimum tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { tolerance() }

  /// Schedules `action` on the wrapped scheduler, as soon as it can run it.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    scheduleNow(options, action)
  }

  /// Schedules `action` on the wrapped scheduler, to run once at `date` or soon after.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    scheduleAfter(date, tolerance, options, action)
  }

  /// Schedules `action` on the wrapped scheduler, to run at `date` and then every `interval`, until
  /// the returned token is cancelled.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    scheduleRepeating(date, interval, tolerance, options, action)
  }
}

/// The type-erased form of scheduler `S`, with its time and options.
///
/// ```swift
/// let scheduler: AnySchedulerOf<DispatchQueue> = DispatchQueue.main.eraseToAnyScheduler()
/// ```
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension Scheduler {
  /// This scheduler, wrapped in an ``AnyScheduler``.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.main.eraseToAnyScheduler()   // AnySchedulerOf<DispatchQueue>
  /// ```
  public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> {
    AnyScheduler(self)
  }
}

extension AnyScheduler where SchedulerTimeType == DispatchQueue.SchedulerTimeType {
  /// The main-thread scheduler, ``MainThreadScheduler/shared``: work scheduled on the main thread
  /// runs at once, other work hops to the main queue.
  ///
  /// ```swift
  /// let model = SearchModel(scheduler: .main)
  /// ```
  public static var main: AnyScheduler { AnyScheduler(dropping: MainThreadScheduler.shared) }
}

/// The main-thread scheduler under the name migrators look for; the same as
/// ``MainThreadScheduler``.
///
/// ```swift
/// label.reactive.text.delivered(on: UIScheduler.shared) <~ viewModel.$name
/// ```
public typealias UIScheduler = MainThreadScheduler
