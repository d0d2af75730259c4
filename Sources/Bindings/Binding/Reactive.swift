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

extension Reactive {
  /// Key-path targets exist only for writable properties of a ``BindingOwner``.
  ///
  /// ```swift
  /// final class Label: BindingOwner {   // adopt BindingOwner…
  ///   let bindings = BindingBag()
  ///   var text: String?                 // …and make the property a `var`
  /// }
  /// ```
  @available(
    *,
    unavailable,
    message:
      "reactive key-path targets need a writable property (var) of a BindingOwner: adopt BindingOwner by adding `let bindings = BindingBag()` to the class, or write the member in `extension Reactive where Base: …`"
  )
  public subscript<Value>(dynamicMember keyPath: KeyPath<Base, Value>) -> MutableProperty<Value> {
    // A target, a source and an endpoint, so that the line using it reports only this message.
    fatalError("unavailable")
  }
}

extension Reactive where Base: BindingOwner {
  /// A binding target that writes the property at `keyPath` of the owner.
  ///
  /// Binding a new source to the same property of the same owner replaces the previous binding,
  /// so a reused view never has two writers for one property.
  ///
  /// A `@Published` property is the same target whichever way it is spelled: `owner.reactive.name`,
  /// `owner.$name`, or `bind(to:)` either of them. To find out, making the target reads the
  /// property once; a computed property that reads exactly one `@Published` property counts as
  /// that property, since both write the same storage.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Value>) -> BindingTarget<Base, Value> {
    BindingTarget(owner: base, keyPath: keyPath, delivery: nil)
  }
}

extension Reactive where Base: MainActorBindingOwner {
  /// A binding target that writes the property at `keyPath` of the owner on the main thread.
  ///
  /// A value that arrives on the main thread is written at once; one that arrives elsewhere is
  /// written on the main queue. Opt out with ``BindingTarget/deliveredOnSendingThread()``.
  ///
  /// ```swift
  /// label.reactive.text <~ viewModel.$name   // safe whatever thread changes the name
  /// ```
  @inlinable
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Value>) -> BindingTarget<Base, Value> {
    BindingTarget(owner: base, keyPath: keyPath, delivery: BindingTarget<Base, Value>.mainThreadDelivery)
  }
}

extension BindingTarget {
  /// The target that writes the property at `keyPath`; its identity is the property's.
  @inlinable
  init(owner: Owner, keyPath: ReferenceWritableKeyPath<Owner, Value>, delivery: BindingDelivery?) {
    let published = PublishedAccessProbe.storage(of: owner, at: keyPath)
    self.init(
      owner: owner,
      identity: published == nil ? keyPath : MutableProperty<Value>.valueIdentity,
      description: "\(keyPath)",
      delivery: delivery
    ) { owner, value in
      owner[keyPath: keyPath] = value
    }
    valueBag = published?.bindings
  }
}
