import Bindings
import Dispatch

extension AnyScheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == DispatchQueue.SchedulerOptions {
  /// Wraps a test scheduler where code takes an `AnySchedulerOf<DispatchQueue>`, so that a view model
  /// written for a dispatch queue is tested on virtual time.
  ///
  /// ```swift
  /// final class SearchModel {
  ///   let scheduler: AnySchedulerOf<DispatchQueue>
  ///   init(scheduler: AnySchedulerOf<DispatchQueue> = .main) { self.scheduler = scheduler }
  /// }
  /// let testScheduler = TestScheduler()
  /// let model = SearchModel(scheduler: AnySchedulerOf<DispatchQueue>(testScheduler))
  /// testScheduler.advance(by: .milliseconds(300))   // runs what the model scheduled meanwhile
  /// ```
  ///
  /// The test scheduler's instants map to dispatch times one nanosecond for one nanosecond, from a
  /// fixed origin: `now` follows the test scheduler, and an action scheduled after a dispatch time runs
  /// when the test scheduler is advanced past the matching instant. Options are ignored.
  public init(_ scheduler: TestScheduler) {
    self.init(DispatchTimeTestScheduler(scheduler))
  }
}

/// A test scheduler seen through dispatch-queue time.
private struct DispatchTimeTestScheduler: Scheduler {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  /// The dispatch time of the test scheduler's instant zero. Not zero itself, which Dispatch reads as
  /// `DispatchTime.now()`.
  private static let origin: Int64 = 1_000_000_000

  let base: TestScheduler

  init(_ base: TestScheduler) {
    self.base = base
  }

  static func dispatchTime(_ time: TestScheduler.SchedulerTimeType) -> SchedulerTimeType {
    let (sum, overflow) = origin.addingReportingOverflow(time.nanoseconds)
    let nanoseconds = overflow ? Int64.max : max(sum, 1)
    return SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(nanoseconds)))
  }

  static func testTime(_ time: SchedulerTimeType) -> TestScheduler.SchedulerTimeType {
    TestScheduler.SchedulerTimeType(nanoseconds: Int64(clamping: time.dispatchTime.uptimeNanoseconds) - origin)
  }

  var now: SchedulerTimeType { Self.dispatchTime(base.now) }

  var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    base.schedule(options: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    base.schedule(after: Self.testTime(date), tolerance: tolerance, options: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    base.schedule(after: Self.testTime(date), interval: interval, tolerance: tolerance, options: nil, action)
  }
}
