extension Publisher {
  /// Shares this publisher through a subject that `createSubject` makes, once, the first time it
  /// is needed. Nothing is sent until ``ConnectablePublisher/connect()`` is called.
  ///
  /// ```swift
  /// let shared = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
  /// let first = shared.sink { print("first \($0)") }
  /// let second = shared.sink { print("second \($0)") }
  /// let connection = shared.connect()
  /// // prints "first 1", "second 1", "first 2", "second 2"
  /// ```
  public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares this publisher through `subject`. Nothing is sent until
  /// ``ConnectablePublisher/connect()`` is called.
  ///
  /// ```swift
  /// let shared = [1].publisher.multicast(subject: PassthroughSubject<Int, Never>())
  /// let token = shared.sink { print($0) }
  /// let connection = shared.connect()   // prints "1"
  /// ```
  public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self, createSubject: { subject })
  }
}

extension Publishers {
  /// A connectable publisher that shares its upstream through a subject, as
  /// ``Publisher/multicast(_:)`` describes. It is a class: every copy shares the one subject.
  ///
  /// ```swift
  /// let shared = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
  /// let token = shared.sink { print($0) }
  /// let connection = shared.connect()   // prints "1", "2"
  /// ```
  public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher, @unchecked Sendable
  where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The shared publisher.
    public let upstream: Upstream
    /// Makes the subject, once.
    public let createSubject: () -> SubjectType

    /// The subject, once made.
    private let subject = Locked<SubjectType?>(nil)

    /// Creates a multicast of `upstream` through the subject `createSubject` makes.
    public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// The subject, made on first use. `createSubject` runs without the lock; if two threads race
    /// to make it, the first one stored wins and the other is dropped before anyone saw it.
    private var sharedSubject: SubjectType {
      if let existing = subject.withLock({ $0 }) { return existing }
      let made = createSubject()
      // The loser of a race drops its subject here, after the lock.
      return subject.withLock { subject in
        if subject == nil { subject = made }
        return subject!
      }
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      sharedSubject.subscribe(subscriber)
    }

    /// Subscribes the subject to the upstream. Cancelling the result disconnects it.
    public func connect() -> any Cancellable {
      upstream.subscribe(sharedSubject)
    }
  }
}
