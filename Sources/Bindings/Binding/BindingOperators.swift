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

// MARK: - Private

/// Wraps each value of `upstream` in an optional, without allocating per value.
@usableFromInline
struct OptionalLifting<Upstream: Publisher>: Publisher {
  @usableFromInline typealias Output = Upstream.Output?
  @usableFromInline typealias Failure = Upstream.Failure

  @usableFromInline let upstream: Upstream

  @inlinable
  init(upstream: Upstream) {
    self.upstream = upstream
  }

  @inlinable
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(Inner(downstream: subscriber))
  }

  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber
  where Downstream.Input == Upstream.Output?, Downstream.Failure == Upstream.Failure {
    @usableFromInline let downstream: Downstream
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream) {
      self.downstream = downstream
    }

    @inlinable
    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand { downstream.receive(.some(input)) }
    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
  }
}

/// Forwards values into a subject it holds weakly, and gives the subject a subscription to own,
/// so the subject's deallocation ends the binding.
///
/// Until it ends, the forwarder holds its own token, so dropping the token returned by `~>` does not
/// end the binding; the cycle is broken when the binding ends.
private final class SubjectBindingForwarder<Target: Subject>: Subscriber, Subscription, @unchecked Sendable {
  typealias Input = Target.Output
  typealias Failure = Never

  /// What the forwarder holds, decided under the lock; everything taken out of it is cancelled or
  /// released after the lock.
  private struct State {
    weak var subject: Target?
    var upstream: (any Subscription)?
    var isTerminated = false
    var token: AnyCancellable?
    /// The subscription that reports the subject's completion; cancelled when the binding ends.
    var completionWatch: (any Subscription)?

    /// What the binding held when it ended, to cancel and release after the lock.
    struct Released {
      var upstream: (any Subscription)?
      var token: AnyCancellable?
      var subject: Target?
      var completionWatch: (any Subscription)?
    }

    enum SubscriptionAction {
      /// A second subscription, or one after the end: cancel it.
      case cancel
      /// The subject died before the source answered: cancel the subscription, release the rest.
      case cancelAfterSubjectDied(Released)
      /// Hand the subject this forwarder as its subscription.
      case attach(Target)
    }

    mutating func receive(subscription: any Subscription) -> SubscriptionAction {
      guard upstream == nil, !isTerminated else { return .cancel }
      guard let subject else { return .cancelAfterSubjectDied(terminate()) }
      upstream = subscription
      return .attach(subject)
    }

    /// Keeps `subscription` as the completion watch; `false` when the binding has already ended.
    mutating func watchCompletion(_ subscription: any Subscription) -> Bool {
      guard !isTerminated else { return false }
      completionWatch = subscription
      return true
    }

    mutating func terminate() -> Released {
      isTerminated = true
      let released = Released(upstream: upstream, token: token, subject: subject, completionWatch: completionWatch)
      upstream = nil
      token = nil
      completionWatch = nil
      return released
    }
  }

  private let state: Locked<State>
  private let liveObject = LiveObjectToken("SubjectBindingForwarder")

  init(subject: Target) {
    state = Locked(State(subject: subject))
  }

  func keepAlive(_ token: AnyCancellable) {
    state.withLock { $0.token = token }
  }

  /// Keeps the subscription that reports the subject's completion, or cancels it if the binding
  /// has already ended.
  func watchCompletion(_ subscription: any Subscription) {
    if !state.withLock({ $0.watchCompletion(subscription) }) { subscription.cancel() }
  }

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.receive(subscription: subscription) }) {
    case .cancel:
      subscription.cancel()
    case .cancelAfterSubjectDied(let released):
      subscription.cancel()
      _ = released
    case .attach(let subject):
      subject.send(subscription: self)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard let subject = state.withLock({ $0.isTerminated ? nil : $0.subject }) else {
      cancel()
      return .none
    }
    subject.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    let released = state.withLock { $0.terminate() }
    released.completionWatch?.cancel()
    (released.subject as? any UpstreamRemovingSubject)?.removeUpstream(combineIdentifier)
    _ = released
  }

  func request(_ demand: Subscribers.Demand) {
    // The subject asks for unlimited values; pass that on once.
    let upstream = state.withLock { $0.isTerminated ? nil : $0.upstream }
    upstream?.request(demand)
  }

  func cancel() {
    let released = state.withLock { $0.terminate() }
    released.upstream?.cancel()
    released.completionWatch?.cancel()
    (released.subject as? any UpstreamRemovingSubject)?.removeUpstream(combineIdentifier)
    _ = released
  }
}

/// Subscribes to the subject of a forwarding binding without asking for values, and ends the
/// binding when the subject completes.
private struct SubjectCompletionWatcher<Target: Subject>: Subscriber {
  typealias Input = Target.Output
  typealias Failure = Target.Failure

  let forwarder: SubjectBindingForwarder<Target>
  let combineIdentifier = CombineIdentifier()

  func receive(subscription: any Subscription) {
    forwarder.watchCompletion(subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Failure>) {
    forwarder.cancel()
  }
}

extension OptionalLifting.Inner: OwnedBindingSubscriber {
  /// The owner of the subscriber the values are lifted for.
  package var bindingOwner: AnyObject? { (downstream as? any OwnedBindingSubscriber)?.bindingOwner }
}
