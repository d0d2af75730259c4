import Dispatch

extension DispatchQueue {
  /// An instant on a dispatch queue's clock, the uptime clock of `DispatchTime`.
  ///
  /// ```swift
  /// let start = DispatchQueue.main.now
  /// let later = start.advanced(by: .milliseconds(250))
  /// print(start.distance(to: later))   // prints "Stride(nanoseconds: 250000000)"
  /// ```
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The dispatch time this instant stands for.
    public var dispatchTime: DispatchTime

    /// The instant at `time`.
    public init(_ time: DispatchTime) {
      dispatchTime = time
    }

    /// The signed distance from this instant to `other`, saturating at the limits of `Int64`.
    public func distance(to other: SchedulerTimeType) -> Stride {
      let start = dispatchTime.uptimeNanoseconds
      let end = other.dispatchTime.uptimeNanoseconds
      if end >= start {
        let difference = end - start
        return Stride(nanoseconds: difference > UInt64(Int64.max) ? .max : Int64(difference))
      } else {
        let difference = start - end
        return Stride(nanoseconds: difference > UInt64(Int64.max) ? .min : -Int64(difference))
      }
    }

    /// This instant moved by `stride`, clamped to the clock's range.
    public func advanced(by stride: Stride) -> SchedulerTimeType {
      let start = dispatchTime.uptimeNanoseconds
      let (result, overflow): (UInt64, Bool)
      if stride.nanoseconds >= 0 {
        (result, overflow) = start.addingReportingOverflow(UInt64(stride.nanoseconds))
        // Dispatch reads a time past `Int64.max` nanoseconds as "forever", so saturate there, as Combine
        // does: `advanced(by: .nanoseconds(.max))` is `distantFuture`.
        let saturates = overflow || result >= UInt64(Int64.max)
        return SchedulerTimeType(saturates ? .distantFuture : DispatchTime(uptimeNanoseconds: result))
      } else {
        (result, overflow) = start.subtractingReportingOverflow(stride.nanoseconds.magnitude)
        return SchedulerTimeType(DispatchTime(uptimeNanoseconds: overflow || result == 0 ? 1 : result))
      }
    }

    /// Whether two instants are the same uptime, to the nanosecond.
    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
    }

    /// Whether `lhs` comes before `rhs` on the uptime clock.
    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.uptimeNanoseconds < rhs.dispatchTime.uptimeNanoseconds
    }

    /// Hashes the instant's uptime in nanoseconds.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(dispatchTime.uptimeNanoseconds)
    }

    /// Decodes an instant from its uptime in nanoseconds, as ``encode(to:)`` writes it.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
    }

    /// Encodes the instant as its uptime in nanoseconds.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(dispatchTime.uptimeNanoseconds)
    }

    /// A signed distance between two instants of a dispatch queue, in nanoseconds.
    ///
    /// Integer and float literals are seconds, as in Combine:
    ///
    /// ```swift
    /// let stride: DispatchQueue.SchedulerTimeType.Stride = 1.5
    /// print(stride == .milliseconds(1500))   // prints "true"
    /// ```
    ///
    /// Unit constructors saturate instead of overflowing.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
      Hashable, Codable, Sendable, CustomStringConvertible
    {
      /// Float literals are seconds: `1.5` is one and a half seconds.
      public typealias FloatLiteralType = Double
      /// Integer literals are seconds: `2` is two seconds.
      public typealias IntegerLiteralType = Int
      /// The magnitude of a stride is its length in nanoseconds, as an `Int`.
      public typealias Magnitude = Int

      /// The length of the stride in nanoseconds.
      public var nanoseconds: Int64

      /// The length of the stride in nanoseconds (Combine's name for it).
      public var magnitude: Int {
        get { Int(truncatingIfNeeded: nanoseconds) }
        set { nanoseconds = Int64(newValue) }
      }

      /// The stride as a `DispatchTimeInterval`.
      public var timeInterval: DispatchTimeInterval {
        .nanoseconds(Int(truncatingIfNeeded: nanoseconds))
      }

      /// A stride of `nanoseconds` nanoseconds.
      public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
      }

      /// The stride of a `DispatchTimeInterval`; `.never` becomes the longest stride.
      public init(_ timeInterval: DispatchTimeInterval) {
        switch timeInterval {
        case .seconds(let value): self = .seconds(value)
        case .milliseconds(let value): self = .milliseconds(value)
        case .microseconds(let value): self = .microseconds(value)
        case .nanoseconds(let value): self = .nanoseconds(value)
        case .never: self.init(nanoseconds: .max)
        @unknown default: self.init(nanoseconds: .max)
        }
      }

      /// `value` seconds.
      public init(integerLiteral value: Int) {
        self = .seconds(value)
      }

      /// `value` seconds.
      public init(floatLiteral value: Double) {
        self = .seconds(value)
      }

      /// `source` seconds, if that many nanoseconds fit.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int64(exactly: source) else { return nil }
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        self.init(nanoseconds: nanoseconds)
      }

      /// The stride in nanoseconds, such as `Stride(nanoseconds: 250000000)`.
      public var description: String { "Stride(nanoseconds: \(nanoseconds))" }

      /// Combine's coding key (the name of its stored property), so that an encoded stride reads the
      /// same in both libraries.
      private enum CodingKeys: String, CodingKey {
        case nanoseconds = "_nanoseconds"
      }

      /// Decodes a stride encoded as `{"_nanoseconds": nanoseconds}`, as Combine encodes it.
      ///
      /// ```swift
      /// let json = Data(#"{"_nanoseconds":1500}"#.utf8)
      /// let stride = try JSONDecoder().decode(DispatchQueue.SchedulerTimeType.Stride.self, from: json)
      /// print(stride == .nanoseconds(1500))   // prints "true"
      /// ```
      public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nanoseconds = try container.decode(Int64.self, forKey: .nanoseconds)
      }

      /// Encodes the stride as `{"_nanoseconds": nanoseconds}`, as Combine does.
      ///
      /// ```swift
      /// let data = try JSONEncoder().encode(DispatchQueue.SchedulerTimeType.Stride.nanoseconds(1500))
      /// print(String(decoding: data, as: UTF8.self))   // prints "{"_nanoseconds":1500}"
      /// ```
      public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nanoseconds, forKey: .nanoseconds)
      }

      /// Whether `lhs` is the shorter stride: `.milliseconds(1) < .seconds(1)` is `true`.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

      /// The sum of two strides, saturating instead of overflowing: `.seconds(1) + .milliseconds(500)` is 1.5 s.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: saturating(lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds), sign: rhs.nanoseconds))
      }

      /// The difference of two strides, saturating instead of overflowing: `.seconds(1) - .milliseconds(250)` is 0.75 s.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        let difference = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        return Stride(nanoseconds: saturating(difference, sign: rhs.nanoseconds == .min ? 1 : -rhs.nanoseconds))
      }

      /// The product of two strides taken as seconds (`2 * 1.5` is three seconds), so that scaling
      /// by a literal reads naturally.
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        .seconds(Double(lhs.nanoseconds) * Double(rhs.nanoseconds) / 1e18)
      }

      /// Adds `rhs` to this stride, saturating: `delay += .milliseconds(100)`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// Subtracts `rhs` from this stride, saturating: `delay -= .milliseconds(100)`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      /// Multiplies this stride by `rhs`, both taken as seconds: `delay *= 2` doubles it.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

      /// A stride of `s` seconds, saturating at the longest stride: `.seconds(2)`.
      public static func seconds(_ s: Int) -> Stride { scaled(s, by: 1_000_000_000) }

      /// A stride of `s` seconds, rounded to the nanosecond and saturating: `.seconds(0.25)`.
      public static func seconds(_ s: Double) -> Stride {
        let nanoseconds = (s * 1e9).rounded()
        if nanoseconds >= Double(Int64.max) { return Stride(nanoseconds: .max) }
        if nanoseconds <= Double(Int64.min) { return Stride(nanoseconds: .min) }
        return Stride(nanoseconds: Int64(nanoseconds))
      }

      /// A stride of `ms` milliseconds, saturating at the longest stride: `.milliseconds(300)`.
      public static func milliseconds(_ ms: Int) -> Stride { scaled(ms, by: 1_000_000) }
      /// A stride of `us` microseconds, saturating at the longest stride: `.microseconds(300)`.
      public static func microseconds(_ us: Int) -> Stride { scaled(us, by: 1_000) }
      /// A stride of `ns` nanoseconds: `.nanoseconds(300)`.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: Int64(ns)) }

      private static func scaled(_ value: Int, by factor: Int64) -> Stride {
        let (product, overflow) = Int64(value).multipliedReportingOverflow(by: factor)
        return Stride(nanoseconds: overflow ? (value < 0 ? .min : .max) : product)
      }

      private static func saturating(_ result: (partialValue: Int64, overflow: Bool), sign: Int64) -> Int64 {
        guard result.overflow else { return result.partialValue }
        return sign < 0 ? .min : .max
      }
    }
  }
}
