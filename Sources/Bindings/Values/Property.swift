/// A read-only observable value, usually derived from a ``MutableProperty`` with `map`.
///
/// ```swift
/// let celsius = MutableProperty(20.0)
/// let fahrenheit = celsius.map { $0 * 9 / 5 + 32 }
/// let token = fahrenheit.sink { print($0) }   // prints "68.0"
/// celsius.value = 100                          // prints "212.0"
/// print(fahrenheit.value)                      // prints "212.0"
/// ```
///
/// It gives its current value to each new subscriber and never fails. It follows its source for as
/// long as it is held or has subscribers; `transform` runs once per change of the source.
public final class Property<Value>: Publisher {
  /// The property's values: the current one on subscribe, then every change.
  public typealias Output = Value
  /// This publisher never fails.
  public typealias Failure = Never

  private let subject: CurrentValueSubject<Value, Never>
  /// Keeps the source alive and subscribed for as long as this property lives.
  private let sourceSubscription: AnyCancellable?
  private let liveObject = LiveObjectToken("Property")

  /// Creates a property that always holds `value`.
  public init(value: Value) {
    subject = CurrentValueSubject(value)
    sourceSubscription = nil
  }

  /// Creates a read-only view of `property`.
  public convenience init(_ property: MutableProperty<Value>) {
    self.init(deriving: property) { $0 }
  }

  init<Source>(deriving source: MutableProperty<Source>, _ transform: @escaping (Source) -> Value) {
    let subject = CurrentValueSubject<Value, Never>(transform(source.value))
    self.subject = subject
    // The replayed first value seeds the subject again, so a change made between reading the value
    // and subscribing is not lost. The subscription holds the subject, not this property, so
    // dropping the property cancels it.
    sourceSubscription = source.sink { subject.send(transform($0)) }
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
    Property<Transformed>(derivingFrom: self, transform)
  }

  private init<Source>(derivingFrom source: Property<Source>, _ transform: @escaping (Source) -> Value) {
    let subject = CurrentValueSubject<Value, Never>(transform(source.value))
    self.subject = subject
    sourceSubscription = source.sink { subject.send(transform($0)) }
  }
}

// Safe to share between threads when its values are: they are read and received on any thread.
// The property's own state is guarded by its lock.
extension Property: @unchecked Sendable where Value: Sendable {}
