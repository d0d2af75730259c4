/// A publisher that exposes a method for outside callers to publish values.
///
/// ```swift
/// let subject = PassthroughSubject<String, Never>()
/// let token = subject.sink { print($0) }
/// subject.send("hello")   // prints "hello"
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Sends `value` to the subscribers.
  func send(_ value: Output)
  /// Sends a completion to the subscribers; later sends are ignored.
  func send(completion: Subscribers.Completion<Failure>)
  /// Gives the subject an upstream subscription; the subject requests unlimited values on it.
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Sends a `Void` value.
  public func send() { send(()) }
}

extension Publisher {
  /// Attaches `subject` to this publisher, so the subject republishes what this publisher sends.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.sink { print($0) }
  /// let link = [1, 2].publisher.subscribe(subject)   // prints "1", "2"
  /// ```
  ///
  /// - Returns: A token that cancels the link between this publisher and the subject.
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
    let forwarder = SubjectForwarder(subject: subject)
    subscribe(forwarder)
    return AnyCancellable(forwarder)
  }
}

/// A subject of the library's own, which can forget an upstream subscription that has ended, so
/// that forwarding into it and unlinking again leaves nothing behind.
protocol UpstreamRemovingSubject: AnyObject {
  func removeUpstream(_ upstream: AnyObject)
}

/// Forwards a publisher's events into a subject it holds.
final class SubjectForwarder<Downstream: Subject>: Subscriber, Cancellable, @unchecked Sendable {
  typealias Input = Downstream.Output
  typealias Failure = Downstream.Failure

  private let lock = Lock()
  private var subject: Downstream?
  private var upstream: (any Subscription)?
  private var isCancelled = false

  init(subject: Downstream) {
    self.subject = subject
  }

  func receive(subscription: any Subscription) {
    lock.lock()
    guard upstream == nil, !isCancelled, let subject else {
      lock.unlock()
      subscription.cancel()
      return
    }
    upstream = subscription
    lock.unlock()
    subject.send(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    let subject = self.subject
    lock.unlock()
    subject?.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    let subject = self.subject
    self.subject = nil
    upstream = nil
    lock.unlock()
    subject?.send(completion: completion)
  }

  func cancel() {
    lock.lock()
    isCancelled = true
    let upstream = self.upstream
    self.upstream = nil
    let subject = self.subject
    self.subject = nil
    lock.unlock()
    upstream?.cancel()
    if let upstream { (subject as? any UpstreamRemovingSubject)?.removeUpstream(upstream as AnyObject) }
  }
}
