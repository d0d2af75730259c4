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
  func removeUpstream(_ upstream: CombineIdentifier)
}

/// Forwards a publisher's events into a subject it holds.
final class SubjectForwarder<Downstream: Subject>: Subscriber, Cancellable, @unchecked Sendable {
  typealias Input = Downstream.Output
  typealias Failure = Downstream.Failure

  private struct State {
    var subject: Downstream?
    var status = SubscriptionStatus.awaitingSubscription
  }

  private let state: Locked<State>

  init(subject: Downstream) {
    state = Locked(State(subject: subject))
  }

  func receive(subscription: any Subscription) {
    let subject = state.withLock { state -> Downstream? in
      guard let subject = state.subject, state.status.accept(subscription) else { return nil }
      return subject
    }
    guard let subject else {
      subscription.cancel()
      return
    }
    subject.send(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let subject = state.withLock { $0.subject }
    subject?.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (subject, upstream) = state.withLock { state in (state.subject.take(), state.status.terminate()) }
    subject?.send(completion: completion)
    _ = upstream  // released here, after the lock
  }

  func cancel() {
    let (subject, upstream) = state.withLock { state in (state.subject.take(), state.status.terminate()) }
    upstream?.cancel()
    if let upstream { (subject as? any UpstreamRemovingSubject)?.removeUpstream(upstream.combineIdentifier) }
  }
}

extension SubjectForwarder: IdempotentCancellable {}
