extension Publisher {
  /// Collects values into arrays of at most `count` values, publishing each array when it is full
  /// and the remainder when the upstream finishes.
  ///
  /// ```swift
  /// let token = [1, 2, 3, 4, 5].publisher
  ///   .collect(2)
  ///   .sink { print($0) }
  /// // prints "[1, 2]", "[3, 4]", "[5]"
  /// ```
  ///
  /// Demand is counted in arrays: a request for `n` arrays asks the upstream for `n * count` values.
  /// If the upstream fails, the partial array is discarded and the failure is republished.
  ///
  /// - Parameter count: The most values an array holds; must be positive.
  /// - Returns: A publisher of arrays of upstream values.
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that groups upstream values into arrays of a given size.
  ///
  /// ```swift
  /// let token = Publishers.CollectByCount(upstream: [1, 2, 3].publisher, count: 2).sink { print($0) }
  /// // prints "[1, 2]", "[3]"
  /// ```
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    /// Arrays of the upstream's values, `count` at a time; the last may be shorter.
    public typealias Output = [Upstream.Output]
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are grouped.
    public let upstream: Upstream

    /// The most values an array holds.
    public let count: Int

    /// Creates a publisher that groups the values of `upstream` into arrays of `count` values.
    ///
    /// - Precondition: `count` is positive.
    public init(upstream: Upstream, count: Int) {
      precondition(count > 0, "collect(_:) needs a positive count, got \(count)")
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, count: count))
    }
  }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

extension Publishers.CollectByCount {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    private let liveObject = LiveObjectToken("CollectByCount.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// Everything the subscription knows, guarded by its lock.
    private struct State {
      var relay: TransformingRelayState<Downstream>
      var buffer: [Upstream.Output] = []

      /// Adds `input` to the array that is filling; returns the downstream and the array once it
      /// holds `count` values, `nil` otherwise (also when the relay is not live).
      mutating func append(_ input: Upstream.Output, count: Int) -> (Downstream, [Upstream.Output])? {
        guard let downstream = relay.liveDownstream else { return nil }
        buffer.append(input)
        guard buffer.count == count else { return nil }
        let group = buffer
        buffer.removeAll(keepingCapacity: true)
        return (downstream, group)
      }

      /// Ends a live relay and takes the buffer with it, to be delivered or released unlocked.
      mutating func endTakingBuffer() -> (TransformingRelayState<Downstream>.Ended, [Upstream.Output])? {
        guard let ended = relay.end() else { return nil }
        defer { buffer = [] }
        return (ended, buffer)
      }
    }

    private let state: Locked<State>
    private let count: Int

    init(downstream: Downstream, count: Int) {
      var initial = State(relay: TransformingRelayState(downstream: downstream))
      initial.buffer.reserveCapacity(count)
      state = Locked(initial)
      self.count = count
    }

    var description: String { "CollectByCount" }

    func receive(subscription: any Subscription) {
      guard let downstream = state.withLock({ $0.relay.attach(subscription) }) else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      let count = self.count
      guard let (downstream, group) = state.withLock({ $0.append(input, count: count) }) else { return .none }
      // The downstream counts in arrays; the upstream counts in values.
      return downstream.receive(group) * count
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      guard let (ended, remainder) = state.withLock({ $0.endTakingBuffer() }), let downstream = ended.downstream else {
        return
      }
      if case .finished = completion, !remainder.isEmpty {
        // The array that was filling is one the downstream already asked for.
        _ = downstream.receive(remainder)
      }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      state.withLock { $0.relay.liveUpstream }?.request(demand * count)
    }

    func cancel() {
      guard let (ended, released) = state.withLock({ $0.endTakingBuffer() }) else { return }
      ended.upstream.cancel()
      _ = released
    }
  }
}
