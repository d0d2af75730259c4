extension Publisher {
  /// Shares one subscription to this publisher among all subscribers: the first subscriber
  /// connects it, and the last one to leave cancels it.
  ///
  /// ```swift
  /// let requests = PassthroughSubject<Int, Never>()
  /// let shared = requests.share()
  /// let first = shared.sink { print("first \($0)") }
  /// let second = shared.sink { print("second \($0)") }
  /// requests.send(1)   // prints "first 1", "second 1"
  /// ```
  ///
  /// Like Combine's, it is a multicast through a ``PassthroughSubject`` that connects
  /// automatically: a subscriber that attaches late misses what was already sent, and after the
  /// upstream completes, new subscribers receive the completion at once.
  public func share() -> Publishers.Share<Self> {
    Publishers.Share(upstream: self)
  }
}

extension Publishers {
  /// A publisher that shares one subscription to its upstream, as ``Publisher/share()``
  /// describes. It is a class: the sharing is per instance, and instances are equal only to
  /// themselves.
  ///
  /// ```swift
  /// let source = PassthroughSubject<Int, Never>()
  /// let shared = source.share()
  /// let first = shared.sink { print("first \($0)") }
  /// let second = shared.sink { print("second \($0)") }
  /// source.send(1)   // prints "first 1", "second 1"; the source has one subscriber
  /// ```
  public final class Share<Upstream: Publisher>: Publisher, Equatable {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The shared publisher.
    public let upstream: Upstream

    private let inner: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

    /// Creates a shared publisher over `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
      inner = Multicast(upstream: upstream, createSubject: { PassthroughSubject() }).autoconnect()
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      inner.receive(subscriber: subscriber)
    }

    /// Whether two shared publishers are the same instance, and so share one upstream subscription.
    public static func == (lhs: Share, rhs: Share) -> Bool {
      lhs === rhs
    }
  }
}

extension Publishers.Share: Sendable where Upstream: Sendable {}
