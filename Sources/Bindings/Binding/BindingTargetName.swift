/// What a binding target is called in diagnostics and in ``BindingBag/liveBindings``, kept in the
/// form it was given and made into text only when one of them asks.
///
/// Making a binding is on the path of every row a list binds, and nothing reads a target's name
/// unless a diagnostic is written or a bag is inspected: printing a key path or a type name costs
/// microseconds and a heap string per binding, so the parts are kept, not the text.
@usableFromInline
struct BindingTargetName {
  @usableFromInline
  enum Storage {
    /// The text given by whoever made the target.
    case text(String)
    /// A target made in `function` without a description: the member's name when it is a property
    /// of a `Reactive` extension (`ViewModel.rename`), else the function.
    case madeIn(function: String, owner: any Any.Type)
    /// The target of the property at the key path: the key path as Swift prints it.
    case keyPath(AnyKeyPath)
    /// A target without a description: "`Owner` target".
    case owner(any Any.Type)
    /// The target of a value that is its own owner (a ``MutableProperty``): its type.
    case value(any Any.Type)
    /// The target of a ``BindingSink``: "`Owner` sink".
    case sink(any Any.Type)
    /// The target's identity as it prints (a toolkit's property identity, which knows its object's
    /// type and the property's name).
    case identity
    /// Both sides of a two-way binding, each with the identity its name may need.
    indirect case twoWay(left: BindingTargetName, BindingIdentity?, right: BindingTargetName, BindingIdentity?)
  }

  @usableFromInline let storage: Storage

  @inlinable
  init(_ storage: Storage) {
    self.storage = storage
  }

  /// The text given by whoever made the target.
  @inlinable
  static func text(_ text: String) -> BindingTargetName { BindingTargetName(.text(text)) }

  /// The name as text, for a target whose identity is `identity`.
  func text(identity: BindingIdentity?) -> String {
    switch storage {
    case .text(let text):
      text
    case .madeIn(let function, let owner):
      function.contains("(") ? "\(owner) target made in \(function)" : "\(owner).\(function)"
    case .keyPath(let keyPath):
      "\(keyPath)"
    case .owner(let owner):
      "\(owner) target"
    case .value(let type):
      "\(type)"
    case .sink(let owner):
      "\(owner) sink"
    case .identity:
      identity?.description ?? "target"
    case .twoWay(let left, let leftIdentity, let right, let rightIdentity):
      "\(left.text(identity: leftIdentity)) <~> \(right.text(identity: rightIdentity))"
    }
  }
}
