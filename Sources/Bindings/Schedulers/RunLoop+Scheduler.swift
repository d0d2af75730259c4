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

    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.date.timeIntervalSince(date))
    }

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
      public typealias FloatLiteralType = TimeInterval
      public typealias IntegerLiteralType = TimeInterval
      public typealias Magnitude = TimeInterval

      /// The length of the stride in seconds (Combine's name for it).
      public var magnitude: TimeInterval

      /// The length of the stride in seconds.
      public var timeInterval: TimeInterval { magnitude }

      /// A stride of `timeInterval` seconds.
      public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
      public init(integerLiteral value: TimeInterval) { magnitude = value }
      public init(floatLiteral value: TimeInterval) { magnitude = value }
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = TimeInterval(exactly: source) else { return nil }
        magnitude = value
      }

      public var description: String { "Stride(seconds: \(magnitude))" }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
      public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
      public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

      public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
      public static func seconds(_ s: Double) -> Stride { Stride(s) }
      public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
      public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
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
