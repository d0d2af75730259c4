/// An observable value: a mutable holder that gives its current value to each new subscriber and
/// then every change.
///
/// ```swift
/// let name = MutableProperty("Ada")
/// let token = name.sink { print($0) }   // prints "Ada"
/// name.value = "Grace"                  // prints "Grace"
/// ```
///
/// It never fails and never completes. It is a ``BindingOwner`` — bindings into it live as long as
/// it does — a target for `<~` (binding a new source replaces the previous one), and an endpoint
/// for `<~>`. ``map(_:)`` derives a read-only ``Property``.
///
/// Safe to use from any thread; deliveries to one subscriber never overlap.
public final class MutableProperty<Value>: Publisher, BindingOwner, BindingEndpointConvertible {
  /// The property's values: the current one on subscribe, then every change.
  public typealias Output = Value
  /// This publisher never fails.
  public typealias Failure = Never
  /// The property owns the bindings into it: they last as long as it does.
  public typealias Owner = MutableProperty<Value>

  @usableFromInline let subject: CurrentValueSubject<Value, Never>
  @usableFromInline let liveObject: LiveObjectToken
  /// The bindings into this property.
  public let bindings: BindingBag

  /// Creates a property holding `value`.
  ///
  /// Inlinable, so that the subject's control path (a subscriber's demand and cancel, among them
  /// the first value replayed to every new subscriber) is specialised for `Value` in the client;
  /// made in the library, it runs as generic code that looks up type metadata on every call.
  @inlinable
  public init(_ value: Value) {
    subject = CurrentValueSubject(value)
    liveObject = LiveObjectToken("MutableProperty")
    bindings = BindingBag()
  }

  /// The current value. Setting it sends the new value to every subscriber.
  public var value: Value {
    @inlinable get { subject.value }
    @inlinable set { subject.send(newValue) }
  }

  /// Changes the value in place, atomically: a change another thread makes meanwhile is never lost.
  ///
  /// ```swift
  /// let count = MutableProperty(0)
  /// DispatchQueue.concurrentPerform(iterations: 4) { _ in
  ///   for _ in 0..<1_000 { count.modify { $0 += 1 } }
  /// }
  /// print(count.value)   // prints "4000" (with `count.value += 1`, some increments would be lost)
  /// ```
  ///
  /// `value += 1` reads, then writes: two threads doing it at once can both read 1 and both write 2.
  /// `modify` sends its result only if no other change came in between; otherwise it runs `body` again
  /// on the newer value. So `body` may run more than once: it should only compute the new value. It runs
  /// without the library's lock held, and the new value is sent to subscribers like any other.
  ///
  /// - Parameter body: Changes the value it is given; what it returns, `modify` returns.
  /// - Returns: What `body` returned on the run whose value was kept.
  @discardableResult
  public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try subject.core.modify(body)
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
    subject.receive(subscriber: subscriber)
  }

  /// The endpoint for `<~>` and the target for `<~`: writes set ``value``.
  @inlinable
  public var bindingEndpoint: BindingEndpoint<MutableProperty<Value>, Value> {
    let target = BindingTarget(
      owner: self, identity: Self.valueIdentity, name: BindingTargetName(.value(Self.self)), delivery: nil
    ) { (property: MutableProperty<Value>, value: Value) in property.value = value }
    return BindingEndpoint(target: target, changes: self)
  }

  /// A read-only property whose value is `transform` applied to this property's value, kept up to
  /// date.
  ///
  /// ```swift
  /// let name = MutableProperty("Ada")
  /// let length = name.map { $0.count }
  /// name.value = "Grace"
  /// print(length.value)   // prints "5"
  /// ```
  ///
  /// `transform` runs once per change, on the thread that made it. The derived property does not keep
  /// this one alive: once this property is gone, the derived one keeps its last value.
  public func map<Transformed>(_ transform: @escaping (Value) -> Transformed) -> Property<Transformed> {
    Property(initial: transform(value), then: Publishers.Map(upstream: self, transform: transform))
  }

  /// A read-only property that follows the property `transform` picks for this property's current
  /// value, switching each time this property changes; see ``Property/flatMapLatest(_:)``.
  ///
  /// ```swift
  /// let selected = MutableProperty(0)
  /// let names = [MutableProperty("Ada"), MutableProperty("Grace")]
  /// let selectedName = selected.flatMapLatest { names[$0] }
  /// selected.value = 1
  /// print(selectedName.value)   // prints "Grace"
  /// ```
  public func flatMapLatest<Inner: PropertyProtocol>(
    _ transform: @escaping (Value) -> Inner
  ) -> Property<Inner.Value> {
    Property(flatteningLatestOf: self, transform)
  }
}

extension MutableProperty: BindingValueSource {
  /// The identity of the `value` target, the same whichever spelling made it (`property`,
  /// `property.reactive.value`, a `@Published` property's `$name`), so each has one source at a time.
  @usableFromInline
  static var valueIdentity: BindingIdentity { BindingIdentity(keyPath: \MutableProperty<Value>.value) }

  @usableFromInline
  var valueBag: BindingBag? { bindings }

  @usableFromInline
  var valueTargetIdentity: BindingIdentity { Self.valueIdentity }
}

// Safe to share between threads when its values are: a value set on one thread is read and
// received on another. The property's own state is guarded by its lock.
extension MutableProperty: @unchecked Sendable where Value: Sendable {}
