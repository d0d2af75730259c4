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
