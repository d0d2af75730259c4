/// Something that is both a binding target and a source of its own changes: one side of a
/// two-way binding made with `<~>`.
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
public struct BindingEndpoint<Owner: BindingOwner, Value>: BindingEndpointConvertible {
  /// The side that bindings write into.
  public let bindingTarget: BindingTarget<Owner, Value>
  /// Subscribes closures to the endpoint's changes and to their end.
  let observe: (_ receiveValue: @escaping (Value) -> Void, _ receiveEnd: @escaping () -> Void) -> AnyCancellable

  /// Creates an endpoint that writes through `target` and reports `changes`.
  ///
  /// - Parameters:
  ///   - target: Where values from the other side are written.
  ///   - changes: The values to send to the other side. Whether it replays the current value on
  ///     subscribe decides whether the endpoint can seed a binding as its right-hand side.
  public init<Changes: Publisher>(
    target: BindingTarget<Owner, Value>,
    changes: Changes
  ) where Changes.Output == Value, Changes.Failure == Never {
    bindingTarget = target
    observe = { receiveValue, receiveEnd in
      changes.sink(receiveCompletion: { _ in receiveEnd() }, receiveValue: receiveValue)
    }
  }

  private init(
    target: BindingTarget<Owner, Value>,
    observe: @escaping (_ receiveValue: @escaping (Value) -> Void, _ receiveEnd: @escaping () -> Void) -> AnyCancellable
  ) {
    bindingTarget = target
    self.observe = observe
  }

  /// This endpoint itself, so that a `BindingEndpoint` can stand wherever an endpoint is accepted.
  public var bindingEndpoint: BindingEndpoint<Owner, Value> { self }

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
  public func converted<Converted>(
    _ forward: @escaping (Value) -> Converted?,
    back: @escaping (Converted) -> Value?
  ) -> BindingEndpoint<Owner, Converted> {
    let target = bindingTarget
    var convertedTarget = BindingTarget<Owner, Converted>(
      owner: target.owner,
      identity: target.identity,
      description: target.targetDescription,
      delivery: target.delivery
    ) { owner, converted in
      if let value = back(converted) { target.write(owner, value) }
    }
    convertedTarget.valueBag = target.valueBag
    let observe = self.observe
    return BindingEndpoint<Owner, Converted>(target: convertedTarget) { receiveValue, receiveEnd in
      observe(
        { value in
          if let converted = forward(value) { receiveValue(converted) }
        },
        receiveEnd
      )
    }
  }
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
