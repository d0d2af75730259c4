/// Binds two endpoints both ways; both start from the model's value: the side that is not a
/// control's, or the right side when neither or both are.
///
/// ```swift
/// let field = MutableProperty("")
/// let name = MutableProperty("Ada")
/// field <~> name
/// print(field.value)   // prints "Ada": the initial value flows right to left, as with <~
/// field.value = "Grace"
/// print(name.value)    // prints "Grace"
/// name.value = "Alan"
/// print(field.value)   // prints "Alan"
/// ```
///
/// 1. On binding, the left side takes the right side's current value; the left side's own
///    current value is not sent to the right — unless the right side is a control's and the left
///    is not (``BindingEndpoint/asControl()``; every BindingsGTK widget property is one): then the
///    right side takes the left side's value, so `model.$volume <~> scale.reactive.value` and
///    `scale.reactive.value <~> model.$volume` both keep the model's value. To choose the side
///    yourself, use `bindTwoWay(with:initialValueFrom:)`.
/// 2. Later changes of either side are written into the other, and never echoed back to the side
///    they came from, so there is no feedback loop and no unbounded recursion.
/// 3. The last change wins: a change that arrives while the binding is writing the other one
///    (from a subscriber that reacts to it, or from another thread) is applied after that write,
///    so both sides settle on the value changed last.
/// 4. The binding is kept by both owners and ends when either is deallocated, or when either
///    side's changes complete.
/// 5. The left side is the binding's target, as with `<~`: a new `<~` or `<~>` into the left side
///    replaces this binding, and this binding replaces a `<~` into it. The right side is its source
///    and can take part in any number of bindings: `slider <~> volume` and `field <~> volume`, or
///    `volume <~ service`, coexist. A second `<~>` between the same two sides, in either order,
///    replaces this binding.
/// 6. An endpoint whose changes do not replay a current value (a control's user edits, a
///    ``PassthroughSubject``) has no initial value: as the right side it seeds nothing, and the left
///    side keeps its own value until one side changes.
/// 7. Binding an endpoint to itself (`a <~> a`) does nothing and returns a cancelled token.
/// 8. If something outside the binding answers each write at once, on the writing thread, by
///    changing a side again (for example a target whose setter changes the other side), the two
///    would change each other forever; the binding detects the loop, ends itself, and reports it on
///    standard error. Changes made by other threads are never taken for such answers: two threads
///    that keep changing the two sides do not end the binding, and once they stop, both sides hold
///    the same value. (A cycle through subjects, such as `b <~ a.map(f)` next to `a <~> b`, is cut by
///    the subjects themselves, which report it, see ``PassthroughSubject``.)
///
/// A side whose target delivers on the main thread (an endpoint of a ``MainActorBindingOwner``, or
/// one made with `BindingTarget(onMainActor:)`) is written on the main thread, at once when the
/// change arrives there; a side whose target was given a scheduler (`delivered(on:)`) is written on
/// it. Any other side is written on the thread that changed the other side. A change of a side made
/// while a write into it waits for its thread wins over that write. Changes made at the same instant
/// on two threads are applied safely, in some order; both sides settle on one of them.
///
/// - Returns: A token that ends the binding when cancelled; keeping it is not necessary.
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable where Left.Value == Right.Value {
  let (leftEndpoint, rightEndpoint) = (left.bindingEndpoint, right.bindingEndpoint)
  return TwoWayBindingLink.bind(
    leftEndpoint, rightEndpoint, initialValueFrom: .seeding(leftEndpoint, rightEndpoint))
}

/// Binds an optional endpoint and a non-optional one both ways: `nil` written from the optional
/// side is ignored.
///
/// ```swift
/// let text = MutableProperty<String?>(nil)
/// let name = MutableProperty("Ada")
/// text <~> name
/// print(text.value ?? "nil")   // prints "Ada"
/// text.value = nil
/// print(name.value)            // prints "Ada"
/// ```
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable where Left.Value == Right.Value? {
  let lifted: BindingEndpoint<Right.Owner, Left.Value> = right.converted({ .some($0) }, back: { $0 })
  let leftEndpoint = left.bindingEndpoint
  return TwoWayBindingLink.bind(leftEndpoint, lifted, initialValueFrom: .seeding(leftEndpoint, lifted))
}

/// Binds a non-optional endpoint and an optional one both ways: `nil` written from the optional
/// side is ignored.
@inlinable
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable where Left.Value? == Right.Value {
  let unwrapped: BindingEndpoint<Right.Owner, Left.Value> = right.converted({ $0 }, back: { .some($0) })
  let leftEndpoint = left.bindingEndpoint
  return TwoWayBindingLink.bind(leftEndpoint, unwrapped, initialValueFrom: .seeding(leftEndpoint, unwrapped))
}

/// Two endpoints of unrelated types cannot be bound both ways.
@available(
  *,
  unavailable,
  message:
    "the two sides of <~> hold different types: convert one side with .converted(_:back:), e.g. amount <~> text.converted({ Double($0) }, back: { String($0) })"
)
@discardableResult
public func <~> <Left: BindingEndpointConvertible, Right: BindingEndpointConvertible>(
  left: Left,
  right: Right
) -> AnyCancellable {
  fatalError("unavailable")
}

extension BindingEndpointConvertible {
  /// Binds this endpoint and `other` both ways, starting from the current value of the side you
  /// choose.
  ///
  /// `a <~> b` starts from `b`'s value; this starts from `a`'s when asked. A model written first, as
  /// Bond's `bidirectionalBind(to:)` and BIND's `<>` order the sides, keeps its value with `.left`:
  ///
  /// ```swift
  /// let username = MutableProperty("ada")   // the model
  /// let text = MutableProperty("")          // the field
  /// username.bindTwoWay(with: text, initialValueFrom: .left)
  /// print(text.value)   // prints "ada"
  /// ```
  ///
  /// With `initialValueFrom: nil`, neither side's value is written at connection (BIND's `<!>`):
  /// each keeps its own until one of them changes.
  ///
  /// ```swift
  /// let saved = MutableProperty("saved")
  /// let draft = MutableProperty("draft")
  /// draft.bindTwoWay(with: saved, initialValueFrom: nil)
  /// print(draft.value, saved.value)   // prints "draft saved"
  /// draft.value = "edited"
  /// print(saved.value)                // prints "edited"
  /// ```
  ///
  /// Everything else is as for `<~>`: this endpoint is the binding's target (a new binding into it
  /// replaces this one); `other` can take part in any number of bindings. In a debug build, a
  /// binding whose start replaces a non-empty value with an empty one (`nil`, an empty string or
  /// collection) reports it on standard error; pass `reportsEmptyOverwrite: false` when that is
  /// meant:
  ///
  /// ```swift
  /// let draft = MutableProperty("typed so far")
  /// let cleared = MutableProperty("")
  /// draft.bindTwoWay(with: cleared, initialValueFrom: .right, reportsEmptyOverwrite: false)
  /// print(draft.value.isEmpty)   // prints "true", and nothing is reported
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Other.Value == Value {
    TwoWayBindingLink.bind(
      bindingEndpoint, other.bindingEndpoint, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this optional endpoint and a non-optional `other` both ways, starting from the side you
  /// choose; `nil` written from this side is ignored, as with `<~>`.
  ///
  /// ```swift
  /// let text = MutableProperty<String?>("typed")
  /// let name = MutableProperty("")
  /// text.bindTwoWay(with: name, initialValueFrom: .left)
  /// print(name.value)   // prints "typed"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value == Other.Value? {
    let lifted: BindingEndpoint<Other.Owner, Value> = other.converted({ .some($0) }, back: { $0 })
    return TwoWayBindingLink.bind(
      bindingEndpoint, lifted, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }

  /// Binds this non-optional endpoint and an optional `other` both ways, starting from the side you
  /// choose; `nil` written from `other` is ignored, as with `<~>`.
  ///
  /// ```swift
  /// let username = MutableProperty("ada")
  /// let text = MutableProperty<String?>(nil)
  /// username.bindTwoWay(with: text, initialValueFrom: .left)
  /// print(text.value ?? "nil")   // prints "ada"
  /// ```
  @inlinable
  @discardableResult
  public func bindTwoWay<Other: BindingEndpointConvertible>(
    with other: Other,
    initialValueFrom side: TwoWayBindingSide?,
    reportsEmptyOverwrite: Bool = true
  ) -> AnyCancellable where Value? == Other.Value {
    let unwrapped: BindingEndpoint<Other.Owner, Value> = other.converted({ $0 }, back: { .some($0) })
    return TwoWayBindingLink.bind(
      bindingEndpoint, unwrapped, initialValueFrom: side, reportsEmptyOverwrite: reportsEmptyOverwrite)
  }
}
