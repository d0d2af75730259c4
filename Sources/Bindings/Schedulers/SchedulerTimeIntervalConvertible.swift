/// A time interval that can be made from seconds, milliseconds, microseconds or nanoseconds.
///
/// Every scheduler's stride conforms, so generic code can say `.milliseconds(300)` for any
/// scheduler.
///
/// ```swift
/// func settle<S: Scheduler>(on scheduler: S) -> S.SchedulerTimeType {
///   scheduler.now.advanced(by: .milliseconds(300))
/// }
/// ```
public protocol SchedulerTimeIntervalConvertible {
  /// An interval of `s` seconds.
  static func seconds(_ s: Int) -> Self
  /// An interval of `s` seconds, with fractions.
  static func seconds(_ s: Double) -> Self
  /// An interval of `ms` milliseconds.
  static func milliseconds(_ ms: Int) -> Self
  /// An interval of `us` microseconds.
  static func microseconds(_ us: Int) -> Self
  /// An interval of `ns` nanoseconds.
  static func nanoseconds(_ ns: Int) -> Self
}
