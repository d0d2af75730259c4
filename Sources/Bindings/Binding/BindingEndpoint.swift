/// Something that is both a binding target and a source of its own changes: one side of a
/// two-way binding made with `<~>`, and a publisher of its changes.
///
/// ``MutableProperty`` and the projected publisher of ``Published`` are endpoints. Make one for a
/// control from a key-path target and the publisher of its user-made changes:
///
/// ```swift
/// final class Slider: BindingOwner {
///   let bindings = BindingBag()
///   var value = 0.0
///   let userChanges = PassthroughSubject<Double, Never>()
/// }
/// extension Reactive where Base: Slider {
///   var value: BindingEndpoint<Base, Double> {
///     BindingEndpoint(target: self[dynamicMember: \.value], changes: base.userChanges)
///   }
/// }
/// ```
///
/// `slider.reactive.value` is then a target (`<~`), a source (`~>`, `sink`) and an endpoint (`<~>`):
///
/// ```swift
/// slider.reactive.value <~ player.$volume
/// slider.reactive.value ~> player.reactive.setVolume
/// slider.reactive.value <~> player.$volume
/// ```
///
/// A plain key-path target (`label.reactive.text` for a `var text` with no change publisher) is a
/// target only: the library cannot see that property change.
public struct BindingEndpoint<Owner: BindingOwner, Value>: BindingEndpointConvertible {
  /// The side that bindings write into.
  public let bindingTarget: BindingTarget<Owner, Value>
  /// The endpoint's changes: what it sends to its subscribers as a publisher.
  @usableFromInline let changes: AnyPublisher<Value, Never>
  /// Subscribes closures to the changes: what a two-way binding observes. Made where the type of
  /// the changes publisher is known, so that the binding's values are delivered by code specialised
  /// for it; through the type-erased ``changes``, every value would run generic code.
  @usableFromInline let observeChanges: (@escaping (Value) -> Void, @escaping () -> Void) -> AnyCancellable
  /// Whether the endpoint is a control's (a widget's property): in `<~>`, a control never seeds the
  /// binding when the other side is not one. See ``asControl()``.
  public let isControl: Bool

  /// Creates an endpoint that writes through `target` and reports `changes`.
  ///
  /// - Parameters:
  ///   - target: Where values from the other side are written.
  ///   - changes: The values to send to the other side. Whether it replays the current value on
  ///     subscribe decides whether the endpoint can seed a binding as its right-hand side.
  @inlinable
  public init<Changes: Publisher>(
    target: BindingTarget<Owner, Value>,
    changes: Changes
  ) where Changes.Output == Value, Changes.Failure == Never {
    bindingTarget = target
    self.changes = changes.eraseToAnyPublisher()
    observeChanges = { receiveValue, receiveEnd in
      changes.sink(receiveCompletion: { _ in receiveEnd() }, receiveValue: receiveValue)
    }
    isControl = false
  }

  /// This endpoint, marked as a control's: a value a user edits on screen (a widget's text, a
  /// switch, a slider), whose value at connection is a default, not data.
  ///
  /// In `<~>`, the side that is not a control seeds the binding, whichever side of the operator it
  /// is on, so a freshly made control never replaces a model's value; two controls, or two models,
  /// start from the right side. Toolkit modules mark their widgets' endpoints (every `reactive`
  /// property of BindingsGTK is a control).
  ///
  /// ```swift
  /// let volume = MutableProperty(3.0)                  // the model
  /// let slider = MutableProperty(0.0)                  // stands for a widget's value
  /// volume <~> slider.bindingEndpoint.asControl()
  /// print(volume.value, slider.value)                  // prints "3.0 3.0"
  /// ```
  public func asControl() -> BindingEndpoint {
    BindingEndpoint(target: bindingTarget, changes: changes, observeChanges: observeChanges, isControl: true)
  }

  /// Subscribes closures to the endpoint's changes and to their end.
  @inlinable
  func observe(
    _ receiveValue: @escaping (Value) -> Void,
    _ receiveEnd: @escaping () -> Void
  ) -> AnyCancellable {
    observeChanges(receiveValue, receiveEnd)
  }

  /// This endpoint itself, so that a `BindingEndpoint` can stand wherever an endpoint is accepted.
  public var bindingEndpoint: BindingEndpoint<Owner, Value> { self }

  /// This endpoint, its target writing every value on the thread that sends it; its changes are
  /// unchanged. See ``BindingTarget/deliveredOnSendingThread()``.
  ///
  /// ```swift
  /// slider.reactive.value.deliveredOnSendingThread() <~ mainThreadOnlyModel.$volume
  /// ```
  ///
  /// A target that does its own delivery (a toolkit's widget, which must be written on its thread)
  /// keeps doing it.
  public func deliveredOnSendingThread() -> BindingEndpoint {
    BindingEndpoint(
      target: bindingTarget.deliveredOnSendingThread(), changes: changes, observeChanges: observeChanges,
      isControl: isControl)
  }

  /// This endpoint, its target writing every value on `scheduler`; its changes are unchanged. See
  /// ``BindingTarget/delivered(on:)``.
  ///
  /// ```swift
  /// slider.reactive.value.delivered(on: MainThreadScheduler.shared) <~ player.$volume
  /// ```
  public func delivered<S: Scheduler>(on scheduler: S) -> BindingEndpoint {
    BindingEndpoint(
      target: bindingTarget.delivered(on: scheduler), changes: changes, observeChanges: observeChanges,
      isControl: isControl)
  }

  /// An endpoint made of its parts.
  private init(
    target: BindingTarget<Owner, Value>,
    changes: AnyPublisher<Value, Never>,
    observeChanges: @escaping (@escaping (Value) -> Void, @escaping () -> Void) -> AnyCancellable,
    isControl: Bool
  ) {
    bindingTarget = target
    self.changes = changes
    self.observeChanges = observeChanges
    self.isControl = isControl
  }

  /// An endpoint of another type, for two-way bindings through a conversion.
  ///
  /// A value that does not convert is ignored, so half-typed text never reaches a number:
  ///
  /// ```swift
  /// let amount = MutableProperty(0.0)
  /// let text = MutableProperty("0.5")
  /// amount <~> text.converted({ Double($0) }, back: { String($0) })
  /// print(amount.value)   // prints "0.5"
  /// amount.value = 0.75
  /// print(text.value)     // prints "0.75"
  /// text.value = "0.7x"
  /// print(amount.value)   // prints "0.75"
  /// ```
  ///
  /// - Parameters:
  ///   - forward: Converts a change of this endpoint; `nil` ignores the change.
  ///   - back: Converts a value written into this endpoint; `nil` ignores the write.
  ///
  /// - Returns: An endpoint of `Converted` values that writes into and observes this one through the conversions.
  @inlinable
  public func converted<Converted>(
    _ forward: @escaping (Value) -> Converted?,
    back: @escaping (Converted) -> Value?
  ) -> BindingEndpoint<Owner, Converted> {
    let target = bindingTarget
    var convertedTarget = BindingTarget<Owner, Converted>(
      owner: target.owner,
      identity: target.identity,
      name: target.name,
      delivery: target.delivery
    ) { owner, converted in
      if let value = back(converted) { target.write(owner, value) }
    }
    convertedTarget.valueBag = target.valueBag
    let endpoint = BindingEndpoint<Owner, Converted>(target: convertedTarget, changes: changes.compactMap(forward))
    return isControl ? endpoint.asControl() : endpoint
  }
}

extension BindingEndpoint: Publisher {
  /// An endpoint publishes its changes.
  public typealias Output = Value
  /// An endpoint's changes never fail.
  public typealias Failure = Never

  /// Subscribes `subscriber` to the endpoint's changes, so an endpoint is a source as well as a
  /// target: `slider.reactive.value ~> viewModel.reactive.volume`, or `.sink { … }`.
  ///
  /// ```swift
  /// let token = slider.reactive.value.sink { print($0) }
  /// slider.userMoved(to: 0.8)   // prints "0.8"
  /// ```
  ///
  /// A subscriber gets what the endpoint's `changes` publisher sends: a control's user changes do
  /// not include the values a binding writes into it.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
    changes.receive(subscriber: subscriber)
  }
}

extension BindingEndpoint: BindingValueSource {
  /// The bag that keeps the bindings into the endpoint's target, while its owner lives.
  @usableFromInline
  var valueBag: BindingBag? { bindingTarget.valueBag ?? bindingTarget.owner?.bindings }

  /// The endpoint's target identity; an endpoint without one is never taken for another target.
  @usableFromInline
  var valueTargetIdentity: BindingIdentity { bindingTarget.identity ?? BindingIdentity(NoBindingTargetIdentity()) }
}

/// The identity of an endpoint whose target has none: equal to nothing a target can have.
private struct NoBindingTargetIdentity: BindingIdentityValue {
  var description: String { "no identity" }
}

/// A type that can be either side of `<~>`: a binding target that also publishes its changes.
///
/// ```swift
/// let volume = MutableProperty(5)
/// let slider = MutableProperty(0)
/// volume <~> slider   // both MutableProperty values are endpoints
/// print(volume.value)   // prints "0": `<~>` starts from the right side
/// ```
public protocol BindingEndpointConvertible<Value>: BindingTargetConvertible {
  /// The endpoint a two-way binding writes into and observes.
  var bindingEndpoint: BindingEndpoint<Owner, Value> { get }
}

extension BindingEndpointConvertible {
  /// The target of this type's endpoint: writing into it writes into the endpoint.
  public var bindingTarget: BindingTarget<Owner, Value> { bindingEndpoint.bindingTarget }

  /// An endpoint of another type, for two-way bindings through a conversion; see
  /// ``BindingEndpoint/converted(_:back:)``.
  public func converted<Converted>(
    _ forward: @escaping (Value) -> Converted?,
    back: @escaping (Converted) -> Value?
  ) -> BindingEndpoint<Owner, Converted> {
    bindingEndpoint.converted(forward, back: back)
  }
}
