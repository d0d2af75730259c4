import Foundation

extension RunLoop: Scheduler {
  /// An instant on a run loop's clock, the wall clock of `Date`.
  ///
  /// ```swift
  /// let start = RunLoop.main.now
  /// print(start.distance(to: start.advanced(by: .milliseconds(500))))   // prints "Stride(seconds: 0.5)"
  /// ```
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The date this instant stands for.
    public var date: Date

    /// The instant at `date`.
    public init(_ date: Date) {
      self.date = date
    }

    /// The signed time from this instant to `other`, in seconds.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.date.timeIntervalSince(date))
    }

    /// This instant moved by `n` seconds.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
    }

    /// A signed distance between two instants of a run loop, in seconds.
    ///
    /// ```swift
    /// let stride: RunLoop.SchedulerTimeType.Stride = 0.25
    /// print(stride == .milliseconds(250))   // prints "true"
    /// ```
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
      Hashable, Codable, Sendable, CustomStringConvertible
    {
      /// Float literals are seconds: `0.25` is a quarter of a second.
      public typealias FloatLiteralType = TimeInterval
      /// Integer literals are seconds: `2` is two seconds.
      public typealias IntegerLiteralType = TimeInterval
      /// The magnitude of a stride is its length in seconds.
      public typealias Magnitude = TimeInterval

      /// The length of the stride in seconds (Combine's name for it).
      public var magnitude: TimeInterval

      /// The length of the stride in seconds.
      public var timeInterval: TimeInterval { magnitude }

      /// A stride of `timeInterval` seconds.
      public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
      /// A stride of `value` seconds, from an integer literal.
      public init(integerLiteral value: TimeInterval) { magnitude = value }
      /// A stride of `value` seconds, from a float literal.
      public init(floatLiteral value: TimeInterval) { magnitude = value }
      /// A stride of `source` seconds, or `nil` if `source` is not exactly representable as a `TimeInterval`.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = TimeInterval(exactly: source) else { return nil }
        magnitude = value
      }

      /// The stride in seconds, such as `Stride(seconds: 0.5)`.
      public var description: String { "Stride(seconds: \(magnitude))" }

      /// Whether `lhs` is the shorter stride: `.milliseconds(1) < .seconds(1)` is `true`.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The sum of two strides: `.seconds(1) + .milliseconds(500)` is 1.5 seconds.
      public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
      /// The difference of two strides: `.seconds(1) - .milliseconds(250)` is 0.75 seconds.
      public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
      /// The product of two strides in seconds: `.seconds(2) * 1.5` is 3 seconds.
      public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
      /// Adds `rhs` to this stride: `delay += .milliseconds(100)`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// Subtracts `rhs` from this stride: `delay -= .milliseconds(100)`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      /// Multiplies this stride by `rhs`, in seconds: `delay *= 2` doubles it.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

      /// A stride of `s` seconds: `.seconds(2)`.
      public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
      /// A stride of `s` seconds: `.seconds(0.25)`.
      public static func seconds(_ s: Double) -> Stride { Stride(s) }
      /// A stride of `ms` milliseconds: `.milliseconds(300)` is 0.3 seconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
      /// A stride of `us` microseconds: `.microseconds(300)` is 0.0003 seconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
      /// A stride of `ns` nanoseconds: `.nanoseconds(300)`.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }
    }
  }

  /// A run loop takes no scheduling options.
  public struct SchedulerOptions: Sendable {}

  /// The current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// Zero: timers apply their own tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Runs `action` on this run loop's thread, the next time it runs in the default mode.
  ///
  /// The run loop must be running (`RunLoop.main.run()`, or a thread's own loop) for the action to
  /// happen; on Linux a program parked in `dispatchMain()` does not run `RunLoop.main`.
  ///
  /// ```swift
  /// RunLoop.main.schedule { print("on the main run loop") }
  /// ```
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let box = SchedulerActionBox(action)
    perform { box.run() }
    // `perform` does not wake a loop that is waiting for input, so a loop blocked in
    // `run(mode:before:)` would only see the block at its next timeout. Adding a due timer wakes it.
    add(Timer(fire: Date(), interval: 0, repeats: false) { _ in }, forMode: .default)
  }

  /// Runs `action` on this run loop at `date`, with a one-shot timer.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let box = SchedulerActionBox(action)
    let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in box.run() }
    timer.tolerance = tolerance.timeInterval
    add(timer, forMode: .default)
  }

  /// Runs `action` on this run loop at `date` and then every `interval`, with a repeating timer,
  /// until the returned token is cancelled.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let box = SchedulerActionBox(action)
    let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in box.run() }
    timer.tolerance = tolerance.timeInterval
    add(timer, forMode: .default)
    return AnyCancellable { timer.invalidate() }
  }
}
