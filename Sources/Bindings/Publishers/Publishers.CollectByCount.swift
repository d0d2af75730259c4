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

    private let lock = Lock()
    private let count: Int
    private var relay: TransformingRelayState<Downstream>
    private var buffer: [Upstream.Output] = []

    init(downstream: Downstream, count: Int) {
      self.relay = TransformingRelayState(downstream: downstream)
      self.count = count
      buffer.reserveCapacity(count)
    }

    var description: String { "CollectByCount" }

    func receive(subscription: any Subscription) {
      guard let downstream = lock.withLock({ relay.attach(subscription) }) else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      lock.lock()
      guard let downstream = relay.liveDownstream else {
        lock.unlock()
        return .none
      }
      buffer.append(input)
      guard buffer.count == count else {
        lock.unlock()
        return .none
      }
      let group = buffer
      buffer.removeAll(keepingCapacity: true)
      lock.unlock()
      // The downstream counts in arrays; the upstream counts in values.
      return downstream.receive(group) * count
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      guard let (ended, remainder) = endTakingBuffer(), let downstream = ended.downstream else { return }
      if case .finished = completion, !remainder.isEmpty {
        // The array that was filling is one the downstream already asked for.
        _ = downstream.receive(remainder)
      }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      lock.withLock { relay.liveUpstream }?.request(demand * count)
    }

    func cancel() {
      guard let (ended, released) = endTakingBuffer() else { return }
      ended.upstream.cancel()
      _ = released
    }

    /// Ends a live relay and takes the buffer with it, to be delivered or released unlocked.
    private func endTakingBuffer() -> (TransformingRelayState<Downstream>.Ended, [Upstream.Output])? {
      lock.withLock {
        guard let ended = relay.end() else { return nil }
        defer { buffer = [] }
        return (ended, buffer)
      }
    }
  }
}
