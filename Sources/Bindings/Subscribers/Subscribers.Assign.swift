extension Subscribers {
  /// A subscriber that assigns each value to a property of an object it holds strongly.
  ///
  /// Holding the object strongly is Combine's behaviour, and the classic retain cycle when the
  /// object also holds the token. Use `assign(to:on:ownership: .weak)` to hold it weakly instead.
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

    private struct State {
      var status = SubscriptionStatus.awaitingSubscription
      var object: Root?
    }

    private let state: Locked<State>
    private let liveObject = LiveObjectToken("Assign")

    /// The object that receives the values; `nil` once the subscription ends.
    public var object: Root? { state.withLock { $0.object } }
    /// The property that receives the values.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    /// Creates a subscriber that assigns to `keyPath` of `object`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      state = Locked(State(object: object))
      self.keyPath = keyPath
    }

    /// A short name for the subscriber in debugging output, such as `Assign Label.`.
    public var description: String { "Assign \(Root.self)." }

    /// Requests unlimited values from `subscription`, or cancels it if the subscriber already has one
    /// or has ended.
    public func receive(subscription: any Subscription) {
      if state.withLock({ $0.status.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Assigns `value` to the property of the object; asks for no more, as unlimited was requested.
    public func receive(_ value: Input) -> Subscribers.Demand {
      let object = state.withLock { $0.object }
      object?[keyPath: keyPath] = value
      return .none
    }

    /// Ends the subscription and releases the object.
    public func receive(completion: Subscribers.Completion<Never>) {
      let released = state.withLock { state in (state.status.terminate(), state.object.take()) }
      _ = released  // the subscription and the object are released here, after the lock
    }

    /// Cancels the upstream subscription and releases the object.
    public func cancel() {
      let (subscription, released) = state.withLock { state in (state.status.terminate(), state.object.take()) }
      subscription?.cancel()
      _ = released
    }
  }

  /// A subscriber that assigns each value to a property of an object it holds weakly, and cancels
  /// its upstream once the object is gone.
  ///
  /// ```swift
  /// final class Label { var text = "" }
  /// var label: Label? = Label()
  /// let subject = PassthroughSubject<String, Never>()
  /// let token = subject.assign(to: \.text, on: label!, ownership: .weak)
  /// subject.send("hi")   // label.text == "hi"
  /// label = nil          // the label is freed: the token does not keep it alive
  /// ```
  public final class WeakAssign<Root: AnyObject, Input>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// An assigning subscriber accepts only publishers that never fail.
    public typealias Failure = Never

    private struct State {
      var status = SubscriptionStatus.awaitingSubscription
      weak var object: Root?
    }

    private let state: Locked<State>
    private let liveObject = LiveObjectToken("WeakAssign")

    /// The object that receives the values, while it is alive.
    public var object: Root? { state.withLock { $0.object } }
    /// The property that receives the values.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    /// Creates a subscriber that assigns to `keyPath` of `object`, without retaining `object`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      state = Locked(State(object: object))
      self.keyPath = keyPath
    }

    /// A short name for the subscriber in debugging output, such as `WeakAssign Label.`.
    public var description: String { "WeakAssign \(Root.self)." }

    /// Requests unlimited values from `subscription`, or cancels it if the subscriber already has one
    /// or has ended.
    public func receive(subscription: any Subscription) {
      if state.withLock({ $0.status.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Assigns `value` to the property of the object while it lives; once it is gone, cancels the
    /// upstream instead.
    public func receive(_ value: Input) -> Subscribers.Demand {
      let object = state.withLock { $0.object }
      guard let object else {
        cancel()
        return .none
      }
      object[keyPath: keyPath] = value
      return .none
    }

    /// Ends the subscription; the object was never retained.
    public func receive(completion: Subscribers.Completion<Never>) {
      let released = state.withLock { $0.status.terminate() }
      _ = released  // the subscription is released here, after the lock
    }

    /// Cancels the upstream subscription.
    public func cancel() {
      let subscription = state.withLock { $0.status.terminate() }
      subscription?.cancel()
    }
  }
}

/// How a subscriber holds the object it writes to.
///
/// ```swift
/// let token = names.assign(to: \.text, on: label, ownership: .weak)   // does not keep the label alive
/// ```
public enum ObjectOwnership: Sendable {
  /// The subscriber keeps the object alive, as Combine's `assign(to:on:)` does.
  case strong
  /// The subscriber does not keep the object alive, and stops once the object is gone.
  case weak
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
  /// If `object` holds the returned token, this is a retain cycle; use
  /// ``assign(to:on:ownership:)`` with `.weak`, or a binding (`<~`), instead.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
    let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(subscriber)
    return AnyCancellable(idempotent: subscriber)
  }

  /// Assigns each value to a property of `object`, holding it strongly or weakly.
  ///
  /// With `.weak`, `object` may own the returned token without a retain cycle; when `object` is
  /// deallocated, the next value cancels the upstream.
  ///
  /// ```swift
  /// final class ViewModel {
  ///   var title = ""
  ///   var tokens = Set<AnyCancellable>()
  /// }
  /// let model = ViewModel()
  /// Just("hi").assign(to: \.title, on: model, ownership: .weak).store(in: &model.tokens)
  /// print(model.title)   // prints "hi"
  /// ```
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>,
    on object: Root,
    ownership: ObjectOwnership
  ) -> AnyCancellable {
    switch ownership {
    case .strong:
      return assign(to: keyPath, on: object)
    case .weak:
      let subscriber = Subscribers.WeakAssign(object: object, keyPath: keyPath)
      subscribe(subscriber)
      return AnyCancellable(idempotent: subscriber)
    }
  }
}
