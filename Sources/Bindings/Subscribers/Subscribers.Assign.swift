extension Subscribers {
  /// A subscriber that assigns each value to a property of an object it holds strongly.
  ///
  /// Holding the object strongly is Combine's behaviour, and the classic retain cycle when the
  /// object also holds the token. Use `assign(to:onWeak:)` to hold it weakly instead.
  ///
  /// ```swift
  /// final class Label { var text = "" }
  /// let label = Label()
  /// let token = ["hi"].publisher.assign(to: \.text, on: label)
  /// print(label.text)   // prints "hi"
  /// ```
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
    /// An assigning subscriber accepts only publishers that never fail.
    public typealias Failure = Never

    private let assigning: Assigning<StrongReference<Root>, Input>
    private let liveObject = LiveObjectToken("Assign")

    /// The object that receives the values; `nil` once the subscription ends.
    public var object: Root? { assigning.object }
    /// The property that receives the values.
    public var keyPath: ReferenceWritableKeyPath<Root, Input> { assigning.keyPath }

    /// Creates a subscriber that assigns to `keyPath` of `object`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      assigning = Assigning(StrongReference(object), keyPath: keyPath)
    }

    /// A short name for the subscriber in debugging output, such as `Assign Label.`.
    public var description: String { "Assign \(Root.self)." }

    /// Requests unlimited values from `subscription`, or cancels it if the subscriber already has one
    /// or has ended.
    public func receive(subscription: any Subscription) {
      assigning.receive(subscription: subscription)
    }

    /// Assigns `value` to the property of the object; asks for no more, as unlimited was requested.
    public func receive(_ value: Input) -> Subscribers.Demand {
      assigning.receive(value)
    }

    /// Ends the subscription and releases the object.
    public func receive(completion: Subscribers.Completion<Never>) {
      assigning.end(cancellingUpstream: false)
    }

    /// Cancels the upstream subscription and releases the object.
    public func cancel() {
      assigning.end(cancellingUpstream: true)
    }
  }

  /// A subscriber that assigns each value to a property of an object it holds weakly, and cancels
  /// its upstream once the object is gone.
  ///
  /// ```swift
  /// final class Label { var text = "" }
  /// var label: Label? = Label()
  /// let subject = PassthroughSubject<String, Never>()
  /// let token = subject.assign(to: \.text, onWeak: label!)
  /// subject.send("hi")   // label.text == "hi"
  /// label = nil          // the label is freed: the token does not keep it alive
  /// ```
  public final class WeakAssign<Root: AnyObject, Input>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// An assigning subscriber accepts only publishers that never fail.
    public typealias Failure = Never

    private let assigning: Assigning<WeakReference<Root>, Input>
    private let liveObject = LiveObjectToken("WeakAssign")

    /// The object that receives the values, while it is alive.
    public var object: Root? { assigning.object }
    /// The property that receives the values.
    public var keyPath: ReferenceWritableKeyPath<Root, Input> { assigning.keyPath }

    /// Creates a subscriber that assigns to `keyPath` of `object`, without retaining `object`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      assigning = Assigning(WeakReference(object), keyPath: keyPath)
    }

    /// A short name for the subscriber in debugging output, such as `WeakAssign Label.`.
    public var description: String { "WeakAssign \(Root.self)." }

    /// Requests unlimited values from `subscription`, or cancels it if the subscriber already has one
    /// or has ended.
    public func receive(subscription: any Subscription) {
      assigning.receive(subscription: subscription)
    }

    /// Assigns `value` to the property of the object while it lives; once it is gone, cancels the
    /// upstream instead.
    public func receive(_ value: Input) -> Subscribers.Demand {
      assigning.receive(value)
    }

    /// Ends the subscription; the object was never retained.
    public func receive(completion: Subscribers.Completion<Never>) {
      assigning.end(cancellingUpstream: false)
    }

    /// Cancels the upstream subscription.
    public func cancel() {
      assigning.end(cancellingUpstream: true)
    }
  }
}

/// How an assigning subscriber holds its object: ``StrongReference`` for `Assign`,
/// ``WeakReference`` for `WeakAssign`.
protocol AssignedObjectReference {
  associatedtype Root
  /// The object, while it is held (and, for a weak reference, alive).
  var object: Root? { get }
  /// Lets go of the object; returns it, if it held it strongly, to release after the lock.
  mutating func release() -> Root?
}

/// Holds an object strongly until released.
struct StrongReference<Root>: AssignedObjectReference {
  private(set) var object: Root?

  init(_ object: Root) { self.object = object }

  mutating func release() -> Root? { object.take() }
}

/// Holds an object weakly: there is nothing to release, and ``object`` names the object for as
/// long as it lives.
struct WeakReference<Root: AnyObject>: AssignedObjectReference {
  private(set) weak var object: Root?

  init(_ object: Root) { self.object = object }

  mutating func release() -> Root? { nil }
}

/// What `Assign` and `WeakAssign` do, apart from how they hold their object: accept one
/// subscription and ask it for everything, write each value to the object's property, and, once the
/// object is gone or the subscription has ended, write nothing more and cancel the upstream.
struct Assigning<Reference: AssignedObjectReference, Input>: ~Copyable {
  private struct State {
    var status = SubscriptionStatus.awaitingSubscription
    var reference: Reference
  }

  private let state: Locked<State>
  let keyPath: ReferenceWritableKeyPath<Reference.Root, Input>

  init(_ reference: Reference, keyPath: ReferenceWritableKeyPath<Reference.Root, Input>) {
    state = Locked(State(reference: reference))
    self.keyPath = keyPath
  }

  var object: Reference.Root? { state.withLock { $0.reference.object } }

  func receive(subscription: any Subscription) {
    if state.withLock({ $0.status.accept(subscription) }) {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ value: Input) -> Subscribers.Demand {
    // Outside the lock: the write runs the property's observers, which are user code. An object
    // that is gone (only a weak one can be, while subscribed) ends the subscription.
    guard let object else {
      end(cancellingUpstream: true)
      return .none
    }
    object[keyPath: keyPath] = value
    return .none
  }

  /// Ends the subscription and lets go of the object; cancels the upstream if asked (a cancel) and
  /// not for a completion. The subscription and the object are released after the lock.
  func end(cancellingUpstream: Bool) {
    let (subscription, released) = state.withLock { state in (state.status.terminate(), state.reference.release()) }
    if cancellingUpstream { subscription?.cancel() }
    _ = released
  }
}

extension Publisher where Failure == Never {
  /// Assigns each value to a property of `object`, which the subscription keeps alive.
  ///
  /// ```swift
  /// final class Label { var text = "" }
  /// let label = Label()
  /// let token = Just("hi").assign(to: \.text, on: label)
  /// print(label.text)   // prints "hi"
  /// ```
  ///
  /// If `object` holds the returned token, this is a retain cycle; use ``assign(to:onWeak:)``, or a
  /// binding (`<~`), instead.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
    let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(subscriber)
    return AnyCancellable(idempotent: subscriber)
  }

  /// Assigns each value to a property of `object` without keeping `object` alive.
  ///
  /// `object` may own the returned token without a retain cycle; when `object` is deallocated, the
  /// next value cancels the upstream. This is CombineExt's `assign(to:on:ownership: .weak)`, under a
  /// name of its own so that an app can import CombineExt beside Bindings.
  ///
  /// ```swift
  /// final class ViewModel {
  ///   var title = ""
  ///   var tokens = Set<AnyCancellable>()
  /// }
  /// let model = ViewModel()
  /// Just("hi").assign(to: \.title, onWeak: model).store(in: &model.tokens)
  /// print(model.title)   // prints "hi"
  /// ```
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>,
    onWeak object: Root
  ) -> AnyCancellable {
    let subscriber = Subscribers.WeakAssign(object: object, keyPath: keyPath)
    subscribe(subscriber)
    return AnyCancellable(idempotent: subscriber)
  }
}

extension Subscribers.Assign: IdempotentCancellable {}
extension Subscribers.WeakAssign: IdempotentCancellable {}
