/// A subject that holds a current value, gives it to each new subscriber, and broadcasts changes.
///
/// Setting ``value`` sends it. A new subscriber receives the current value as soon as it demands
/// one — synchronously inside `subscribe` when it asks at once, as `sink` does.
///
/// ```swift
/// let name = CurrentValueSubject<String, Never>("Ada")
/// let token = name.sink { print($0) }   // prints "Ada"
/// name.value = "Grace"                  // prints "Grace"
/// name.send("Alan")                     // prints "Alan"
/// print(name.value)                     // prints "Alan"
/// ```
///
/// Safe to use from any thread, with the same ordering guarantees as ``PassthroughSubject``.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, UpstreamRemovingSubject {
  @usableFromInline let core: SubjectCore<Output, Failure>
  @usableFromInline let liveObject: LiveObjectToken

  /// Creates a subject whose current value is `value`.
  ///
  /// Inlinable, so that the subject's engine is made where its types are known, and its control path
  /// runs specialised.
  @inlinable
  public init(_ value: Output) {
    core = SubjectCore(currentValue: value)
    liveObject = LiveObjectToken("CurrentValueSubject")
  }

  deinit {
    core.cancelUpstreams()
  }

  /// The latest value sent. Setting it sends the new value to every subscriber; after completion,
  /// setting it stores the value without sending it, as in Combine.
  ///
  /// ```swift
  /// let subject = CurrentValueSubject<Int, Never>(0)
  /// subject.send(completion: .finished)
  /// subject.value = 1
  /// print(subject.value)   // prints "1"
  /// ```
  public var value: Output {
    get {
      guard let current = core.currentValue else {
        preconditionFailure("CurrentValueSubject lost its current value")
      }
      return current
    }
    @inlinable set { core.send(newValue, storeAfterCompletion: true) }
  }

  /// Stores `input` as the current value and sends it to every subscriber with demand; one without
  /// demand gets the latest value when it next asks.
  ///
  /// After a completion it neither stores nor sends; setting ``value`` then still stores.
  @inlinable
  public func send(_ input: consuming Output) {
    core.send(input)
  }

  /// Sends `completion` to every subscriber and ends the subject: later values and completions are
  /// not sent, and later subscribers receive only this completion.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Accepts an upstream subscription when the subject subscribes to a publisher and requests
  /// unlimited values from it (they become the current value); cancels it if the subject has completed.
  public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }

  func removeUpstream(_ upstream: CombineIdentifier) {
    core.removeUpstream(upstream)
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.attach(subscriber, needsInitialValue: true)
  }
}

// Safe to share between threads when its values are: a value sent on one thread is received, and
// read through `value`, on another. The subject's own state is guarded by its lock.
extension CurrentValueSubject: @unchecked Sendable where Output: Sendable {}
