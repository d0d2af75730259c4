/// A class that announces changes to its state through `objectWillChange`.
///
/// ```swift
/// final class Settings: ObservableObject {
///   @Published var volume = 5
/// }
/// let settings = Settings()
/// let token = settings.objectWillChange.sink { print("changed") }
/// settings.volume = 6   // prints "changed"
/// ```
///
/// A class that keeps the default ``ObservableObjectPublisher`` gets one per instance, which sends
/// whenever one of its `@Published` properties changes. Combine sends just before the new value is
/// stored; this library sends right after it is stored, since its `Published` has no access to the
/// enclosing instance. Call `objectWillChange.send()` yourself for state that is not `@Published`.
public protocol ObservableObject: AnyObject {
  /// The publisher that announces changes.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// Sends when the object's state changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The object's ``ObservableObjectPublisher``, made on first use and kept as long as the object.
  public var objectWillChange: ObservableObjectPublisher {
    ObservableObjectPublisher.publisher(for: self)
  }
}

/// The publisher of ``ObservableObject/objectWillChange``: sends `()` for each change.
///
/// ```swift
/// let changes = ObservableObjectPublisher()
/// let token = changes.sink { print("changed") }
/// changes.send()   // prints "changed"
/// ```
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
  /// Nothing but the fact of a change: one `()` per change of a `@Published` property, once it is stored.
  public typealias Output = Void
  /// This publisher never fails.
  public typealias Failure = Never

  private let subject = PassthroughSubject<Void, Never>()
  /// The subscriptions to the object's `@Published` properties.
  private let forwarding = Locked<[AnyCancellable]>([])

  /// Creates a publisher that sends when ``send()`` is called.
  public init() {}

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    subject.receive(subscriber: subscriber)
  }

  /// Announces a change to every subscriber.
  public func send() {
    subject.send(())
  }

  // MARK: - One publisher per object

  private static let registry = ObservableObjectRegistry()

  /// The publisher of `object`, made and hooked to its `@Published` properties on first use.
  static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
    let (publisher, isNew) = registry.publisher(for: object)
    if isNew { publisher.forwardChanges(of: object) }
    return publisher
  }

  /// Subscribes to every `@Published` property of `object` (and of its superclasses).
  private func forwardChanges(of object: AnyObject) {
    var tokens: [AnyCancellable] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let property = child.value as? any PublishedChangeReporting else { continue }
        tokens.append(property.reportChanges { [weak self] in self?.send() })
      }
      mirror = current.superclassMirror
    }
    let replaced = forwarding.withLock { forwarding in
      defer { forwarding = tokens }
      return forwarding
    }
    // Released here, after the lock.
    _ = replaced
  }
}

/// One ``ObservableObjectPublisher`` per live object, found by identity.
private final class ObservableObjectRegistry: @unchecked Sendable {
  private struct Entry {
    weak var object: AnyObject?
    let publisher: ObservableObjectPublisher
  }

  /// The registry's entries, guarded by its lock.
  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// The entry count at which dead entries are next swept.
    var sweepThreshold = 64

    /// The publisher of `object`, and whether it was made by this call; `swept` receives the dead
    /// entries let go, to be released after unlocking.
    mutating func publisher(
      for object: AnyObject, sweepingInto swept: inout [Entry]
    ) -> (
      ObservableObjectPublisher, isNew: Bool
    ) {
      let key = ObjectIdentifier(object)
      if let entry = entries[key], entry.object === object { return (entry.publisher, false) }
      if entries.count >= sweepThreshold {
        swept = entries.values.filter { $0.object == nil }
        entries = entries.filter { $0.value.object != nil }
        sweepThreshold = max(64, entries.count * 2)
      }
      let publisher = ObservableObjectPublisher()
      if let replaced = entries.updateValue(Entry(object: object, publisher: publisher), forKey: key) {
        swept.append(replaced)
      }
      return (publisher, true)
    }
  }

  private let state = Locked(State())

  /// The publisher of `object`, and whether it was made by this call.
  func publisher(for object: AnyObject) -> (ObservableObjectPublisher, isNew: Bool) {
    var swept: [Entry] = []
    let result = state.withLock { $0.publisher(for: object, sweepingInto: &swept) }
    // Dead entries are released here, after the lock.
    _ = swept
    return result
  }
}

/// A `@Published` property, seen through `Mirror`.
protocol PublishedChangeReporting {
  /// Calls `onChange` after each change of the property (not for its current value).
  func reportChanges(_ onChange: @escaping () -> Void) -> AnyCancellable
}

extension Published: PublishedChangeReporting {
  func reportChanges(_ onChange: @escaping () -> Void) -> AnyCancellable {
    projectedValue.dropFirst().sink { _ in onChange() }
  }
}

extension Published {
  /// Creates the property with its first value; the same as `init(wrappedValue:)`, under Combine's
  /// older name.
  ///
  /// ```swift
  /// final class Model { @Published(initialValue: "Ada") var name: String }
  /// ```
  public init(initialValue: Value) {
    self.init(wrappedValue: initialValue)
  }
}

extension Publisher where Failure == Never {
  /// Republishes every value into the `@Published` property behind `published`, for as long as
  /// that property lives.
  ///
  /// ```swift
  /// final class Model {
  ///   @Published var count = 0
  ///   init(ticks: PassthroughSubject<Int, Never>) { ticks.assign(to: &$count) }
  /// }
  /// ```
  ///
  /// No token is returned: the property owns the subscription, so it ends with the property and
  /// makes no retain cycle with the object that holds it, as in Combine.
  public func assign(to published: inout Published<Output>.Publisher) {
    published <~ self
  }
}
