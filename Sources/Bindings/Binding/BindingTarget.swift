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
  let identity: AnyHashable?
  let targetDescription: String
  let delivery: BindingDelivery?
  let write: (Owner, Value) -> Void

  /// Creates a target that writes values into `owner` with `write`.
  ///
  /// - Parameters:
  ///   - owner: The object whose lifetime bounds the binding; held weakly.
  ///   - identity: Give one to allow a single source per target: binding a new source to a target
  ///     with the same identity on the same owner replaces the previous binding.
  ///   - description: What introspection shows for this target.
  ///   - write: Called with the owner and each value, on the thread that delivers the value.
  public init(
    _ owner: Owner,
    identity: AnyHashable? = nil,
    description: String? = nil,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(owner: owner, identity: identity, description: description, delivery: nil, write: write)
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
    scheduler: S,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.init(
      owner: owner,
      identity: identity,
      description: description,
      delivery: { scheduler.schedule($0) },
      write: write
    )
  }

  /// This target, writing every value on `scheduler`.
  ///
  /// ```swift
  /// label.reactive.text.delivered(on: MainThreadScheduler.shared) <~ viewModel.$name
  /// ```
  public func delivered<S: Scheduler>(on scheduler: S) -> BindingTarget {
    BindingTarget(
      owner: owner,
      identity: identity,
      description: targetDescription,
      delivery: { scheduler.schedule($0) },
      write: write
    )
  }

  init(
    owner: Owner?,
    identity: AnyHashable?,
    description: String?,
    delivery: BindingDelivery?,
    write: @escaping (Owner, Value) -> Void
  ) {
    self.owner = owner
    self.identity = identity
    self.targetDescription = description ?? "\(Owner.self) target"
    self.delivery = delivery
    self.write = write
  }

  /// Subscribes `source` to this target and stores the binding in the owner's bag.
  func bind<Source: Publisher>(
    _ source: Source,
    fileID: String?,
    line: UInt?
  ) -> AnyCancellable where Source.Output == Value, Source.Failure == Never {
    guard let owner else { return .cancelledBinding }
    let sink = BindingSink(owner: owner, deliver: delivery, receiveValue: write)
    let token = AnyCancellable(sink)
    let bag = owner.bindings
    let id = bag.makeID()
    sink.register(BindingBagRegistration(bag: bag, id: id))
    bag.insert(
      token,
      id: id,
      identity: identity,
      record: BindingRecord(target: targetDescription, fileID: fileID, line: line)
    )
    source.subscribe(sink)
    return token
  }
}

extension AnyCancellable {
  /// The token of a binding that could not be made because its owner was already gone.
  static var cancelledBinding: AnyCancellable {
    let token = AnyCancellable {}
    token.cancel()
    return token
  }
}

/// A type that can be the target of `<~` and `~>`.
///
/// ``BindingTarget``, ``MutableProperty`` and the projected publisher of ``Published`` are targets.
public protocol BindingTargetConvertible<Value> {
  /// The object whose lifetime bounds bindings into this target.
  associatedtype Owner: BindingOwner
  /// The type of values written into the target.
  associatedtype Value

  /// The target that bindings write into.
  var bindingTarget: BindingTarget<Owner, Value> { get }
}

extension BindingTarget: BindingTargetConvertible {
  public var bindingTarget: BindingTarget<Owner, Value> { self }
}
