/// A read-only observable value: derived from a ``MutableProperty`` with `map`, from several
/// properties with ``combineLatest(_:_:_:)``, or made from a publisher and an initial value.
///
/// ```swift
/// let celsius = MutableProperty(20.0)
/// let fahrenheit = celsius.map { $0 * 9 / 5 + 32 }
/// let token = fahrenheit.sink { print($0) }   // prints "68.0"
/// celsius.value = 100                          // prints "212.0"
/// print(fahrenheit.value)                      // prints "212.0"
/// ```
///
/// It gives its current value to each new subscriber and never fails, so it is a binding source:
///
/// ```swift
/// final class ViewModel {
///   @Published var firstName = "Ada"
///   @Published var lastName = "Lovelace"
///   lazy var fullName = Property.combineLatest($firstName, $lastName) { "\($0) \($1)" }
/// }
/// nameLabel.reactive.text <~ viewModel.fullName   // "Ada Lovelace", and every change after
/// ```
///
/// It follows its sources for as long as it is held or has subscribers, and holds them (not the
/// objects that declare them). Its ``value`` is current as soon as a source's change has been
/// delivered: before the change returns, when no other thread is delivering the same source's
/// changes at that moment.
public final class Property<Value>: PropertyProtocol {
  /// The property's values: the current one on subscribe, then every change.
  public typealias Output = Value
  /// This publisher never fails.
  public typealias Failure = Never

  private let subject: CurrentValueSubject<Value, Never>
  /// Keeps the sources alive and subscribed for as long as this property lives.
  private let sourceSubscription: AnyCancellable?
  private let liveObject = LiveObjectToken("Property")

  /// Creates a property that always holds `value`.
  public init(value: Value) {
    subject = CurrentValueSubject(value)
    sourceSubscription = nil
  }

  /// Creates a property that holds `initial` until `values` publishes, then each value it publishes.
  ///
  /// ```swift
  /// let scores = PassthroughSubject<Int, Never>()
  /// let best = Property(initial: 0, then: scores.scan(0, max))
  /// scores.send(3)
  /// scores.send(1)
  /// print(best.value)   // prints "3"
  /// ```
  ///
  /// A source that replays its current value on subscribe (``MutableProperty``, `$name`,
  /// ``CurrentValueSubject``) replaces `initial` at once. When `values` completes, the property
  /// keeps its last value.
  public init<Values: Publisher>(initial: Value, then values: Values)
  where Values.Output == Value, Values.Failure == Never {
    let subject = CurrentValueSubject<Value, Never>(initial)
    self.subject = subject
    // The subscription holds the subject, not this property, so dropping the property cancels it.
    // `send(_:)` rather than a `sink` on the subject: a completion of `values` must not complete the
    // property.
    sourceSubscription = values.sink { subject.send($0) }
  }

  /// Creates a read-only view of `property`: a ``MutableProperty``, a `@Published` property's `$name`,
  /// another `Property` or a ``CurrentValueSubject`` that never fails.
  ///
  /// ```swift
  /// let name = MutableProperty("Ada")
  /// let readOnlyName = Property(name)
  /// name.value = "Grace"
  /// print(readOnlyName.value)   // prints "Grace"
  /// ```
  public convenience init<Source: PropertyProtocol>(_ property: Source) where Source.Value == Value {
    // The replayed first value seeds the subject again, so a change made between reading the value
    // and subscribing is not lost.
    self.init(initial: property.value, then: property)
  }

  /// The current value.
  public var value: Value {
    subject.value
  }

  /// Each subscription keeps the property alive, so `label.reactive.text <~ count.map { … }`
  /// follows `count` although nothing else holds the derived property.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
    subject.receive(subscriber: Inner(downstream: subscriber, property: self))
  }

  /// Passes events through, holding the property for as long as the subscription lasts.
  private struct Inner<Downstream: Subscriber>: Subscriber
  where Downstream.Input == Value, Downstream.Failure == Never {
    let downstream: Downstream
    let property: Property<Value>
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
    func receive(_ input: Value) -> Subscribers.Demand { downstream.receive(input) }
    func receive(completion: Subscribers.Completion<Never>) { downstream.receive(completion: completion) }
  }

  /// A read-only property whose value is `transform` applied to this property's value.
  ///
  /// ```swift
  /// let count = Property(value: 2)
  /// print(count.map { $0 * 10 }.value)   // prints "20"
  /// ```
  public func map<Transformed>(_ transform: @escaping (Value) -> Transformed) -> Property<Transformed> {
    Property<Transformed>(initial: transform(value), then: Publishers.Map(upstream: self, transform: transform))
  }

  /// A read-only property that follows the property `transform` picks for this property's current
  /// value, switching to a new one each time this property changes (`flatMap(.latest)` in
  /// ReactiveSwift, `flatMapLatest` in Bond and ReactiveKit).
  ///
  /// ```swift
  /// let useNickname = MutableProperty(false)
  /// let name = MutableProperty("Ada"), nickname = MutableProperty("Countess")
  /// let shown = Property(useNickname).flatMapLatest { $0 ? nickname : name }
  /// useNickname.value = true
  /// print(shown.value)   // prints "Countess"
  /// name.value = "Augusta"
  /// print(shown.value)   // prints "Countess": only the latest pick is followed
  /// ```
  public func flatMapLatest<Inner: PropertyProtocol>(
    _ transform: @escaping (Value) -> Inner
  ) -> Property<Inner.Value> {
    Property<Inner.Value>(flatteningLatestOf: self, transform)
  }

  convenience init<Source: PropertyProtocol, Inner: PropertyProtocol>(
    flatteningLatestOf source: Source,
    _ transform: @escaping (Source.Value) -> Inner
  ) where Inner.Value == Value {
    self.init(
      initial: transform(source.value).value,
      then: Publishers.Map(upstream: source, transform: transform).switchToLatest()
    )
  }
}

extension Property {
  /// A read-only property whose value is `transform` of the current values of `first` and `second`,
  /// kept up to date as either changes.
  ///
  /// ```swift
  /// let firstName = MutableProperty("Ada"), lastName = MutableProperty("Lovelace")
  /// let fullName = Property.combineLatest(firstName, lastName) { "\($0) \($1)" }
  /// print(fullName.value)   // prints "Ada Lovelace"
  /// lastName.value = "Byron"
  /// print(fullName.value)   // prints "Ada Byron"
  /// ```
  ///
  /// The sources are properties, so the result has a value from the start (a publisher's
  /// `combineLatest` waits for every source's first value).
  public static func combineLatest<First: PropertyProtocol, Second: PropertyProtocol>(
    _ first: First,
    _ second: Second,
    _ transform: @escaping (First.Value, Second.Value) -> Value
  ) -> Property<Value> {
    Property(
      initial: transform(first.value, second.value),
      then: Publishers.CombineLatest(first, second).map { transform($0.0, $0.1) }
    )
  }

  /// A read-only property whose value is `transform` of the current values of three properties.
  ///
  /// ```swift
  /// let day = MutableProperty(1), month = MutableProperty(12), year = MutableProperty(1815)
  /// let date = Property.combineLatest(day, month, year) { "\($0)/\($1)/\($2)" }
  /// print(date.value)   // prints "1/12/1815"
  /// ```
  public static func combineLatest<First: PropertyProtocol, Second: PropertyProtocol, Third: PropertyProtocol>(
    _ first: First,
    _ second: Second,
    _ third: Third,
    _ transform: @escaping (First.Value, Second.Value, Third.Value) -> Value
  ) -> Property<Value> {
    Property(
      initial: transform(first.value, second.value, third.value),
      then: Publishers.CombineLatest3(first, second, third).map { transform($0.0, $0.1, $0.2) }
    )
  }

  /// A read-only property holding the current values of `first` and `second` as a pair.
  ///
  /// ```swift
  /// let width = MutableProperty(2), height = MutableProperty(3)
  /// let size = Property.combineLatest(width, height)
  /// print(size.value)   // prints "(2, 3)"
  /// ```
  public static func combineLatest<First: PropertyProtocol, Second: PropertyProtocol>(
    _ first: First,
    _ second: Second
  ) -> Property<(First.Value, Second.Value)> where Value == (First.Value, Second.Value) {
    combineLatest(first, second) { ($0, $1) }
  }
}

/// A value that is always there and publishes its changes: ``MutableProperty``, ``Property``, the
/// projected publisher of a `@Published` property (`$name`) and a ``CurrentValueSubject`` that never
/// fails.
///
/// ``Property/combineLatest(_:_:_:)`` and ``Property/flatMapLatest(_:)`` accept any of them, and the
/// derived property starts from their current values.
///
/// ```swift
/// func describe<P: PropertyProtocol>(_ property: P) -> String { "now \(property.value)" }
/// print(describe(MutableProperty(3)))   // prints "now 3"
/// ```
public protocol PropertyProtocol<Value>: Publisher where Output == Value, Failure == Never {
  /// The type of the value.
  associatedtype Value
  /// The current value.
  var value: Value { get }
}

extension MutableProperty: PropertyProtocol {}

extension Published.Publisher: PropertyProtocol {}

extension CurrentValueSubject: PropertyProtocol where Failure == Never {}

// Unconditionally: a conformance that asks `Value: Sendable` (as MutableProperty's does) makes Swift 6
// fail to infer `Value` in `Property.combineLatest($first, $last) { "\($0) \($1)" }` ("generic
// parameter 'Value' could not be inferred"), the spelling migrating users write. The property's own
// state is guarded by its lock; values are handed to subscribers as a subject hands them.
extension Property: @unchecked Sendable {}
