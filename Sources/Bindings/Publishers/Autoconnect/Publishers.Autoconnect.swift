extension Publishers {
  /// A publisher that connects its connectable upstream when the first subscriber attaches, and
  /// disconnects when the last one cancels or completes, as ``ConnectablePublisher/autoconnect()``
  /// describes. It is a class: every copy shares the one connection.
  ///
  /// ```swift
  /// let shared = subject.multicast { PassthroughSubject<Int, Never>() }.autoconnect()
  /// let token = shared.sink { print($0) }
  /// subject.send(1)   // prints "1"
  /// ```
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The connectable publisher.
    public let upstream: Upstream

    private let lock = Lock()
    private var machine = AutoconnectStateMachine()

    /// Creates a publisher that connects `upstream` automatically.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      lock.lock()
      let action = machine.subscriberAdded()
      lock.unlock()
      // The subscriber attaches before connecting, so that it sees what a synchronous upstream sends.
      upstream.subscribe(Inner(parent: self, downstream: subscriber))
      guard case .connect = action else { return }
      let connection = upstream.connect()
      lock.lock()
      let decision = machine.connected(connection)
      lock.unlock()
      if case .cancelConnection = decision { connection.cancel() }
    }

    fileprivate func subscriberRemoved() {
      lock.lock()
      let action = machine.subscriberRemoved()
      lock.unlock()
      if case .cancelConnection(let connection) = action { connection.cancel() }
    }

    /// Sits between the upstream and one subscriber, to tell the parent when the subscriber leaves.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let liveObject = LiveObjectToken("Autoconnect.Inner")
      typealias Input = Output
      typealias Failure = Upstream.Failure

      private let lock = Lock()
      private var parent: Autoconnect?
      private var downstream: Downstream?
      private var upstream: (any Subscription)?

      init(parent: Autoconnect, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
      }

      var description: String { "Autoconnect" }

      func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream == nil, let downstream else {
          lock.unlock()
          subscription.cancel()
          return
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
      }

      func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let downstream = self.downstream
        lock.unlock()
        return downstream?.receive(input) ?? .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let downstream = self.downstream
        let parent = self.parent
        self.downstream = nil
        self.parent = nil
        upstream = nil
        lock.unlock()
        downstream?.receive(completion: completion)
        parent?.subscriberRemoved()
      }

      func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = self.upstream
        lock.unlock()
        upstream?.request(demand)
      }

      func cancel() {
        lock.lock()
        let upstream = self.upstream
        let parent = self.parent
        let downstream = self.downstream
        self.upstream = nil
        self.parent = nil
        self.downstream = nil
        lock.unlock()
        upstream?.cancel()
        parent?.subscriberRemoved()
        _ = downstream
      }
    }
  }
}
