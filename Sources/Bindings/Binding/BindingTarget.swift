import Foundation

/// Something a binding can write into: an owner, held weakly, and how to write a value into it.
///
/// Key-path targets come for free (`label.reactive.text`); write your own in a `Reactive`
/// extension:
///
/// ```swift
/// final class ViewModel: BindingOwner {
///   let bindings = BindingBag()
///   func rename(_ name: String) { print("renamed to \(name)") }
/// }
/// extension Reactive where Base: ViewModel {
///   var rename: BindingTarget<Base, String> {
///     BindingTarget(base) { viewModel, name in viewModel.rename(name) }
///   }
/// }
/// let edits = PassthroughSubject<String, Never>()
/// let viewModel = ViewModel()
/// edits ~> viewModel.reactive.rename
/// edits.send("Ada")   // prints "renamed to Ada"
/// ```
///
/// The target holds its owner weakly, so keeping a target around never keeps its owner alive.
public struct BindingTarget<Owner: BindingOwner, Value> {
  /// The object the binding belongs to, while it is alive.
  public private(set) weak var owner: Owner?
  @usableFromInline let identity: BindingIdentity?
  /// What diagnostics and ``BindingBag/liveBindings`` call the target, made into text only then.
  @usableFromInline let name: BindingTargetName
  @usableFromInline var delivery: BindingDelivery?
  /// The bag that keeps bindings into this target, when it is not the owner's: the bag of the
  /// value that really holds the property (a `@Published` property's storage), so every spelling of
  /// the property shares one identity in one bag.
  @usableFromInline var valueBag: BindingBag?
  @usableFromInline let write: (Owner, Value) -> Void

  /// Creates a target that writes values into `owner` with `write`.
  ///
  /// - Parameters:
  ///   - owner: The object whose lifetime bounds the binding; held weakly.
  ///   - identity: Give one to allow a single source per target: binding a new source to a target
  ///     with the same identity on the same owner replaces the previous binding.
  ///   - description: What introspection shows for this target. By default, the name of the
  ///     member the target is made in: `ViewModel.rename` for the example above.
  ///   - function: Where the target is made; leave the default.
  ///   - write: Called with the owner and each value, on the thread that delivers the value.
  @inlinable
  public init(
    _ owner: Owner,
    identity: AnyHashable? = nil,
    description: String? = nil,
    function: String = #function,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: identity.map(BindingIdentity.init),
      name: Self.name(description, madeIn: function),
      delivery: nil,
      write: write
    )
  }

  /// Creates a target that writes values into `owner` with `write`, with an identity of any
  /// hashable type: a key path, a string, a value of your own.
  ///
  /// ```swift
  /// extension Reactive where Base: ViewModel {
  ///   var title: BindingTarget<Base, String> {
  ///     BindingTarget(base, identity: "title") { viewModel, title in viewModel.title = title }
  ///   }
  /// }
  /// ```
  ///
  /// The same as the initialiser that takes an `AnyHashable`, and the same identity (`"title"` and
  /// `AnyHashable("title")` name one target), but the identity is kept as it is: converting it to
  /// `AnyHashable` costs a run-time check at every binding made.
  @inlinable
  public init<Identity: Hashable>(
    _ owner: Owner,
    identity: Identity,
    description: String? = nil,
    function: String = #function,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: BindingIdentity(caller: identity),
      name: Self.name(description, madeIn: function),
      delivery: nil,
      write: write
    )
  }

  /// The name of a target made in `function` with `description`: the description when there is
  /// one, else the member's name when it is a property of a `Reactive` extension
  /// (`ViewModel.rename`), else the function; made into text only when something asks.
  @inlinable
  static func name(_ description: String?, madeIn function: String) -> BindingTargetName {
    description.map(BindingTargetName.text) ?? BindingTargetName(.madeIn(function: function, owner: Owner.self))
  }

  /// Creates a target that writes values into `owner` with `write`, named by its identity: what
  /// diagnostics and ``BindingBag/liveBindings`` show is `identity` as it prints, made into text only
  /// when they ask (a toolkit's property identity knows its object's type and the property's name).
  package init(
    _ owner: Owner,
    describedBy identity: some BindingIdentityValue,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner, identity: BindingIdentity(identity), name: BindingTargetName(.identity), delivery: nil, write: write
    )
  }

  /// Creates a target that writes values into `owner` with `write`, always on `scheduler`.
  ///
  /// Use ``MainThreadScheduler`` for objects that belong to the main thread: a value sent on the
  /// main thread is written at once (so a binding made there holds the current value before `<~`
  /// returns), and a value sent elsewhere is written on the main queue.
  ///
  /// ```swift
  /// extension Reactive where Base: Label {
  ///   var text: BindingTarget<Base, String?> {
  ///     BindingTarget(base, identity: \Label.text, scheduler: MainThreadScheduler.shared) { label, text in
  ///       label.text = text
  ///     }
  ///   }
  /// }
  /// ```
  public init<S: Scheduler>(
    _ owner: Owner,
    identity: AnyHashable? = nil,
    description: String? = nil,
    function: String = #function,
    scheduler: S,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: identity.map(BindingIdentity.init),
      name: Self.name(description, madeIn: function),
      delivery: BindingDelivery { scheduler.schedule($0) },
      write: write
    )
  }

  /// Creates a target that writes values into `owner` with `write`, always on `scheduler`, with an
  /// identity of any hashable type, kept as it is (no conversion to `AnyHashable`, a run-time check
  /// at every binding made).
  ///
  /// ```swift
  /// BindingTarget(base, identity: \Label.text, scheduler: MainThreadScheduler.shared) { label, text in
  ///   label.text = text
  /// }
  /// ```
  public init<Identity: Hashable, S: Scheduler>(
    _ owner: Owner,
    identity: Identity,
    description: String? = nil,
    function: String = #function,
    scheduler: S,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: BindingIdentity(caller: identity),
      name: Self.name(description, madeIn: function),
      delivery: BindingDelivery { scheduler.schedule($0) },
      write: write
    )
  }

  /// Creates a target for an owner that belongs to the main actor: `write` runs on the main
  /// thread, at once when the value arrives there, otherwise on the main queue.
  ///
  /// This is the pattern for `Reactive` extensions of `@MainActor` classes. Mark the extension
  /// `@MainActor` too: key paths to main-actor properties (the identity below) can only be formed
  /// there, and the members are then used from the main actor, as the class is:
  ///
  /// ```swift
  /// @MainActor final class Badge: MainActorBindingOwner {
  ///   let bindings = BindingBag()
  ///   var count = 0
  ///   var isHidden = true
  /// }
  /// @MainActor
  /// extension Reactive where Base: Badge {
  ///   var count: BindingTarget<Base, Int> {
  ///     BindingTarget(onMainActor: base, identity: \Badge.count) { badge, count in
  ///       badge.count = count
  ///       badge.isHidden = count == 0
  ///     }
  ///   }
  /// }
  /// ```
  public init(
    onMainActor owner: Owner,
    identity: AnyHashable? = nil,
    description: String? = nil,
    function: String = #function,
    write: @escaping @MainActor (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: identity.map(BindingIdentity.init),
      name: Self.name(description, madeIn: function),
      delivery: .main,
      write: Self.onMainThread(write)
    )
  }

  /// Creates a target for an owner that belongs to the main actor, with an identity of any hashable
  /// type (a key path to the property it writes, most often), kept as it is.
  ///
  /// ```swift
  /// @MainActor
  /// extension Reactive where Base: Badge {
  ///   var count: BindingTarget<Base, Int> {
  ///     BindingTarget(onMainActor: base, identity: \Badge.count) { badge, count in badge.count = count }
  ///   }
  /// }
  /// ```
  ///
  /// The same as the initialiser that takes an `AnyHashable`, without converting the identity to
  /// one: a run-time check at every binding made.
  public init<Identity: Hashable>(
    onMainActor owner: Owner,
    identity: Identity,
    description: String? = nil,
    function: String = #function,
    write: @escaping @MainActor (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: BindingIdentity(caller: identity),
      name: Self.name(description, madeIn: function),
      delivery: .main,
      write: Self.onMainThread(write)
    )
  }

  /// `write`, called on the main thread, where a main-actor target's delivery runs.
  private static func onMainThread(
    _ write: @escaping @MainActor (Owner, Value) -> Void
  ) -> (Owner, Value) -> Void {
    // Converted once: converted per value, a generic closure would be re-wrapped on the heap.
    let writeOnMainThread = nonisolatedCall(write)
    return { owner, value in
      // The delivery runs on the main thread, where both were handed over. There the main actor's
      // work runs, so `write` is called as it is, without asking the runtime (about 250
      // instructions per value); elsewhere (a target delivered on the sending thread, or the main
      // queue drained by another thread) the runtime checks, and stops the program off the main
      // actor.
      if ProcessMainThread.isCurrent {
        writeOnMainThread(owner, value)
        return
      }
      nonisolated(unsafe) let owner = owner
      nonisolated(unsafe) let value = value
      MainActor.assumeIsolated { write(owner, value) }
    }
  }

  /// This target, writing every value on the thread that sends it, whatever its owner.
  ///
  /// Targets of a ``MainActorBindingOwner`` write on the main thread by default; this is the
  /// explicit way out, for a source that is known to send on the main thread already, or an owner
  /// that is safe to write from any thread.
  ///
  /// ```swift
  /// label.reactive.text.deliveredOnSendingThread() <~ mainThreadOnlyModel.$name
  /// ```
  public func deliveredOnSendingThread() -> BindingTarget {
    var target = self
    target.delivery = nil
    return target
  }

  /// This target, writing every value on `scheduler`.
  ///
  /// ```swift
  /// label.reactive.text.delivered(on: MainThreadScheduler.shared) <~ viewModel.$name
  /// ```
  public func delivered<S: Scheduler>(on scheduler: S) -> BindingTarget {
    var target = self
    target.delivery = BindingDelivery { scheduler.schedule($0) }
    return target
  }

  @inlinable
  init(
    owner: Owner?,
    identity: BindingIdentity?,
    description: String?,
    delivery: BindingDelivery?,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: identity,
      name: description.map(BindingTargetName.text) ?? BindingTargetName(.owner(Owner.self)),
      delivery: delivery,
      write: write
    )
  }

  @usableFromInline
  init(
    owner: Owner?,
    identity: BindingIdentity?,
    name: BindingTargetName,
    delivery: BindingDelivery?,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.owner = owner
    self.identity = identity
    self.name = name
    self.delivery = delivery
    self.valueBag = nil
    self.write = write
  }

  /// What diagnostics and ``BindingBag/liveBindings`` call the target, as text.
  @usableFromInline
  var targetDescription: String { name.text(identity: identity) }

  /// Subscribes `source` to this target and stores the binding in the owner's bag.
  ///
  /// Inlinable so that the whole chain, down to the owner's write, is specialized in the client.
  @inlinable
  func bind<Source: Publisher>(
    _ source: Source,
    fileID: String?,
    line: UInt?
  ) -> AnyCancellable where Source.Output == Value, Source.Failure == Never {
    guard let owner else { return .cancelledBinding }
    let bag = valueBag ?? owner.bindings
    // Only a target with an identity can be the one its source publishes.
    if let identity, Self.publishesOwnValue(source, bag: bag, identity: identity) {
      reportBindingMisuse("\(targetDescription) <~ itself does nothing; the binding was not made")
      return .cancelledBinding
    }
    let sink = BindingSink(owner: owner, deliver: delivery, receiveValue: write)
    let id = bag.makeID()
    sink.register(in: bag, id: id)
    // The bag keeps the sink itself; the token returned ends the binding when cancelled, and is
    // freed at once when the caller drops it (most do), as releasing it does not end the binding.
    bag.insert(
      sink,
      id: id,
      identity: identity,
      name: name,
      location: .at(fileID: fileID, line: line)
    )
    source.subscribe(sink)
    return AnyCancellable(binding: sink)
  }
}

extension BindingTarget {
  /// Whether `source` publishes the value of the target with `identity` whose bindings `bag` keeps:
  /// binding it into that target would only write each value back where it came from.
  ///
  /// The value types whose type is known here are recognised by casts to that concrete type, which
  /// the optimiser decides when it specialises the binding for its source: a `MutableProperty` or a
  /// `@Published` property's publisher costs a comparison of bags, any other source a run-time
  /// conformance lookup (a few hundred instructions) that finds the endpoints. The bags are compared
  /// before the identities, which are compared only for a source of this very owner.
  @inlinable
  static func publishesOwnValue<Source: Publisher>(
    _ source: Source, bag: BindingBag, identity: BindingIdentity
  ) -> Bool {
    if let property = source as? MutableProperty<Value> {
      return property.bindings === bag && identity == MutableProperty<Value>.valueIdentity
    }
    if let published = source as? Published<Value>.Publisher {
      return published.storage.bindings === bag && identity == MutableProperty<Value>.valueIdentity
    }
    guard let source = source as? any BindingValueSource, source.valueBag === bag else { return false }
    return identity == source.valueTargetIdentity
  }
}

extension AnyCancellable {
  /// The token of a binding that could not be made because its owner was already gone.
  @usableFromInline
  static var cancelledBinding: AnyCancellable {
    let token = AnyCancellable {}
    token.cancel()
    return token
  }
}

/// A type that can be the target of `<~` and `~>`.
///
/// ``BindingTarget``, ``MutableProperty`` and the projected publisher of ``Published`` are targets.
///
/// ```swift
/// let name = MutableProperty("")
/// name <~ Just("Ada")   // a MutableProperty is a target
/// print(name.value)     // prints "Ada"
/// ```
public protocol BindingTargetConvertible<Value> {
  /// The object whose lifetime bounds bindings into this target.
  associatedtype Owner: BindingOwner
  /// The type of values written into the target.
  associatedtype Value

  /// The target that bindings write into.
  var bindingTarget: BindingTarget<Owner, Value> { get }
}

extension BindingTarget: BindingTargetConvertible {
  /// This target itself, so that a `BindingTarget` can stand wherever a target is accepted.
  public var bindingTarget: BindingTarget<Owner, Value> { self }
}

/// A source that publishes the value of an owner's target: binding it into that same target would
/// only write each value back where it came from.
@usableFromInline
protocol BindingValueSource {
  /// The bag of the owner whose value this source publishes, while the owner lives.
  var valueBag: BindingBag? { get }
  /// The identity of the target that writes that value.
  var valueTargetIdentity: BindingIdentity { get }
}

/// Tells the developer about a binding that was refused or ended because of how it was made.
///
/// Written to standard error, once per occurrence; the program carries on.
@usableFromInline
func reportBindingMisuse(_ message: String) {
  Diagnostics.report("Bindings: \(message)")
}
