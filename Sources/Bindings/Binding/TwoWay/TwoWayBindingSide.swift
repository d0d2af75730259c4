/// The side of a two-way binding whose current value both sides start from.
///
/// ```swift
/// draft.bindTwoWay(with: saved, initialValueFrom: .left)   // both start from draft's value
/// ```
public enum TwoWayBindingSide: Sendable, Hashable {
  /// The endpoint the method is called on (the left of `<~>`).
  case left
  /// The other endpoint (the right of `<~>`).
  case right
}

extension TwoWayBindingSide {
  /// The side opposite this one. The state machine uses this public, non-generic enum for its
  /// sides: one nested in the generic machine would need generic metadata on every value.
  @inlinable
  var other: TwoWayBindingSide { self == .left ? .right : .left }
}
