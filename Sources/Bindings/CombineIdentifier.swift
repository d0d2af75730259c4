import Synchronization

/// A unique identifier for identifying publisher streams.
///
/// ```swift
/// let first = CombineIdentifier()
/// let second = CombineIdentifier()
/// print(first == second)   // prints "false"
/// ```
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let rawValue: UInt64

  /// Creates a new identifier, distinct from every other one made this way.
  public init() {
    rawValue = CombineIdentifierCounter.shared.next()
  }

  /// An identifier made from a raw value of ``nextRawValue()``.
  @inlinable
  init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// A raw value no identifier made with `CombineIdentifier()` or from an object has, nor will have.
  @usableFromInline
  static func nextRawValue() -> UInt64 {
    CombineIdentifierCounter.shared.next()
  }

  /// Creates an identifier from the identity of `object`.
  public init(_ object: AnyObject) {
    rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
  }

  /// The identifier in hexadecimal, such as `0x2a`.
  public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// A type that provides a ``CombineIdentifier`` for use in debugging.
///
/// Classes get a default identifier from their object identity.
///
/// ```swift
/// final class Probe: CustomCombineIdentifierConvertible {}
/// let probe = Probe()
/// print(probe.combineIdentifier == probe.combineIdentifier)   // prints "true"
/// ```
public protocol CustomCombineIdentifierConvertible {
  /// The identifier of this stream element.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// An identifier made from this object's identity: the same object always gives the same one.
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

private final class CombineIdentifierCounter: @unchecked Sendable {
  static let shared = CombineIdentifierCounter()
  // Starts above every pointer-derived identifier's typical range is not needed: the high bit marks
  // counter-made identifiers so they never equal an object's address.
  private let value = Atomic<UInt64>(1 << 63)

  func next() -> UInt64 {
    value.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
