import Synchronization

/// A property wrapper that publishes its property's changes through its projected value.
///
/// ```swift
/// final class ViewModel {
///   @Published var name = "Ada"
/// }
/// let viewModel = ViewModel()
/// let token = viewModel.$name.sink { print($0) }   // prints "Ada"
/// viewModel.name = "Grace"                         // prints "Grace"
/// ```
///
/// Unlike Combine's, the projected publisher (`$name`) publishes after the property changed (reading
/// the property inside a subscriber gives the new value, where Combine's gives the old one), and
/// it replays the current value to each new subscriber, so a binding made from it (`label.reactive.text <~ viewModel.$name`) takes the
/// current value at once. Where the property is settable, `$name` is also a target and a two-way
/// endpoint (`viewModel.$name <~ source`, `form.$name <~> viewModel.$name`,
/// `source.bind(to: &viewModel.$name)`): these take `$name` `inout`, as Combine's `assign(to:)` does,
/// so a `@Published private(set) var` cannot be written through `$name` from outside its type. The
/// storage is a ``MutableProperty``; bindings into `$name` live as long as the property does.
///
/// On Apple platforms, a file that imports both Combine and Bindings can write
/// `@Bindings.Published` to pick this one.
@propertyWrapper
public struct Published<Value> {
  @usableFromInline let storage: MutableProperty<Value>

  /// Creates the wrapper with an initial value.
  ///
  /// Inlinable, like ``MutableProperty/init(_:)``, so that the storage's subject is specialised for
  /// `Value` in the client.
  @inlinable
  public init(wrappedValue: Value) {
    storage = MutableProperty(wrappedValue)
  }

  /// The property's value. Setting it publishes the new value.
  public var wrappedValue: Value {
    @inlinable get {
      // Only while some thread is finding a key path's storage does a get look for a probe.
      if PublishedAccessProbe.installedCount.load(ordering: .relaxed) > 0 {
        PublishedAccessProbe.noteAccess(to: storage)
      }
      return storage.value
    }
    @inlinable nonmutating set { storage.value = newValue }
  }

  /// A publisher of the property's current value and changes.
  public var projectedValue: Publisher {
    @inlinable get { Publisher(storage: storage) }
    // Settable only so that `publisher.assign(to: &$property)` compiles, as in Combine; the publisher
    // always stands for this property, so there is nothing to write.
    @inlinable nonmutating set {}
  }

  /// The publisher of a `@Published` property: its current value on subscribe, then every change.
  ///
  /// It never fails. Where the property is settable, it is also a binding target and a two-way
  /// endpoint for the property, taken `inout` (`model.$name <~ source`, `bind(to: &model.$name)`).
  ///
  /// ```swift
  /// final class Model { @Published var name = "Ada" }
  /// let model = Model()
  /// let token = model.$name.sink { print($0) }   // prints "Ada"
  /// model.name = "Grace"                         // prints "Grace"
  /// ```
  public struct Publisher: Bindings.Publisher {
    /// The property's values: the current one on subscribe, then every change.
    public typealias Output = Value
    /// This publisher never fails.
    public typealias Failure = Never
    @usableFromInline let storage: MutableProperty<Value>

    @inlinable
    init(storage: MutableProperty<Value>) {
      self.storage = storage
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.receive(subscriber: subscriber)
    }

    /// The current value of the property.
    public var value: Value {
      storage.value
    }
  }
}

extension Published.Publisher: BindingValueSource {
  @usableFromInline
  var valueBag: BindingBag? { storage.bindings }

  @usableFromInline
  var valueTargetIdentity: BindingIdentity { MutableProperty<Value>.valueIdentity }
}

/// Finds the storage behind a `@Published` property from a key path to the property, so that
/// `owner.reactive.name` and `owner.$name` are one binding target.
///
/// Reading the property through the key path, while a probe is installed for the current thread,
/// makes the wrapper's getter report its storage. While no probe is installed anywhere, a getter pays
/// one relaxed atomic load and nothing else.
@usableFromInline
final class PublishedAccessProbe: @unchecked Sendable {
  @TaskLocal static var current: PublishedAccessProbe?

  /// How many probes are installed, on any thread. Relaxed ordering is enough: a thread only looks
  /// for its own probe, and it sees its own increment.
  @usableFromInline
  static let installedCount = Atomic<Int>(0)

  /// The storage the getter reported, if any.
  private let found = Locked<AnyObject?>(nil)

  /// The storage of the `@Published` property at `keyPath` of `owner`, or `nil` when the property
  /// is not one (or reads other `@Published` properties, which makes it ambiguous).
  @usableFromInline
  static func storage<Owner: AnyObject, Value>(
    of owner: Owner,
    at keyPath: ReferenceWritableKeyPath<Owner, Value>
  ) -> MutableProperty<Value>? {
    let probe = PublishedAccessProbe()
    installedCount.add(1, ordering: .relaxed)
    $current.withValue(probe) { _ = owner[keyPath: keyPath] }
    installedCount.subtract(1, ordering: .relaxed)
    return probe.found.withLock { $0 } as? MutableProperty<Value>
  }

  @usableFromInline
  static func noteAccess(to storage: AnyObject) {
    guard let probe = current else { return }
    probe.found.withLock { found in
      // A property that reads two wrappers is not the property of either.
      found = found == nil ? storage : ProbeAmbiguity.shared
    }
  }
}

/// Marks a probe that saw more than one `@Published` storage.
private final class ProbeAmbiguity: Sendable {
  static let shared = ProbeAmbiguity()
}
