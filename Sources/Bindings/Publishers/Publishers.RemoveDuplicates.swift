extension Publisher where Output: Equatable {
  /// Publishes only the values that differ from the previous value.
  ///
  /// ```swift
  /// let token = [1, 1, 2, 2, 1].publisher
  ///   .removeDuplicates()
  ///   .sink { print($0) }
  /// // prints "1", "2", "1"
  /// ```
  ///
  /// - Returns: A publisher that drops consecutive equal values.
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher {
  /// Publishes only the values that the predicate says differ from the previous value.
  ///
  /// ```swift
  /// let token = ["a", "A", "b"].publisher
  ///   .removeDuplicates { $0.lowercased() == $1.lowercased() }
  ///   .sink { print($0) }
  /// // prints "a", "b"
  /// ```
  ///
  /// A dropped value asks the upstream for one more, so the downstream's demand is still met.
  ///
  /// - Parameter predicate: Returns `true` when the second value duplicates the first (previous) one.
  /// - Returns: A publisher that drops consecutive duplicates.
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes only the values that differ from the previous one.
  ///
  /// ```swift
  /// let token = Publishers.RemoveDuplicates(upstream: [1, 1, 2].publisher, predicate: ==)
  ///   .sink { print($0) }
  /// // prints "1", "2"
  /// ```
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are removed.
    public let upstream: Upstream

    /// Returns `true` when the second value duplicates the first.
    public let predicate: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher that drops the values of `upstream` that `predicate` says duplicate the
    /// previous one.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.RemoveDuplicates {
  /// Stands between the upstream subscription and the downstream, so that nothing reaches the
  /// downstream after the upstream completed or the downstream cancelled, even from an upstream
  /// that keeps sending. The predicate runs outside the lock; `previous` is read and written under
  /// it, and the upstream never overlaps its `receive(_:)` calls.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private let liveObject = LiveObjectToken("RemoveDuplicates.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// Everything the subscription knows, guarded by its lock.
    private struct State {
      var relay: TransformingRelayState<Downstream>
      var previous: Upstream.Output?

      /// The downstream and the previous value, while the relay is live.
      var liveDownstreamAndPrevious: (Downstream, Upstream.Output?)? {
        relay.liveDownstream.map { ($0, previous) }
      }

      /// Records `input` as the previous value; returns the one it replaces, to release unlocked.
      mutating func replacePrevious(with input: Upstream.Output) -> Upstream.Output? {
        defer { previous = input }
        return previous
      }
    }

    private let state: Locked<State>
    private let predicate: (Upstream.Output, Upstream.Output) -> Bool

    init(downstream: Downstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      state = Locked(State(relay: TransformingRelayState(downstream: downstream)))
      self.predicate = predicate
    }

    func receive(subscription: any Subscription) {
      guard let downstream = state.withLock({ $0.relay.attach(subscription) }) else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      guard let (downstream, previous) = state.withLock({ $0.liveDownstreamAndPrevious }) else { return .none }
      // A dropped duplicate still used one unit of the upstream's demand: ask for its replacement.
      if let previous, predicate(previous, input) { return .max(1) }
      // The value it replaces is released after unlocking: its deinit may be user code.
      let replaced = state.withLock { $0.replacePrevious(with: input) }
      _ = replaced
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      state.withLock { $0.relay.end() }?.downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      state.withLock { $0.relay.liveUpstream }?.request(demand)
    }

    func cancel() {
      state.withLock { $0.relay.end() }?.upstream.cancel()
    }

    var description: String { "RemoveDuplicates" }
  }
}
