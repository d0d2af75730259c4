// MARK: - Helpful errors

/// A source that can fail cannot be bound: a binding has nowhere to send the error.
@available(
  *,
  unavailable,
  message: "the source can fail: handle the error first, e.g. with replaceError(with:), catch, or assertNoFailure()"
)
@discardableResult
public func <~ <Target: BindingTargetConvertible, Source: Publisher>(
  target: Target,
  source: Source
) -> AnyCancellable where Source.Output == Target.Value {
  fatalError("unavailable")
}

/// A source that can fail cannot be bound: a binding has nowhere to send the error.
@available(
  *,
  unavailable,
  message: "the source can fail: handle the error first, e.g. with replaceError(with:), catch, or assertNoFailure()"
)
@discardableResult
public func ~> <Source: Publisher, Target: BindingTargetConvertible>(
  source: Source,
  target: Target
) -> AnyCancellable where Source.Output == Target.Value {
  fatalError("unavailable")
}

/// A source that can fail cannot be bound: a binding has nowhere to send the error.
@available(
  *,
  unavailable,
  message: "the source can fail: handle the error first, e.g. with replaceError(with:), catch, or assertNoFailure()"
)
@discardableResult
public func <~ <Target: BindingTargetConvertible, Source: Publisher>(
  target: Target,
  source: Source
) -> AnyCancellable where Target.Value == Source.Output? {
  fatalError("unavailable")
}

/// A source that can fail cannot be bound: a binding has nowhere to send the error.
@available(
  *,
  unavailable,
  message: "the source can fail: handle the error first, e.g. with replaceError(with:), catch, or assertNoFailure()"
)
@discardableResult
public func ~> <Source: Publisher, Target: BindingTargetConvertible>(
  source: Source,
  target: Target
) -> AnyCancellable where Target.Value == Source.Output? {
  fatalError("unavailable")
}

/// A closure or a method reference has no owner to bound the binding's life, and would keep alive
/// whatever it captures.
@available(
  *,
  unavailable,
  message:
    "~> needs a target with an owner; a closure or method reference has none (and viewModel.rename would capture viewModel strongly): write source ~> (owner, { owner, value in … }), source.bind(to: owner) { owner, value in … }, or source.sink { … } and keep the token"
)
@discardableResult
public func ~> <Source: Publisher>(
  source: Source,
  function: @escaping (Source.Output) -> Void
) -> AnyCancellable where Source.Failure == Never {
  fatalError("unavailable")
}

/// A source whose values are not of the target's type cannot be bound.
@available(
  *,
  unavailable,
  message:
    "the source's Output is not the target's Value (nor its optional): convert the values first, e.g. label.reactive.text <~ count.map { String($0) }"
)
@discardableResult
public func <~ <Target: BindingTargetConvertible, Source: Publisher>(
  target: Target,
  source: Source
) -> AnyCancellable where Source.Failure == Never {
  fatalError("unavailable")
}

/// A source whose values are not of the target's type cannot be bound.
@available(
  *,
  unavailable,
  message:
    "the source's Output is not the target's Value (nor its optional): convert the values first, e.g. count.map { String($0) } ~> label.reactive.text"
)
@discardableResult
public func ~> <Source: Publisher, Target: BindingTargetConvertible>(
  source: Source,
  target: Target
) -> AnyCancellable where Source.Failure == Never {
  fatalError("unavailable")
}

/// A source of numbers (or other values with a text form) cannot drive a text target directly.
///
/// ```swift
/// label.reactive.text <~ count                    // error: … convert them first with .map(String.init)
/// label.reactive.text <~ count.map(String.init)   // compiles
/// ```
@available(
  *,
  unavailable,
  message:
    "the target takes String? and the source's values are not strings: convert them first with .map(String.init), e.g. label.reactive.text <~ count.map(String.init)"
)
@discardableResult
public func <~ <Target: BindingTargetConvertible, Source: Publisher>(
  target: Target,
  source: Source
) -> AnyCancellable where Target.Value == String?, Source.Output: LosslessStringConvertible, Source.Failure == Never {
  fatalError("unavailable")
}

/// A source of numbers (or other values with a text form) cannot drive a text target directly.
///
/// ```swift
/// label.reactive.text <~ count                    // error: … convert them first with .map(String.init)
/// label.reactive.text <~ count.map(String.init)   // compiles
/// ```
@available(
  *,
  unavailable,
  message:
    "the target takes String and the source's values are not strings: convert them first with .map(String.init), e.g. label.reactive.title <~ count.map(String.init)"
)
@discardableResult
public func <~ <Target: BindingTargetConvertible, Source: Publisher>(
  target: Target,
  source: Source
) -> AnyCancellable where Target.Value == String, Source.Output: LosslessStringConvertible, Source.Failure == Never {
  fatalError("unavailable")
}

/// A source of numbers (or other values with a text form) cannot drive a text target directly.
///
/// ```swift
/// label.reactive.text <~ count                    // error: … convert them first with .map(String.init)
/// label.reactive.text <~ count.map(String.init)   // compiles
/// ```
@available(
  *,
  unavailable,
  message:
    "the target takes String? and the source's values are not strings: convert them first with .map(String.init), e.g. count.map(String.init) ~> label.reactive.text"
)
@discardableResult
public func ~> <Source: Publisher, Target: BindingTargetConvertible>(
  source: Source,
  target: Target
) -> AnyCancellable where Target.Value == String?, Source.Output: LosslessStringConvertible, Source.Failure == Never {
  fatalError("unavailable")
}

/// A source of numbers (or other values with a text form) cannot drive a text target directly.
///
/// ```swift
/// label.reactive.text <~ count                    // error: … convert them first with .map(String.init)
/// label.reactive.text <~ count.map(String.init)   // compiles
/// ```
@available(
  *,
  unavailable,
  message:
    "the target takes String and the source's values are not strings: convert them first with .map(String.init), e.g. count.map(String.init) ~> label.reactive.title"
)
@discardableResult
public func ~> <Source: Publisher, Target: BindingTargetConvertible>(
  source: Source,
  target: Target
) -> AnyCancellable where Target.Value == String, Source.Output: LosslessStringConvertible, Source.Failure == Never {
  fatalError("unavailable")
}

// MARK: - A sink whose owner has no bag

/// Binds `source` into a ``BindingSink`` whose owner is a ``BindingOwner``; the same as binding into
/// its ``BindingSink/bindingTarget``. It exists beside the generic operator so that a sink whose
/// owner is *not* a `BindingOwner` gets the message of the overload below rather than "cannot be
/// applied".
///
/// ```swift
/// field.reactive.edits ~> viewModel.reactive.setName
/// ```
@discardableResult
@inlinable
public func ~> <Source: Publisher, Owner: BindingOwner>(
  source: Source,
  sink: BindingSink<Owner, Source.Output>
) -> AnyCancellable where Source.Failure == Never {
  sink.bindingTarget.bind(source, fileID: nil, line: nil)
}

/// Binds `source` into a ``BindingSink`` whose owner is a ``BindingOwner``; see the `~>` above.
///
/// ```swift
/// viewModel.reactive.setName <~ field.reactive.edits
/// ```
@discardableResult
@inlinable
public func <~ <Source: Publisher, Owner: BindingOwner>(
  sink: BindingSink<Owner, Source.Output>,
  source: Source
) -> AnyCancellable where Source.Failure == Never {
  sink.bindingTarget.bind(source, fileID: nil, line: nil)
}

/// A binding lives in its owner's bag; a sink whose owner is not a ``BindingOwner`` has none.
@available(
  *,
  unavailable,
  message:
    "the sink's owner does not adopt BindingOwner, so the binding has no bag to live in: add `BindingOwner` and `let bindings = BindingBag()` to the owner's class, or subscribe the sink itself with `source.subscribe(sink)`"
)
@discardableResult
public func ~> <Source: Publisher, Owner: AnyObject>(
  source: Source,
  sink: BindingSink<Owner, Source.Output>
) -> AnyCancellable where Source.Failure == Never {
  fatalError("unavailable")
}

/// A binding lives in its owner's bag; a sink whose owner is not a ``BindingOwner`` has none.
@available(
  *,
  unavailable,
  message:
    "the sink's owner does not adopt BindingOwner, so the binding has no bag to live in: add `BindingOwner` and `let bindings = BindingBag()` to the owner's class, or subscribe the sink itself with `source.subscribe(sink)`"
)
@discardableResult
public func <~ <Source: Publisher, Owner: AnyObject>(
  sink: BindingSink<Owner, Source.Output>,
  source: Source
) -> AnyCancellable where Source.Failure == Never {
  fatalError("unavailable")
}
