// Bindings into a `@Published` property go through `$property` passed `inout`, as Combine's
// `assign(to: &$property)` does: an `inout` argument compiles only where the property's setter is
// visible, so a `@Published private(set) var` can be bound into only inside its type. Operators take
// their `inout` operands without `&` (`model.$name <~ source`); methods take `&model.$name`.
// Each form forwards to the property's storage, the same target and endpoint as before.

// MARK: - One way

/// Binds `source` to a `@Published` property, where the property is settable.
///
/// ```swift
/// final class Model { @Published private(set) var name = ""
///   func follow(_ source: some Publisher<String, Never>) { $name <~ source }   // compiles here only
/// }
/// ```
@discardableResult
@inlinable
public func <~ <Value, Source: Publisher>(
  target: inout Published<Value>.Publisher,
  source: Source
) -> AnyCancellable where Source.Output == Value, Source.Failure == Never {
  target.storage <~ source
}

/// Binds `source` to an optional `@Published` property, wrapping each value.
@discardableResult
@inlinable
public func <~ <Wrapped, Source: Publisher>(
  target: inout Published<Wrapped?>.Publisher,
  source: Source
) -> AnyCancellable where Source.Output == Wrapped, Source.Failure == Never {
  target.storage <~ source
}

/// Binds `source` to a `@Published` property; the same as `model.$name <~ source`.
///
/// ```swift
/// nameField.reactive.text.compactMap { $0 } ~> model.$name
/// ```
@discardableResult
@inlinable
public func ~> <Value, Source: Publisher>(
  source: Source,
  target: inout Published<Value>.Publisher
) -> AnyCancellable where Source.Output == Value, Source.Failure == Never {
  target.storage <~ source
}

/// Binds `source` to an optional `@Published` property, wrapping each value.
@discardableResult
@inlinable
public func ~> <Wrapped, Source: Publisher>(
  source: Source,
  target: inout Published<Wrapped?>.Publisher
) -> AnyCancellable where Source.Output == Wrapped, Source.Failure == Never {
  target.storage <~ source
}

extension Publisher where Failure == Never {
  /// Binds this publisher to a `@Published` property, recording where the binding was made; the
  /// same as `model.$name <~ self` otherwise.
  ///
  /// ```swift
  /// nameSource.bind(to: &model.$name)
  /// ```
  @discardableResult
  @inlinable
  public func bind(
    to target: inout Published<Output>.Publisher,
    fileID: String = #fileID,
    line: UInt = #line
  ) -> AnyCancellable {
    bind(to: target.storage, fileID: fileID, line: line)
  }

  /// Binds this publisher to an optional `@Published` property, wrapping each value.
  ///
  /// ```swift
  /// nameSource.bind(to: &model.$nickname)   // `nickname` is a String?
  /// ```
  @discardableResult
  @inlinable
  public func bind(
    to target: inout Published<Output?>.Publisher,
    fileID: String = #fileID,
    line: UInt = #line
  ) -> AnyCancellable {
    bind(to: target.storage, fileID: fileID, line: line)
  }
}

// MARK: - Two way

/// Binds a `@Published` property and an endpoint both ways, where the property is settable; the
/// rules are those of `<~>` between two endpoints.
///
/// ```swift
/// model.$name <~> entry.reactive.text   // the entry, a control, shows the model's name
/// ```
@discardableResult
@inlinable
public func <~> <Value, Right: BindingEndpointConvertible>(
  left: inout Published<Value>.Publisher,
  right: Right
) -> AnyCancellable where Right.Value == Value {
  left.storage <~> right
}

/// Binds an endpoint and a `@Published` property both ways, where the property is settable.
///
/// ```swift
/// entry.reactive.text <~> model.$name
/// ```
@discardableResult
@inlinable
public func <~> <Left: BindingEndpointConvertible, Value>(
  left: Left,
  right: inout Published<Value>.Publisher
) -> AnyCancellable where Left.Value == Value {
  left <~> right.storage
}

/// Binds two `@Published` properties both ways, where both are settable.
///
/// ```swift
/// form.$name <~> profile.$name
/// ```
@discardableResult
@inlinable
public func <~> <Value>(
  left: inout Published<Value>.Publisher,
  right: inout Published<Value>.Publisher
) -> AnyCancellable {
  left.storage <~> right.storage
}

/// Binds an optional `@Published` property and a non-optional endpoint both ways: `nil` written
/// into the property is ignored.
@discardableResult
@inlinable
public func <~> <Wrapped, Right: BindingEndpointConvertible>(
  left: inout Published<Wrapped?>.Publisher,
  right: Right
) -> AnyCancellable where Right.Value == Wrapped {
  left.storage <~> right
}

/// Binds a `@Published` property and an optional endpoint both ways: `nil` written from the
/// endpoint is ignored.
@discardableResult
@inlinable
public func <~> <Value, Right: BindingEndpointConvertible>(
  left: inout Published<Value>.Publisher,
  right: Right
) -> AnyCancellable where Right.Value == Value? {
  left.storage <~> right
}

/// Binds an optional endpoint and a `@Published` property both ways: `nil` written from the
/// endpoint is ignored.
@discardableResult
@inlinable
public func <~> <Left: BindingEndpointConvertible, Value>(
  left: Left,
  right: inout Published<Value>.Publisher
) -> AnyCancellable where Left.Value == Value? {
  left <~> right.storage
}

/// Binds a non-optional endpoint and an optional `@Published` property both ways: `nil` written
/// into the property is ignored.
@discardableResult
@inlinable
public func <~> <Left: BindingEndpointConvertible, Wrapped>(
  left: Left,
  right: inout Published<Wrapped?>.Publisher
) -> AnyCancellable where Left.Value == Wrapped {
  left <~> right.storage
}

/// Binds a `@Published` property and a ``CurrentValueSubject`` both ways, where the property is
/// settable; the rules are those of `<~>` between a subject and an endpoint.
///
/// ```swift
/// model.$name <~> name   // name: CurrentValueSubject<String, Never>
/// ```
@discardableResult
@inlinable
public func <~> <Value>(
  left: inout Published<Value>.Publisher,
  right: CurrentValueSubject<Value, Never>
) -> AnyCancellable {
  left.storage <~> right
}

/// Binds a ``CurrentValueSubject`` and a `@Published` property both ways, where the property is
/// settable.
///
/// ```swift
/// name <~> model.$name   // name: CurrentValueSubject<String, Never>
/// ```
@discardableResult
@inlinable
public func <~> <Value>(
  left: CurrentValueSubject<Value, Never>,
  right: inout Published<Value>.Publisher
) -> AnyCancellable {
  left <~> right.storage
}

/// Binds an optional `@Published` property and a non-optional ``CurrentValueSubject`` both ways:
/// `nil` written into the property is ignored.
@discardableResult
@inlinable
public func <~> <Wrapped>(
  left: inout Published<Wrapped?>.Publisher,
  right: CurrentValueSubject<Wrapped, Never>
) -> AnyCancellable {
  left.storage <~> right
}

/// Binds a `@Published` property and an optional ``CurrentValueSubject`` both ways: `nil` sent into
/// the subject is ignored.
@discardableResult
@inlinable
public func <~> <Value>(
  left: inout Published<Value>.Publisher,
  right: CurrentValueSubject<Value?, Never>
) -> AnyCancellable {
  left.storage <~> right
}

/// Binds a non-optional ``CurrentValueSubject`` and an optional `@Published` property both ways:
/// `nil` written into the property is ignored.
@discardableResult
@inlinable
public func <~> <Wrapped>(
  left: CurrentValueSubject<Wrapped, Never>,
  right: inout Published<Wrapped?>.Publisher
) -> AnyCancellable {
  left <~> right.storage
}

/// Binds an optional ``CurrentValueSubject`` and a `@Published` property both ways: `nil` sent into
/// the subject is ignored.
@discardableResult
@inlinable
public func <~> <Value>(
  left: CurrentValueSubject<Value?, Never>,
  right: inout Published<Value>.Publisher
) -> AnyCancellable {
  left <~> right.storage
}

extension Published.Publisher {
  /// Binds this property and `other` both ways, starting from the side you choose, where the
  /// property is settable (the method is `mutating` for that reason only: it writes the property's
  /// storage, never the publisher).
  ///
  /// ```swift
  /// model.$name.bindTwoWay(with: entry.reactive.text, initialValueFrom: .left)
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Other.Value == Value {
    storage.bindTwoWay(with: other, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this property and a ``CurrentValueSubject`` both ways, starting from the side you choose.
  ///
  /// ```swift
  /// model.$name.bindTwoWay(with: name, initialValueFrom: .left)   // name: CurrentValueSubject
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay(
    with subject: CurrentValueSubject<Value, Never>,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    storage.bindTwoWay(with: subject, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this property and another `@Published` property both ways, starting from the side you
  /// choose, where both are settable.
  ///
  /// ```swift
  /// form.$name.bindTwoWay(with: &profile.$name, initialValueFrom: .left)
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay(
    with other: inout Published<Value>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    storage.bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

extension Published.Publisher {
  /// The property as an endpoint of another type, for two-way bindings through a conversion, where
  /// the property is settable (the method is `mutating` for that reason only); see
  /// ``BindingEndpoint/converted(_:back:)``.
  ///
  /// ```swift
  /// $fahrenheit <~> $celsius.converted({ Double($0).map { String($0 * 9 / 5 + 32) } },
  ///                                   back: { Double($0).map { String(($0 - 32) * 5 / 9) } })
  /// ```
  @inlinable
  public mutating func converted<Converted>(
    _ forward: @escaping (Value) -> Converted?,
    back: @escaping (Converted) -> Value?
  ) -> BindingEndpoint<MutableProperty<Value>, Converted> {
    storage.converted(forward, back: back)
  }
}

extension BindingEndpointConvertible {
  /// Binds this endpoint and a `@Published` property both ways, starting from the side you choose,
  /// where the property is settable.
  ///
  /// ```swift
  /// entry.reactive.text.bindTwoWay(with: &model.$name, initialValueFrom: .right)
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay(
    with other: inout Published<Value>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

extension CurrentValueSubject where Failure == Never {
  /// Binds this subject and a `@Published` property both ways, starting from the side you choose,
  /// where the property is settable.
  ///
  /// ```swift
  /// name.bindTwoWay(with: &model.$name, initialValueFrom: .left)
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay(
    with other: inout Published<Output>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

// MARK: - Optional lifting, as between two endpoints

/// Binds an optional `@Published` property and a non-optional one both ways, where both are
/// settable; `nil` written into the optional property is not passed on.
///
/// ```swift
/// form.$nickname <~> profile.$name   // nickname: String?, name: String
/// ```
@discardableResult
@inlinable
public func <~> <Wrapped>(
  left: inout Published<Wrapped?>.Publisher,
  right: inout Published<Wrapped>.Publisher
) -> AnyCancellable {
  left.storage <~> right.storage
}

/// Binds a non-optional `@Published` property and an optional one both ways, where both are
/// settable; `nil` written into the optional property is not passed on.
///
/// ```swift
/// profile.$name <~> form.$nickname   // name: String, nickname: String?
/// ```
@discardableResult
@inlinable
public func <~> <Wrapped>(
  left: inout Published<Wrapped>.Publisher,
  right: inout Published<Wrapped?>.Publisher
) -> AnyCancellable {
  left.storage <~> right.storage
}

extension Published.Publisher {
  /// The property as a two-way endpoint, where the property is settable: for what only an
  /// endpoint offers, such as ``BindingEndpoint/asControl()`` or
  /// ``BindingEndpoint/delivered(on:)``. The getter is `mutating` for that reason only.
  ///
  /// ```swift
  /// model.$name.bindingEndpoint.delivered(on: DispatchQueue.main) <~> worker.$name
  /// ```
  public var bindingEndpoint: BindingEndpoint<MutableProperty<Value>, Value> {
    mutating get { storage.bindingEndpoint }
  }

  /// Binds this property and an endpoint of the optional type both ways; `nil` from the endpoint is
  /// not written.
  ///
  /// ```swift
  /// model.$name.bindTwoWay(with: nicknameField, initialValueFrom: .left)   // field: String?
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Other.Value == Value? {
    storage.bindTwoWay(with: other, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional property and a non-optional endpoint both ways; `nil` written into this
  /// property is not passed on.
  ///
  /// ```swift
  /// model.$nickname.bindTwoWay(with: name, initialValueFrom: .right)   // name: String
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value == Other.Value? {
    storage.bindTwoWay(with: other, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this property and an optional ``CurrentValueSubject`` both ways; `nil` sent into the
  /// subject is not written.
  ///
  /// ```swift
  /// model.$name.bindTwoWay(with: nickname, initialValueFrom: .left)   // CurrentValueSubject<String?, Never>
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay(
    with subject: CurrentValueSubject<Value?, Never>,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    storage.bindTwoWay(with: subject, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional property and a non-optional ``CurrentValueSubject`` both ways; `nil`
  /// written into this property is not sent.
  ///
  /// ```swift
  /// model.$nickname.bindTwoWay(with: name, initialValueFrom: .right)   // CurrentValueSubject<String, Never>
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay<Wrapped>(
    with subject: CurrentValueSubject<Wrapped, Never>,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value == Wrapped? {
    storage.bindTwoWay(with: subject, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this property and an optional `@Published` property both ways, where both are settable;
  /// `nil` written into the optional property is not passed on.
  ///
  /// ```swift
  /// profile.$name.bindTwoWay(with: &form.$nickname, initialValueFrom: .left)
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay(
    with other: inout Published<Value?>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    storage.bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional property and a non-optional `@Published` property both ways, where both
  /// are settable; `nil` written into this property is not passed on.
  ///
  /// ```swift
  /// form.$nickname.bindTwoWay(with: &profile.$name, initialValueFrom: .right)
  /// ```
  @inlinable
  @discardableResult
  public mutating func bindTwoWay<Wrapped>(
    with other: inout Published<Wrapped>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value == Wrapped? {
    storage.bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

extension BindingEndpointConvertible {
  /// Binds this endpoint and an optional `@Published` property both ways, where the property is
  /// settable; `nil` written into the property is not passed on.
  ///
  /// ```swift
  /// entry.reactive.text.bindTwoWay(with: &model.$nickname, initialValueFrom: .right)
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay(
    with other: inout Published<Value?>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional endpoint and a non-optional `@Published` property both ways, where the
  /// property is settable; `nil` from this endpoint is not written.
  ///
  /// ```swift
  /// nicknameField.bindTwoWay(with: &model.$name, initialValueFrom: .right)   // field: String?
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Wrapped>(
    with other: inout Published<Wrapped>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value == Wrapped? {
    bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

extension CurrentValueSubject where Failure == Never {
  /// Binds this subject and an optional `@Published` property both ways, where the property is
  /// settable; `nil` written into the property is not sent.
  ///
  /// ```swift
  /// name.bindTwoWay(with: &model.$nickname, initialValueFrom: .left)   // name: CurrentValueSubject<String, Never>
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay(
    with other: inout Published<Output?>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional subject and a non-optional `@Published` property both ways, where the
  /// property is settable; `nil` sent into the subject is not written.
  ///
  /// ```swift
  /// nickname.bindTwoWay(with: &model.$name, initialValueFrom: .right)   // CurrentValueSubject<String?, Never>
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Wrapped>(
    with other: inout Published<Wrapped>.Publisher,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Output == Wrapped? {
    bindTwoWay(with: other.storage, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

// MARK: - Helpful errors, as for the by-value targets

/// A source that can fail cannot be bound: a binding has nowhere to send the error.
@available(
  *,
  unavailable,
  message: "the source can fail: handle the error first, e.g. with replaceError(with:), catch, or assertNoFailure()"
)
@discardableResult
public func <~ <Value, Source: Publisher>(
  target: inout Published<Value>.Publisher,
  source: Source
) -> AnyCancellable where Source.Output == Value {
  fatalError("unavailable")
}

/// A source that can fail cannot be bound: a binding has nowhere to send the error.
@available(
  *,
  unavailable,
  message: "the source can fail: handle the error first, e.g. with replaceError(with:), catch, or assertNoFailure()"
)
@discardableResult
public func ~> <Value, Source: Publisher>(
  source: Source,
  target: inout Published<Value>.Publisher
) -> AnyCancellable where Source.Output == Value {
  fatalError("unavailable")
}

/// A source whose values are not of the property's type cannot be bound.
@available(
  *,
  unavailable,
  message:
    "the source's Output is not the target's Value (nor its optional): convert the values first, e.g. model.$title <~ count.map { String($0) }"
)
@discardableResult
public func <~ <Value, Source: Publisher>(
  target: inout Published<Value>.Publisher,
  source: Source
) -> AnyCancellable where Source.Failure == Never {
  fatalError("unavailable")
}

/// A source whose values are not of the property's type cannot be bound.
@available(
  *,
  unavailable,
  message:
    "the source's Output is not the target's Value (nor its optional): convert the values first, e.g. count.map { String($0) } ~> model.$title"
)
@discardableResult
public func ~> <Value, Source: Publisher>(
  source: Source,
  target: inout Published<Value>.Publisher
) -> AnyCancellable where Source.Failure == Never {
  fatalError("unavailable")
}

/// A source of numbers (or other values with a text form) cannot drive a `String` property directly.
@available(
  *,
  unavailable,
  message:
    "the target takes String and the source's values are not strings: convert them first with .map(String.init), e.g. model.$title <~ count.map(String.init)"
)
@discardableResult
public func <~ <Source: Publisher>(
  target: inout Published<String>.Publisher,
  source: Source
) -> AnyCancellable where Source.Output: LosslessStringConvertible, Source.Failure == Never {
  fatalError("unavailable")
}

/// A `@Published` property and an endpoint of unrelated types cannot be bound both ways.
@available(
  *,
  unavailable,
  message:
    "the two sides of <~> hold different types: convert one side with .converted(_:back:), e.g. amount <~> text.converted({ Double($0) }, back: { String($0) })"
)
@discardableResult
public func <~> <Value, Right: BindingEndpointConvertible>(
  left: inout Published<Value>.Publisher,
  right: Right
) -> AnyCancellable {
  fatalError("unavailable")
}

/// An endpoint and a `@Published` property of unrelated types cannot be bound both ways.
@available(
  *,
  unavailable,
  message:
    "the two sides of <~> hold different types: convert one side with .converted(_:back:), e.g. amount <~> text.converted({ Double($0) }, back: { String($0) })"
)
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Value>(
  left: Left,
  right: inout Published<Value>.Publisher
) -> AnyCancellable {
  fatalError("unavailable")
}

// MARK: - Where the property is not settable

// The by-value forms below are chosen only when the `inout` ones cannot be: when `$name` is not
// settable here, as for a `@Published private(set) var` outside its type. They say why.

/// `$name` of a property whose setter is not visible here cannot be bound into.
@available(
  *,
  unavailable,
  message:
    "this @Published property is not settable here (e.g. `private(set)`), so its `$` publisher takes no binding from outside its type: make the binding inside the type, e.g. in a method of the model"
)
@discardableResult
public func <~ <Value, Source: Publisher>(
  target: Published<Value>.Publisher,
  source: Source
) -> AnyCancellable where Source.Output == Value, Source.Failure == Never {
  fatalError("unavailable")
}

/// `$name` of a property whose setter is not visible here cannot be bound into.
@available(
  *,
  unavailable,
  message:
    "this @Published property is not settable here (e.g. `private(set)`), so its `$` publisher takes no binding from outside its type: make the binding inside the type, e.g. in a method of the model"
)
@discardableResult
public func ~> <Value, Source: Publisher>(
  source: Source,
  target: Published<Value>.Publisher
) -> AnyCancellable where Source.Output == Value, Source.Failure == Never {
  fatalError("unavailable")
}

/// `$name` of a property whose setter is not visible here cannot be bound two ways.
@available(
  *,
  unavailable,
  message:
    "this @Published property is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding from outside its type: bind it inside the type, or observe it one way (`target <~ model.$name`)"
)
@discardableResult
public func <~> <Value, Right: BindingEndpointConvertible>(
  left: Published<Value>.Publisher,
  right: Right
) -> AnyCancellable where Right.Value == Value {
  fatalError("unavailable")
}

/// `$name` of a property whose setter is not visible here cannot be bound two ways.
@available(
  *,
  unavailable,
  message:
    "this @Published property is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding from outside its type: bind it inside the type, or observe it one way (`target <~ model.$name`)"
)
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Value>(
  left: Left,
  right: Published<Value>.Publisher
) -> AnyCancellable where Left.Value == Value {
  fatalError("unavailable")
}

/// `$name` of a property whose setter is not visible here cannot be bound two ways.
@available(
  *,
  unavailable,
  message:
    "this @Published property is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding from outside its type: bind it inside the type, or observe it one way (`target <~ model.$name`)"
)
@discardableResult
public func <~> <Value>(
  left: Published<Value>.Publisher,
  right: Published<Value>.Publisher
) -> AnyCancellable {
  fatalError("unavailable")
}

/// `$name` of a property whose setter is not visible here cannot be bound two ways.
@available(
  *,
  unavailable,
  message:
    "this @Published property is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding from outside its type: bind it inside the type, or observe it one way (`target <~ model.$name`)"
)
@discardableResult
public func <~> <Value>(
  left: Published<Value>.Publisher,
  right: CurrentValueSubject<Value, Never>
) -> AnyCancellable {
  fatalError("unavailable")
}

/// `$name` of a property whose setter is not visible here cannot be bound two ways.
@available(
  *,
  unavailable,
  message:
    "this @Published property is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding from outside its type: bind it inside the type, or observe it one way (`target <~ model.$name`)"
)
@discardableResult
public func <~> <Value>(
  left: CurrentValueSubject<Value, Never>,
  right: Published<Value>.Publisher
) -> AnyCancellable {
  fatalError("unavailable")
}
