/// A type that offers a `reactive` namespace for its bindings.
///
/// Conform a type, then add members to `Reactive` for it:
///
/// ```swift
/// final class Counter: ReactiveExtensionProvider { var count = 0 }
/// extension Reactive where Base: Counter {
///   var doubled: Int { base.count * 2 }
/// }
/// let counter = Counter()
/// counter.count = 21
/// print(counter.reactive.doubled)   // prints "42"
/// ```
///
/// Every ``BindingOwner`` is a provider already.
public protocol ReactiveExtensionProvider {}

extension ReactiveExtensionProvider {
  /// The reactive namespace of this value: its binding targets, endpoints and event publishers.
  public var reactive: Reactive<Self> {
    Reactive(self)
  }

  /// The reactive namespace of this type, for static extensions.
  ///
  /// ```swift
  /// extension Reactive where Base: Counter {
  ///   static var zero: Int { 0 }
  /// }
  /// print(Counter.reactive.zero)   // prints "0"
  /// ```
  public static var reactive: Reactive<Self>.Type {
    Reactive<Self>.self
  }
}

/// The namespace that holds the reactive extensions of `Base`.
///
/// For a ``BindingOwner``, every writable property is a binding target with no extension code:
///
/// ```swift
/// final class Label: BindingOwner {
///   let bindings = BindingBag()
///   var text: String?
/// }
/// let label = Label()
/// let name = MutableProperty("Ada")
/// label.reactive.text <~ name
/// print(label.text ?? "")   // prints "Ada"
/// ```
///
/// A member written by hand in `extension Reactive where Base: Label { … }` takes precedence over
/// the key-path target of the same name, so an extension can replace the default behaviour.
@dynamicMemberLookup
public struct Reactive<Base> {
  /// The object or value the extensions act on.
  public let base: Base

  /// Wraps `base`.
  public init(_ base: Base) {
    self.base = base
  }
}

extension Reactive where Base: BindingOwner {
  /// A binding target that writes the property at `keyPath` of the owner.
  ///
  /// Binding a new source to the same property of the same owner replaces the previous binding,
  /// so a reused view never has two writers for one property.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Value>) -> BindingTarget<Base, Value> {
    BindingTarget(base, identity: keyPath, description: "\(keyPath)") { owner, value in
      owner[keyPath: keyPath] = value
    }
  }
}
