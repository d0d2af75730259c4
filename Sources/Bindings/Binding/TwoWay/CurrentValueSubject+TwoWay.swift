/// The owner of a ``CurrentValueSubject``'s two-way bindings, which the subject holds as one of its
/// upstream subscriptions.
///
/// An endpoint needs an owner whose life is the value's, and a subject is not a ``BindingOwner``.
/// This one lives exactly as long as the subject's upstreams: the subject holds it from the first
/// `<~>` until it completes or is deallocated, and then lets go of it, which ends its bindings. One
/// per subject (``SubjectCore/keptUpstream(orAdding:)``), so a new binding into the subject replaces
/// the previous one, as for any endpoint.
///
/// ```
/// subject ──holds──▶ core ──upstreams──▶ owner ──holds──▶ bag ──▶ link ──▶ observation ──▶ core
///    ▲                                     │
///    └──────────────── weak ───────────────┘
/// ```
///
/// The cycle through the core is cut when the subject lets go of its upstreams; the subject itself
/// is held by nothing in it, so its deallocation is what cuts it.
final class CurrentValueSubjectBindingOwner<Output>: BindingOwner, Subscription {
  let bindings = BindingBag()
  weak let subject: CurrentValueSubject<Output, Never>?
  private let liveObject = LiveObjectToken("CurrentValueSubjectBindingOwner")

  init(subject: CurrentValueSubject<Output, Never>) {
    self.subject = subject
  }

  /// The subject asks its upstreams for values; this one sends none.
  func request(_ demand: Subscribers.Demand) {}

  /// The subject lets go of its upstreams: end the bindings now, even if something still holds
  /// this owner for a moment.
  func cancel() {
    bindings.removeAll()
  }
}

extension CurrentValueSubject where Failure == Never {
  /// The subject as an endpoint of `<~>`: bindings write into it with `send(_:)`, and it seeds a
  /// binding with its current value. `subject <~> other` and `bindTwoWay(with:)` use it; reach for it
  /// to convert (``BindingEndpoint/converted(_:back:)``) or to mark the subject as a control's.
  ///
  /// ```swift
  /// let amount = CurrentValueSubject<Double, Never>(0.5)
  /// let text = MutableProperty("")
  /// text <~> amount.bindingEndpoint.converted({ String($0) }, back: { Double($0) })
  /// print(text.value)   // prints "0.5"
  /// ```
  ///
  /// The bindings live as long as the subject, and end when it completes; a completed subject binds
  /// nothing.
  public var bindingEndpoint: BindingEndpoint<some BindingOwner, Output> {
    // A completed subject holds no upstream and gets no owner: a binding with the endpoint is not made.
    let target = BindingTarget(
      owner: core.keptUpstream { CurrentValueSubjectBindingOwner(subject: self) },
      identity: BindingIdentity(keyPath: \CurrentValueSubject<Output, Never>.value),
      name: BindingTargetName(.value(Self.self)),
      delivery: nil
    ) { (owner: CurrentValueSubjectBindingOwner<Output>, value: Output) in owner.subject?.send(value) }
    return BindingEndpoint(target: target, changes: self)
  }

  /// Binds this subject and `other` both ways, starting from the current value of the side you
  /// choose, as `bindTwoWay(with:initialValueFrom:)` binds two endpoints.
  ///
  /// ```swift
  /// let name = CurrentValueSubject<String, Never>("Ada")
  /// let draft = MutableProperty("")
  /// name.bindTwoWay(with: draft, initialValueFrom: .left)
  /// print(draft.value)   // prints "Ada"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Other.Value == Output {
    TwoWayBindingLink.bind(
      bindingEndpoint, other.bindingEndpoint, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this subject and another both ways, starting from the current value of the side you
  /// choose.
  ///
  /// ```swift
  /// let saved = CurrentValueSubject<String, Never>("saved")
  /// let draft = CurrentValueSubject<String, Never>("draft")
  /// draft.bindTwoWay(with: saved, initialValueFrom: .left)
  /// print(saved.value)   // prints "draft"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay(
    with other: CurrentValueSubject<Output, Never>,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    TwoWayBindingLink.bind(
      bindingEndpoint, other.bindingEndpoint, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

extension BindingEndpointConvertible {
  /// Binds this endpoint and `subject` both ways, starting from the current value of the side you
  /// choose.
  ///
  /// ```swift
  /// let draft = MutableProperty("typed")
  /// let name = CurrentValueSubject<String, Never>("Ada")
  /// draft.bindTwoWay(with: name, initialValueFrom: .left)
  /// print(name.value)   // prints "typed"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay(
    with subject: CurrentValueSubject<Value, Never>,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    TwoWayBindingLink.bind(
      bindingEndpoint, subject.bindingEndpoint, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

/// Binds a ``CurrentValueSubject`` and an endpoint both ways, as `<~>` binds two endpoints: both start
/// from the model's value.
///
/// ```swift
/// let name = CurrentValueSubject<String, Never>("Ada")   // a Combine-style model
/// name <~> entry.reactive.text      // a control never seeds: the entry shows "Ada"
/// entry.reactive.text <~> name      // the same, in the other order
/// name <~> profile.$name            // two models: the right side seeds, name.value == profile.name
/// name.send("Grace")                // profile.name == "Grace"
/// ```
///
/// The subject keeps the binding as long as it lives, and its completion ends the binding. The rules
/// are those of `<~>` between two endpoints: the side that is not a control's seeds, or the right side
/// when both or neither are; no change is echoed back; the last change wins; the left side is the
/// binding's target, so a new `<~>` into it replaces this binding. The subject is written with
/// `send(_:)`, on the thread that changed the other side.
@inlinable
@discardableResult
public func <~> <Output, Right: BindingEndpointConvertible>(
  left: CurrentValueSubject<Output, Never>,
  right: Right
) -> AnyCancellable where Right.Value == Output {
  let (leftEndpoint, rightEndpoint) = (left.bindingEndpoint, right.bindingEndpoint)
  return TwoWayBindingLink.bind(leftEndpoint, rightEndpoint, initialValueFrom: .seeding(leftEndpoint, rightEndpoint))
}

/// Binds an endpoint and a ``CurrentValueSubject`` both ways: both start from the model's value.
///
/// ```swift
/// let volume = CurrentValueSubject<Double, Never>(3)
/// scale.reactive.value <~> volume   // the scale, a control, shows 3.0; volume keeps it
/// ```
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Output>(
  left: Left,
  right: CurrentValueSubject<Output, Never>
) -> AnyCancellable where Left.Value == Output {
  let (leftEndpoint, rightEndpoint) = (left.bindingEndpoint, right.bindingEndpoint)
  return TwoWayBindingLink.bind(leftEndpoint, rightEndpoint, initialValueFrom: .seeding(leftEndpoint, rightEndpoint))
}

/// Binds two ``CurrentValueSubject``s both ways; both start from the right side's value.
///
/// ```swift
/// let draft = CurrentValueSubject<String, Never>("")
/// let saved = CurrentValueSubject<String, Never>("saved")
/// draft <~> saved
/// print(draft.value)   // prints "saved"
/// ```
@inlinable
@discardableResult
public func <~> <Output>(
  left: CurrentValueSubject<Output, Never>,
  right: CurrentValueSubject<Output, Never>
) -> AnyCancellable {
  TwoWayBindingLink.bind(left.bindingEndpoint, right.bindingEndpoint, initialValueFrom: .right)
}

/// A key-path target is write-only: bind both ways through the property's own endpoint (`$text`).
@available(
  *, unavailable,
  message:
    "a reactive key-path target only writes; observe the property itself: for `@Published var text` that is `$text` (field.$text.sink { … }, which is also a target and a <~> endpoint); for an @Observable model, model.observe(\\.text)"
)
@discardableResult
public func <~> <Owner: BindingOwner, Value>(
  left: BindingTarget<Owner, Value>, right: CurrentValueSubject<Value, Never>
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
  left: CurrentValueSubject<Value, Never>, right: BindingTarget<Owner, Value>
) -> AnyCancellable {
  fatalError("unavailable")
}

// MARK: - Optional lifting, as `<~>` lifts between two endpoints

/// Binds an optional ``CurrentValueSubject`` and a non-optional endpoint both ways: `nil` sent into
/// the subject is ignored; the rest is as for `<~>` between two endpoints.
///
/// ```swift
/// let nickname = CurrentValueSubject<String?, Never>(nil)
/// let name = MutableProperty("Ada")
/// nickname <~> name
/// print(nickname.value ?? "nil")   // prints "Ada"
/// nickname.send(nil)
/// print(name.value)                // prints "Ada"
/// ```
@inlinable
@discardableResult
public func <~> <Output, Right: BindingEndpointConvertible>(
  left: CurrentValueSubject<Output?, Never>,
  right: Right
) -> AnyCancellable where Right.Value == Output {
  left.bindingEndpoint <~> right
}

/// Binds a ``CurrentValueSubject`` and an optional endpoint both ways: `nil` written from the
/// endpoint is ignored.
///
/// ```swift
/// let name = CurrentValueSubject<String, Never>("Ada")
/// let text = MutableProperty<String?>("typed")
/// name <~> text
/// print(name.value)   // prints "typed"
/// text.value = nil
/// print(name.value)   // prints "typed"
/// ```
@inlinable
@discardableResult
public func <~> <Output, Right: BindingEndpointConvertible>(
  left: CurrentValueSubject<Output, Never>,
  right: Right
) -> AnyCancellable where Right.Value == Output? {
  left.bindingEndpoint <~> right
}

/// Binds a non-optional endpoint and an optional ``CurrentValueSubject`` both ways: `nil` sent into
/// the subject is ignored, and a subject holding `nil` seeds nothing.
///
/// ```swift
/// let name = MutableProperty("kept")
/// let nickname = CurrentValueSubject<String?, Never>(nil)
/// name <~> nickname
/// print(name.value)   // prints "kept"
/// ```
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Output>(
  left: Left,
  right: CurrentValueSubject<Output?, Never>
) -> AnyCancellable where Left.Value == Output {
  left <~> right.bindingEndpoint
}

/// Binds an optional endpoint and a ``CurrentValueSubject`` both ways: `nil` written from the
/// endpoint is ignored.
///
/// ```swift
/// let text = MutableProperty<String?>(nil)
/// let name = CurrentValueSubject<String, Never>("Ada")
/// text <~> name
/// print(text.value ?? "nil")   // prints "Ada"
/// ```
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Output>(
  left: Left,
  right: CurrentValueSubject<Output, Never>
) -> AnyCancellable where Left.Value == Output? {
  left <~> right.bindingEndpoint
}

/// Binds an optional ``CurrentValueSubject`` and a non-optional one both ways, starting from the
/// right one; `nil` sent into the optional one is ignored.
///
/// ```swift
/// let nickname = CurrentValueSubject<String?, Never>(nil)
/// let name = CurrentValueSubject<String, Never>("Ada")
/// nickname <~> name
/// print(nickname.value ?? "nil")   // prints "Ada"
/// ```
@inlinable
@discardableResult
public func <~> <Output>(
  left: CurrentValueSubject<Output?, Never>,
  right: CurrentValueSubject<Output, Never>
) -> AnyCancellable {
  left.bindingEndpoint <~> right.bindingEndpoint
}

/// Binds a ``CurrentValueSubject`` and an optional one both ways, starting from the right one;
/// `nil` sent into the optional one is ignored, and seeds nothing.
///
/// ```swift
/// let name = CurrentValueSubject<String, Never>("kept")
/// let nickname = CurrentValueSubject<String?, Never>(nil)
/// name <~> nickname
/// print(name.value)   // prints "kept"
/// ```
@inlinable
@discardableResult
public func <~> <Output>(
  left: CurrentValueSubject<Output, Never>,
  right: CurrentValueSubject<Output?, Never>
) -> AnyCancellable {
  left.bindingEndpoint <~> right.bindingEndpoint
}

extension CurrentValueSubject where Failure == Never {
  /// Binds this subject and an optional endpoint both ways, starting from the side you choose;
  /// `nil` written from `other` is ignored.
  ///
  /// ```swift
  /// let name = CurrentValueSubject<String, Never>("Ada")
  /// let text = MutableProperty<String?>(nil)
  /// name.bindTwoWay(with: text, initialValueFrom: .left)
  /// print(text.value ?? "nil")   // prints "Ada"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Other.Value == Output? {
    bindingEndpoint.bindTwoWay(with: other, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional subject and a non-optional endpoint both ways, starting from the side you
  /// choose; `nil` sent into this subject is ignored.
  ///
  /// ```swift
  /// let nickname = CurrentValueSubject<String?, Never>("Addie")
  /// let name = MutableProperty("")
  /// nickname.bindTwoWay(with: name, initialValueFrom: .left)
  /// print(name.value)   // prints "Addie"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Output == Other.Value? {
    bindingEndpoint.bindTwoWay(with: other, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}

extension BindingEndpointConvertible {
  /// Binds this non-optional endpoint and an optional `subject` both ways, starting from the side
  /// you choose; `nil` sent into the subject is ignored.
  ///
  /// ```swift
  /// let name = MutableProperty("kept")
  /// let nickname = CurrentValueSubject<String?, Never>(nil)
  /// name.bindTwoWay(with: nickname, initialValueFrom: .right)
  /// print(name.value)   // prints "kept": a nil seeds nothing
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay(
    with subject: CurrentValueSubject<Value?, Never>,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable {
    bindTwoWay(with: subject.bindingEndpoint, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional endpoint and a non-optional `subject` both ways, starting from the side you
  /// choose; `nil` written from this endpoint is ignored.
  ///
  /// ```swift
  /// let text = MutableProperty<String?>("typed")
  /// let name = CurrentValueSubject<String, Never>("")
  /// text.bindTwoWay(with: name, initialValueFrom: .left)
  /// print(name.value)   // prints "typed"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Wrapped>(
    with subject: CurrentValueSubject<Wrapped, Never>,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value == Wrapped? {
    bindTwoWay(with: subject.bindingEndpoint, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}
