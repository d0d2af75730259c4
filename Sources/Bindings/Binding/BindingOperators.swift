infix operator <~ : DefaultPrecedence
infix operator <~> : DefaultPrecedence
// `~>` is declared by the standard library in DefaultPrecedence; declaring it again would make
// every use ambiguous for our clients.

// MARK: - Input and output bindings

/// Binds `source` to `target`: the target follows the source for as long as the target's owner
/// lives.
///
/// ```swift
/// label.reactive.text <~ viewModel.$name
/// ```
///
/// When the source replays a current value (``MutableProperty``, ``Published``,
/// ``CurrentValueSubject``) and the target delivers on the current thread, the target holds that
/// value before `<~` returns. The owner keeps the binding; cancel the returned token only to unbind
/// early. Binding to an owner that is already gone does nothing and returns a cancelled token.
@discardableResult
@inlinable
public func <~ <Target: BindingTargetConvertible, Source: Publisher>(
  target: Target,
  source: Source
) -> AnyCancellable where Source.Output == Target.Value, Source.Failure == Never {
  target.bindingTarget.bind(source, fileID: nil, line: nil)
}

/// Binds `source` to an optional `target`, wrapping each value: a `String` source drives a
/// `String?` property.
@discardableResult
@inlinable
public func <~ <Target: BindingTargetConvertible, Source: Publisher>(
  target: Target,
  source: Source
) -> AnyCancellable where Target.Value == Source.Output?, Source.Failure == Never {
  target.bindingTarget.bind(OptionalLifting(upstream: source), fileID: nil, line: nil)
}

/// Binds `source` to `target`; the same as `target <~ source`, written in the direction the
/// values flow.
///
/// ```swift
/// nameField.reactive.edited ~> viewModel.reactive.rename
/// ```
@discardableResult
@inlinable
public func ~> <Source: Publisher, Target: BindingTargetConvertible>(
  source: Source,
  target: Target
) -> AnyCancellable where Source.Output == Target.Value, Source.Failure == Never {
  target.bindingTarget.bind(source, fileID: nil, line: nil)
}

/// Binds `source` to an optional `target`, wrapping each value.
@discardableResult
@inlinable
public func ~> <Source: Publisher, Target: BindingTargetConvertible>(
  source: Source,
  target: Target
) -> AnyCancellable where Target.Value == Source.Output?, Source.Failure == Never {
  target.bindingTarget.bind(OptionalLifting(upstream: source), fileID: nil, line: nil)
}

/// Binds `source` to a closure of `owner`, without retaining the owner.
///
/// ```swift
/// nameField.edits ~> (viewModel, { viewModel, name in viewModel.rename(name) })
/// ```
///
/// The closure receives the owner as an argument, so it has no reason to capture it; the binding
/// lives as long as `owner`.
@discardableResult
@inlinable
public func ~> <Source: Publisher, Owner: BindingOwner>(
  source: Source,
  target: (owner: Owner, receiveValue: (Owner, Source.Output) -> Void)
) -> AnyCancellable where Source.Failure == Never {
  BindingTarget(owner: target.owner, identity: nil, description: nil, delivery: nil, write: target.receiveValue)
    .bind(source, fileID: nil, line: nil)
}

/// Binds `source` to a closure of `owner`, without retaining the owner; the same as
/// `source ~> (owner, { … })`, written with the target first.
///
/// ```swift
/// (viewModel, { viewModel, name in viewModel.rename(name) }) <~ nameField.edits
/// ```
@discardableResult
@inlinable
public func <~ <Owner: BindingOwner, Source: Publisher>(
  target: (owner: Owner, receiveValue: (Owner, Source.Output) -> Void),
  source: Source
) -> AnyCancellable where Source.Failure == Never {
  source ~> target
}

// MARK: - Forwarding into subjects

/// Forwards `source` into `subject`, for as long as the subject lives.
///
/// ```swift
/// let taps = PassthroughSubject<Void, Never>()
/// button.reactive.taps ~> taps
/// ```
///
/// The subject holds the binding, as it holds any subscription it is given, and cancels it when it
/// is deallocated. A completion of `source` ends the binding without completing the subject; a
/// completion of the subject ends the binding and cancels `source`.
@discardableResult
public func ~> <Source: Publisher, Target: Subject>(
  source: Source,
  subject: Target
) -> AnyCancellable where Source.Output == Target.Output, Source.Failure == Never {
  let forwarder = SubjectBindingForwarder(subject: subject)
  let token = AnyCancellable(forwarder)
  forwarder.keepAlive(token)
  // Told when the subject completes, without asking it for values, so the binding ends then too.
  subject.subscribe(SubjectCompletionWatcher(forwarder: forwarder))
  source.subscribe(forwarder)
  return token
}

/// Forwards `source` into `subject`, for as long as the subject lives; the same as
/// `source ~> subject`, written with the target first.
///
/// ```swift
/// let taps = PassthroughSubject<Void, Never>()
/// taps <~ button.reactive.taps
/// ```
@discardableResult
public func <~ <Target: Subject, Source: Publisher>(
  subject: Target,
  source: Source
) -> AnyCancellable where Source.Output == Target.Output, Source.Failure == Never {
  source ~> subject
}

// MARK: - Methods

extension Publisher where Failure == Never {
  /// Binds this publisher to `target`, recording where the binding was made for
  /// ``BindingBag/liveBindings``; the same as `target <~ self` otherwise.
  ///
  /// ```swift
  /// viewModel.$name.bind(to: label.reactive.text)
  /// print(label.bindings.liveBindings[0])
  /// // prints "\Label.text ← bound at MyApp/Screen.swift:12"
  /// ```
  @discardableResult
  @inlinable
  public func bind<Target: BindingTargetConvertible>(
    to target: Target,
    fileID: String = #fileID,
    line: UInt = #line
  ) -> AnyCancellable where Target.Value == Output {
    target.bindingTarget.bind(self, fileID: fileID, line: line)
  }

  /// Binds this publisher to an optional `target`, wrapping each value.
  ///
  /// ```swift
  /// viewModel.$name.bind(to: label.reactive.text)   // `name` is a String, `text` a String?
  /// ```
  @discardableResult
  @inlinable
  public func bind<Target: BindingTargetConvertible>(
    to target: Target,
    fileID: String = #fileID,
    line: UInt = #line
  ) -> AnyCancellable where Target.Value == Output? {
    target.bindingTarget.bind(OptionalLifting(upstream: self), fileID: fileID, line: line)
  }

  /// Calls `receiveValue` with `owner` and each value, for as long as `owner` lives, without
  /// retaining it.
  ///
  /// ```swift
  /// nameField.edits.bind(to: viewModel) { viewModel, name in viewModel.rename(name) }
  /// ```
  @discardableResult
  @inlinable
  public func bind<Owner: BindingOwner>(
    to owner: Owner,
    fileID: String = #fileID,
    line: UInt = #line,
    receiveValue: @escaping (Owner, Output) -> Void
  ) -> AnyCancellable {
    BindingTarget(owner: owner, identity: nil, description: nil, delivery: nil, write: receiveValue)
      .bind(self, fileID: fileID, line: line)
  }
}
