extension Subscribers {
  /// How many more values a subscriber is ready to receive.
  ///
  /// Demand only grows by the subscriber's requests and only shrinks as values are delivered; it is
  /// never negative. Arithmetic saturates: anything added to `.unlimited` stays `.unlimited`, an
  /// overflow gives `.unlimited`, and a subtraction that would go below zero gives `.none`.
  ///
  /// ```swift
  /// let demand = Subscribers.Demand.max(2) + .max(3)
  /// print(demand)                            // prints "max(5)"
  /// print(Subscribers.Demand.max(1) - 2)     // prints "max(0)"
  /// print(Subscribers.Demand.unlimited - 5)  // prints "unlimited"
  /// ```
  @frozen
  public struct Demand: Equatable, Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
    @usableFromInline
    let rawValue: UInt

    @inlinable
    init(rawValue: UInt) {
      self.rawValue = min(UInt(Int.max) + 1, rawValue)
    }

    /// A request for as many values as the publisher can produce.
    @inlinable
    public static var unlimited: Demand { Demand(rawValue: UInt(Int.max) + 1) }

    /// A request for no values. Calling `request(.none)` on a subscription is a programming error.
    @inlinable
    public static var none: Demand { Demand(rawValue: 0) }

    /// A request for at most `value` values.
    ///
    /// - Precondition: `value` is not negative.
    @inlinable
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    /// The number of values requested, or `nil` when the demand is unlimited.
    @inlinable
    public var max: Int? { self == .unlimited ? nil : Int(rawValue) }

    public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }

    // MARK: Arithmetic

    /// The sum of two demands; `.unlimited` if either is, or if the sum overflows.
    @inlinable
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.max, let right = rhs.max else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(right)
      return overflow ? .unlimited : .max(sum)
    }

    @inlinable
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

    /// The demand increased by `rhs`; `.unlimited` stays `.unlimited`.
    @inlinable
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(rhs)
      return overflow ? .unlimited : (sum < 0 ? .none : .max(sum))
    }

    @inlinable
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    /// The demand multiplied by `rhs`; `.unlimited` stays `.unlimited`.
    @inlinable
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (product, overflow) = left.multipliedReportingOverflow(by: rhs)
      return overflow ? .unlimited : (product < 0 ? .none : .max(product))
    }

    @inlinable
    public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    /// The difference of two demands: `.unlimited` minus anything is `.unlimited`, anything else
    /// minus `.unlimited` is `.none`, and a negative result is clamped to `.none`.
    @inlinable
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      guard let right = rhs.max else { return .none }
      return left > right ? .max(left - right) : .none
    }

    @inlinable
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    /// The demand decreased by `rhs`, clamped to `.none`; `.unlimited` stays `.unlimited`.
    @inlinable
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (difference, overflow) = left.subtractingReportingOverflow(rhs)
      return overflow || difference < 0 ? .none : .max(difference)
    }

    @inlinable
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    // MARK: Comparison (`.unlimited` is greater than every finite demand and every integer)

    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      switch (lhs.max, rhs.max) {
      case (nil, _): return false
      case (_, nil): return true
      case (let left?, let right?): return left < right
      }
    }

    @inlinable
    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
    @inlinable
    public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }
    @inlinable
    public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
    @inlinable
    public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
    @inlinable
    public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 < rhs } ?? false }
    @inlinable
    public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 <= rhs } ?? false }
    @inlinable
    public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }
    @inlinable
    public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 >= rhs } ?? true }
    @inlinable
    public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
    @inlinable
    public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
    @inlinable
    public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
    @inlinable
    public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

    // MARK: Codable

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      self.init(rawValue: try container.decode(UInt.self))
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }
}
