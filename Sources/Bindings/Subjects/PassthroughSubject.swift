/// A subject that broadcasts values to its current subscribers, and keeps no value of its own.
///
/// A subscriber receives only what is sent after it subscribed, and only as much as it demanded.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// subject.send(0)                              // nobody listens yet: dropped
/// let token = subject.sink { print($0) }
/// subject.send(1)                              // prints "1"
/// subject.send(completion: .finished)
/// subject.send(2)                              // ignored: the subject has completed
/// ```
///
/// Safe to use from any thread. Deliveries are serialized: a value sent while another is being
/// delivered — from another thread, or from inside a subscriber — is delivered after it, in order,
/// to every subscriber. No lock is held while subscribers run.
public final class PassthroughSubject<Output, Failure: Error>: Subject, UpstreamRemovingSubject {
  @usableFromInline let core: SubjectCore<Output, Failure>
  @usableFromInline let liveObject: LiveObjectToken

  /// Creates a subject with no subscribers.
  ///
  /// Inlinable, so that the subject's engine is made where its types are known, and its control path
  /// runs specialised.
  @inlinable
  public init() {
    core = SubjectCore(currentValue: nil)
    liveObject = LiveObjectToken("PassthroughSubject")
  }

  deinit {
    core.cancelUpstreams()
  }

  /// Sends `input` to every subscriber that has demand; subscribers without demand miss it.
  ///
  /// After a completion it does nothing.
  @inlinable
  public func send(_ input: consuming Output) {
    core.send(input)
  }

  /// Sends `completion` to every subscriber and ends the subject: later values and completions are
  /// ignored, and later subscribers receive only this completion.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Accepts an upstream subscription when the subject subscribes to a publisher; it requests values
  /// once a subscriber has demand, and is cancelled if the subject has completed.
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
    core.attach(subscriber, needsInitialValue: false)
  }
}

// Safe to share between threads when its values are: a value sent on one thread is received on
// another. The subject's own state is guarded by its lock.
extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}
