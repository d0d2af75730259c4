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

    /// The demand as Combine prints it: `unlimited` or `max(n)`.
    public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }

    // MARK: Arithmetic

    /// The sum of two demands; `.unlimited` if either is, or if the sum overflows.
    @inlinable
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.max, let right = rhs.max else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(right)
      return overflow ? .unlimited : .max(sum)
    }

    /// Adds `rhs` to this demand, saturating at `.unlimited`: `demand += .max(1)`.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

    /// The demand increased by `rhs`; `.unlimited` stays `.unlimited`.
    @inlinable
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(rhs)
      return overflow ? .unlimited : (sum < 0 ? .none : .max(sum))
    }

    /// Adds `rhs` values to this demand, saturating at `.unlimited` and clamped at `.none`: `demand += 1`.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    /// The demand multiplied by `rhs`; `.unlimited` stays `.unlimited`.
    @inlinable
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (product, overflow) = left.multipliedReportingOverflow(by: rhs)
      return overflow ? .unlimited : (product < 0 ? .none : .max(product))
    }

    /// Multiplies this demand by `rhs`, saturating at `.unlimited`: `demand *= 2`.
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

    /// Subtracts `rhs` from this demand, clamped at `.none`: `demand -= .max(1)`.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    /// The demand decreased by `rhs`, clamped to `.none`; `.unlimited` stays `.unlimited`.
    @inlinable
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      let (difference, overflow) = left.subtractingReportingOverflow(rhs)
      return overflow || difference < 0 ? .none : .max(difference)
    }

    /// Subtracts `rhs` values from this demand, clamped at `.none`: `demand -= 1`.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    // MARK: Comparison (`.unlimited` is greater than every finite demand and every integer)

    /// Whether `lhs` asks for fewer values than `rhs`; `.unlimited` is greater than every finite demand:
    /// `.max(1) < .unlimited` is `true`.
    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      switch (lhs.max, rhs.max) {
      case (nil, _): return false
      case (_, nil): return true
      case (let left?, let right?): return left < right
      }
    }

    /// Whether the demand is finite and equal to `rhs`: `.max(2) == 2` is `true`, `.unlimited == 2` is `false`.
    @inlinable
    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
    /// Whether the demand is unlimited or differs from `rhs`: `.unlimited != 2` is `true`.
    @inlinable
    public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }
    /// Whether `rhs` is finite and equal to `lhs`: `2 == .max(2)` is `true`.
    @inlinable
    public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
    /// Whether `rhs` is unlimited or differs from `lhs`: `2 != .unlimited` is `true`.
    @inlinable
    public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
    /// Whether the demand is finite and less than `rhs`: `.max(1) < 2` is `true`, `.unlimited < 2` is `false`.
    @inlinable
    public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 < rhs } ?? false }
    /// Whether the demand is finite and at most `rhs`: `.max(2) <= 2` is `true`.
    @inlinable
    public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 <= rhs } ?? false }
    /// Whether the demand is greater than `rhs`; `.unlimited` always is: `.unlimited > 2` is `true`.
    @inlinable
    public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }
    /// Whether the demand is at least `rhs`; `.unlimited` always is: `.max(2) >= 2` is `true`.
    @inlinable
    public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 >= rhs } ?? true }
    /// Whether `lhs` is less than the demand; always for `.unlimited`: `1 < .max(2)` is `true`.
    @inlinable
    public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
    /// Whether `lhs` is at most the demand; always for `.unlimited`: `2 <= .max(2)` is `true`.
    @inlinable
    public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
    /// Whether `lhs` is greater than a finite demand: `3 > .max(2)` is `true`, `3 > .unlimited` is `false`.
    @inlinable
    public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
    /// Whether `lhs` is at least a finite demand: `2 >= .max(2)` is `true`, `2 >= .unlimited` is `false`.
    @inlinable
    public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

    // MARK: Codable

    /// Decodes a demand from the single unsigned integer that ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      self.init(rawValue: try container.decode(UInt.self))
    }

    /// Encodes the demand as a single unsigned integer (`.unlimited` as one past `Int.max`).
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }
}
