import Observation

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
    BindingTarget(owner: base, delivery: nil, keyPath: keyPath)
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
    BindingTarget(owner: base, delivery: .main, keyPath: keyPath)
  }
}

/// One closure that both writes a property through a key path and hands the key path back.
///
/// A binding target needs the key path twice: once to write each value, and once, when the binding
/// is made, for the property's identity and description. Both go through this single closure, formed
/// in the inlined `reactive` subscript, so that the caller's key-path literal has exactly one use
/// there. The optimizer then specialises the closure for that literal and writes the property
/// directly, instead of running the standard library's key-path projection (a heap allocation and
/// generic metadata lookups) on every value.
///
/// Called with an owner and a value, it writes the value and returns `nil`; called with `nil`, it
/// returns the key path. The value is passed by pointer so that calling it from unspecialised code
/// needs no metadata for an enum or an optional of `Value`.
@usableFromInline
typealias KeyPathAccess<Owner: AnyObject, Value> =
  (Owner?, UnsafePointer<Value>?) -> ReferenceWritableKeyPath<Owner, Value>?

extension BindingTarget {
  /// The target that writes the property at `keyPath`; its identity is the property's.
  @inlinable @inline(__always)
  init(owner: Owner, delivery: BindingDelivery?, keyPath: ReferenceWritableKeyPath<Owner, Value>) {
    self.init(owner: owner, delivery: delivery) { owner, value in
      guard let owner, let value else { return keyPath }
      owner[keyPath: keyPath] = value.pointee
      return nil
    }
  }

  /// The target that writes the property that `access` reaches.
  @usableFromInline
  init(owner: Owner, delivery: BindingDelivery?, access: @escaping KeyPathAccess<Owner, Value>) {
    // Called without an owner, the closure hands its key path back.
    let keyPath = access(nil, nil)!
    let published = PublishedAccessProbe.storage(of: owner, at: keyPath)
    self.init(
      owner: owner,
      identity: published == nil ? BindingIdentity(keyPath: keyPath) : MutableProperty<Value>.valueIdentity,
      name: BindingTargetName(.keyPath(keyPath)),
      delivery: delivery
    ) { owner, value in
      var value = value
      _ = access(owner, &value)
    }
    valueBag = published?.bindings
  }
}

// MARK: - Observing a key-path target

extension BindingTarget {
  /// A key-path target is write-only: observe the property through its own publisher.
  ///
  /// ```swift
  /// final class Field: BindingOwner {
  ///   let bindings = BindingBag()
  ///   @Published var text = ""
  /// }
  /// field.reactive.text.sink { print($0) }   // error: … observe `$text` instead
  /// field.$text.sink { print($0) }           // compiles: `$text` is a target and a source
  /// ```
  @available(
    *,
    unavailable,
    message:
      "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
  )
  public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }
}

extension BindingTarget where Owner: Observable {
  /// A key-path target is write-only: observe an `@Observable` model's property with `observe(_:)`.
  ///
  /// ```swift
  /// @Observable final class Model: BindingOwner {
  ///   @ObservationIgnored let bindings = BindingBag()
  ///   var text = ""
  /// }
  /// model.reactive.text.sink { print($0) }           // error: … model.observe(\.text)
  /// model.observe(\.text).sink { print($0) }         // compiles
  /// ```
  @available(
    *,
    unavailable,
    message:
      "a reactive key-path target only writes; observe an @Observable model's property with observe(_:): model.observe(\\.text).sink { … }"
  )
  public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }
}

// Every other use of a key-path target as a source gets the same message as `sink`: the target only
// writes, and the property's own publisher (`$text`, `observe(\.text)`) is what to observe or bind both ways.

extension BindingTarget {
  /// A key-path target is write-only: observe the property through its own publisher.
  @available(
    *, unavailable,
    message:
      "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
  )
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
    receiveValue: @escaping (Value) -> Void
  ) -> AnyCancellable {
    fatalError("unavailable")
  }

  /// A key-path target is write-only: derive values from the property's own publisher.
  @available(
    *, unavailable,
    message:
      "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
  )
  public func map<Transformed>(_ transform: @escaping (Value) -> Transformed) -> AnyPublisher<Transformed, Never> {
    fatalError("unavailable")
  }

  /// A key-path target is write-only: bind from the property's own publisher.
  @available(
    *, unavailable,
    message:
      "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
  )
  @discardableResult
  public func bind<Observer: BindingOwner>(
    to owner: Observer, _ receiveValue: @escaping (Observer, Value) -> Void
  ) -> AnyCancellable {
    fatalError("unavailable")
  }

  /// A key-path target is write-only: bind both ways through the property's own endpoint.
  @available(
    *, unavailable,
    message:
      "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
  )
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other, initialValueFrom side: TwoWayBindingSide, reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    fatalError("unavailable")
  }

  /// A key-path target is write-only: bind both ways through the property's own endpoint.
  @available(
    *, unavailable,
    message:
      "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
  )
  @discardableResult
  public func bindTwoWay(
    with other: Published<Value>.Publisher, initialValueFrom side: TwoWayBindingSide,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    fatalError("unavailable")
  }
}

/// A key-path target is write-only: bind both ways through the property's own endpoint (`$text`).
@available(
  *, unavailable,
  message:
    "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
)
@discardableResult
public func <~> <Owner: BindingOwner, Value, Right: BindingEndpointConvertible>(
  left: BindingTarget<Owner, Value>, right: Right
) -> AnyCancellable {
  fatalError("unavailable")
}

/// A key-path target is write-only: bind both ways through the property's own endpoint (`$text`).
@available(
  *, unavailable,
  message:
    "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
)
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Owner: BindingOwner, Value>(
  left: Left, right: BindingTarget<Owner, Value>
) -> AnyCancellable {
  fatalError("unavailable")
}

/// A key-path target is write-only: bind from the property's own publisher (`$text`).
@available(
  *, unavailable,
  message:
    "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
)
@discardableResult
public func ~> <Owner: BindingOwner, Value, Target>(
  source: BindingTarget<Owner, Value>, target: Target
) -> AnyCancellable {
  fatalError("unavailable")
}

/// A key-path target is write-only: bind both ways through the property's own endpoint (`$text`).
@available(
  *, unavailable,
  message:
    "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
)
@discardableResult
public func <~> <Owner: BindingOwner, Value>(
  left: BindingTarget<Owner, Value>, right: Published<Value>.Publisher
) -> AnyCancellable {
  fatalError("unavailable")
}

/// A key-path target is write-only: bind both ways through the property's own endpoint (`$text`).
@available(
  *, unavailable,
  message:
    "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
)
@discardableResult
public func <~> <Owner: BindingOwner, Value>(
  left: Published<Value>.Publisher, right: BindingTarget<Owner, Value>
) -> AnyCancellable {
  fatalError("unavailable")
}
