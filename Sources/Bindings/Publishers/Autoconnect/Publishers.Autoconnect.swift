extension Publishers {
  /// A publisher that connects its connectable upstream when the first subscriber attaches, and
  /// disconnects when the last one cancels, as ``ConnectablePublisher/autoconnect()`` describes. It
  /// is a class: every copy shares the one connection.
  ///
  /// As in Combine, a subscriber that received the upstream's completion still counts until it
  /// cancels: once the upstream has completed, the connection stays, and a later subscriber is not
  /// connected again but gets what the upstream gives a late subscriber (a `share()` or `multicast`
  /// sends it the completion at once; its upstream is not subscribed to a second time).
  ///
  /// ```swift
  /// let shared = Just(1).share()
  /// let first = shared.sink { print($0) }                                // prints "1"
  /// let second = shared.sink(receiveCompletion: { print($0) }) { print($0) }   // prints "finished"
  /// ```
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

    private let machine = Locked(AutoconnectStateMachine())

    /// Creates a publisher that connects `upstream` automatically.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let action = machine.withLock { $0.subscriberAdded() }
      // The subscriber attaches before connecting, so that it sees what a synchronous upstream sends.
      upstream.subscribe(Inner(parent: self, downstream: subscriber))
      guard case .connect = action else { return }
      let connection = upstream.connect()
      let decision = machine.withLock { $0.connected(connection) }
      if case .cancelConnection = decision { connection.cancel() }
    }

    fileprivate func subscriberRemoved() {
      let action = machine.withLock { $0.subscriberRemoved() }
      if case .cancelConnection(let connection) = action { connection.cancel() }
    }

    /// Sits between the upstream and one subscriber, to tell the parent when the subscriber leaves.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let liveObject = LiveObjectToken("Autoconnect.Inner")
      typealias Input = Output
      typealias Failure = Upstream.Failure

      private let state: Locked<State>

      /// What the subscription holds until it ends, guarded by its lock.
      private struct State {
        var parent: Autoconnect?
        var downstream: Downstream?
        var upstream: (any Subscription)?

        /// Takes `subscription` and returns the downstream to hand this subscription to, or `nil`
        /// when `subscription` must be cancelled: it is a second one, or came after the end.
        mutating func attach(_ subscription: any Subscription) -> Downstream? {
          guard upstream == nil, let downstream else { return nil }
          upstream = subscription
          return downstream
        }

        /// Ends the subscription: hands everything back, to act on and release after the lock.
        mutating func end() -> (parent: Autoconnect?, downstream: Downstream?, upstream: (any Subscription)?) {
          (parent.take(), downstream.take(), upstream.take())
        }

        /// Ends the subscription for a completion, keeping the parent: the subscriber still counts
        /// for the connection until it cancels, as in Combine. Hands back what to release after the lock.
        mutating func complete() -> (downstream: Downstream?, upstream: (any Subscription)?) {
          (downstream.take(), upstream.take())
        }
      }

      init(parent: Autoconnect, downstream: Downstream) {
        state = Locked(State(parent: parent, downstream: downstream))
      }

      var description: String { "Autoconnect" }

      func receive(subscription: any Subscription) {
        guard let downstream = state.withLock({ $0.attach(subscription) }) else {
          subscription.cancel()
          return
        }
        downstream.receive(subscription: self)
      }

      func receive(_ input: Input) -> Subscribers.Demand {
        let downstream = state.withLock { $0.downstream }
        return downstream?.receive(input) ?? .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        // The connection is kept: a later subscriber gets the completed upstream, not a new connection.
        let ended = state.withLock { $0.complete() }
        ended.downstream?.receive(completion: completion)
      }

      func request(_ demand: Subscribers.Demand) {
        let upstream = state.withLock { $0.upstream }
        upstream?.request(demand)
      }

      func cancel() {
        let ended = state.withLock { $0.end() }
        ended.upstream?.cancel()
        ended.parent?.subscriberRemoved()
      }
    }
  }
}
