/// A scheduler that runs every action at once, on the calling thread.
///
/// Time does not pass on this scheduler: delayed and repeating actions also run at once, a single
/// time. Use it where a scheduler is required but no hop or delay is wanted.
///
/// ```swift
/// print("before")
/// ImmediateScheduler.shared.schedule { print("during") }
/// print("after")
/// // prints "before", "during", "after"
/// ```
public struct ImmediateScheduler: Scheduler, Sendable {
  /// The time type of the immediate scheduler: every instant is the same instant.
  ///
  /// ```swift
  /// let now = ImmediateScheduler.shared.now
  /// print(now.distance(to: now.advanced(by: 5)))   // prints "Stride(magnitude: 0)"
  /// ```
  public struct SchedulerTimeType: Strideable, Sendable {
    init() {}

    /// Always zero: no time passes on the immediate scheduler.
    public func distance(to other: SchedulerTimeType) -> Stride { 0 }

    /// The same instant: no time passes on the immediate scheduler.
    public func advanced(by n: Stride) -> SchedulerTimeType { self }

    /// A distance between instants of the immediate scheduler, counted in plain units.
    ///
    /// The unit constructors (`.seconds(_:)` and the like) all return zero, because time does not
    /// pass on this scheduler.
    ///
    /// ```swift
    /// let stride: ImmediateScheduler.SchedulerTimeType.Stride = .seconds(5)
    /// print(stride == 0)   // prints "true"
    /// ```
    public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Sendable,
      SchedulerTimeIntervalConvertible
    {
      /// Float literals are plain units, rounded toward zero.
      public typealias FloatLiteralType = Double
      /// Integer literals are plain units.
      public typealias IntegerLiteralType = Int
      /// The magnitude of a stride is its number of units.
      public typealias Magnitude = Int

      /// The value of this stride.
      public var magnitude: Int

      /// A stride of `value` units.
      public init(_ value: Int) { magnitude = value }
      /// A stride of `value` units, from an integer literal.
      public init(integerLiteral value: Int) { magnitude = value }
      /// A stride of `value` units rounded toward zero, from a float literal.
      public init(floatLiteral value: Double) { magnitude = Int(value) }
      /// A stride of `source` units, or `nil` if `source` does not fit in an `Int`.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        magnitude = value
      }

      /// Whether `lhs` has fewer units than `rhs`.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The sum of two strides' units: `Stride(1) + Stride(2)` is `Stride(3)`.
      public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
      /// The difference of two strides' units: `Stride(3) - Stride(1)` is `Stride(2)`.
      public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
      /// The product of two strides' units: `Stride(2) * Stride(3)` is `Stride(6)`.
      public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
      /// Adds `rhs`'s units to this stride.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// Subtracts `rhs`'s units from this stride.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      /// Multiplies this stride's units by `rhs`'s.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

      /// Zero: no time passes on the immediate scheduler, so `.seconds(5)` is `0`.
      public static func seconds(_ s: Int) -> Stride { 0 }
      /// Zero: no time passes on the immediate scheduler, so `.seconds(0.5)` is `0`.
      public static func seconds(_ s: Double) -> Stride { 0 }
      /// Zero: no time passes on the immediate scheduler, so `.milliseconds(5)` is `0`.
      public static func milliseconds(_ ms: Int) -> Stride { 0 }
      /// Zero: no time passes on the immediate scheduler, so `.microseconds(5)` is `0`.
      public static func microseconds(_ us: Int) -> Stride { 0 }
      /// Zero: no time passes on the immediate scheduler, so `.nanoseconds(5)` is `0`.
      public static func nanoseconds(_ ns: Int) -> Stride { 0 }
    }
  }

  /// The immediate scheduler takes no options.
  public typealias SchedulerOptions = Never

  /// The one immediate scheduler.
  public static let shared = ImmediateScheduler()

  /// The one instant of the immediate scheduler: it is always now.
  public var now: SchedulerTimeType { SchedulerTimeType() }

  /// Zero: actions run at once, with no tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Runs `action` now.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    action()
  }

  /// Runs `action` now: the date is always reached on this scheduler.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    action()
  }

  /// Runs `action` now, once, and returns a token with nothing left to cancel.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}
