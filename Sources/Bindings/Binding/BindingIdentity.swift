/// What a binding target is, for "one source per target": a binding into a bag that holds another
/// binding with the same identity replaces it.
///
/// A form of its own rather than `AnyHashable`: converting a value to `AnyHashable` asks the runtime
/// whether its type has a custom representation, a conformance lookup of about 1,400 instructions,
/// for every binding made. A key path (the identity of most targets) and the identities the
/// package's toolkits make are stored as they are; only an identity a caller gives as `AnyHashable`
/// is kept as one.
///
/// ```swift
/// let title = BindingIdentity(keyPath: \Cell.title)
/// title == BindingIdentity(AnyHashable(\Cell.title))   // true: the key path is unwrapped
/// ```
@usableFromInline
struct BindingIdentity: Hashable, Sendable, CustomStringConvertible {
  /// One existential of three inline words, the same 40 bytes as `AnyHashable` (an enum of a key
  /// path, a package identity and an `AnyHashable` took 48, for every binding a bag keeps).
  @usableFromInline let value: any BindingIdentityValue

  /// The identity of the target that writes through `keyPath`.
  @inlinable
  init(keyPath: AnyKeyPath) {
    value = KeyPathIdentity(keyPath: keyPath)
  }

  /// An identity a module of the package makes for its targets, stored as it is.
  @usableFromInline
  package init(_ value: some BindingIdentityValue) {
    self.value = value
  }

  /// An identity a caller gives as `AnyHashable`. A key path in it is unwrapped, so that it is the
  /// same identity as the key path's own target, and any other value too, so that it is the same
  /// identity as that value given as it is (``init(caller:)``). A package identity never reaches a
  /// caller, so none is looked for.
  @usableFromInline
  init(_ identity: AnyHashable) {
    if let keyPath = identity.base as? AnyKeyPath {
      value = KeyPathIdentity(keyPath: keyPath)
    } else {
      // The base of an `AnyHashable` is always `Hashable`.
      let base = identity.base as! any Hashable
      value = Self.callerIdentity(base)
    }
  }

  /// An identity a caller gives as a value of its own type: a key path is stored as one, and any
  /// other value as it is (inline when it fits in three words), with no conversion to
  /// `AnyHashable` (the checks below are decided when the caller's code is compiled).
  @inlinable
  init<Identity: Hashable>(caller identity: Identity) {
    if let keyPath = identity as? AnyKeyPath {
      self.init(keyPath: keyPath)
    } else if Identity.self == AnyHashable.self {
      self.init(identity as AnyHashable)
    } else {
      self.init(CallerIdentity(base: identity))
    }
  }

  @usableFromInline
  static func callerIdentity(_ base: some Hashable) -> any BindingIdentityValue {
    CallerIdentity(base: base)
  }

  @usableFromInline
  static func == (left: Self, right: Self) -> Bool {
    left.value.isEqual(to: right.value)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    value.hash(into: &hasher)
  }

  /// The identity as text, for diagnostics and ``BindingBag/liveBindings``: the key path, the
  /// package identity's own description (`GtkLabel.label`), or the caller's value.
  @usableFromInline
  var description: String { value.description }
}

/// A key path's identity: the target that writes through it.
///
/// A type of its own, not ``CallerIdentity`` of `AnyKeyPath`: the generic type's conformance is
/// looked up at run time for each identity made (about 160 instructions for every key-path binding).
@usableFromInline
struct KeyPathIdentity: BindingIdentityValue, @unchecked Sendable {
  // Unchecked: a key path is immutable.
  @usableFromInline let keyPath: AnyKeyPath

  @inlinable
  init(keyPath: AnyKeyPath) {
    self.keyPath = keyPath
  }

  @usableFromInline
  var description: String { "\(keyPath)" }
}

/// An identity a caller gave, of the caller's type (a value wider than three words is held in a box
/// of the existential's own).
@usableFromInline
struct CallerIdentity<Base: Hashable>: BindingIdentityValue, @unchecked Sendable {
  // Unchecked, as the caller's type need not be `Sendable`: the bag only hashes, compares and
  // describes it, under its lock, and never changes it.
  @usableFromInline let base: Base

  @inlinable
  init(base: Base) {
    self.base = base
  }

  @usableFromInline
  var description: String { "\(base)" }
}

/// An identity that a module of the package makes for its targets (a GObject property's name and
/// type): stored in a ``BindingIdentity`` as it is, with no run-time conversion.
@usableFromInline
package protocol BindingIdentityValue: Hashable, Sendable, CustomStringConvertible {}

extension BindingIdentityValue {
  /// Whether `other` is this identity: of the same type, and equal.
  @usableFromInline
  func isEqual(to other: any BindingIdentityValue) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
