extension Publisher {
  /// Shares one subscription to this publisher among all subscribers and replays the last `count`
  /// values (and the completion, once it came) to each new subscriber before live values.
  ///
  /// ```swift
  /// let source = PassthroughSubject<Int, Never>()
  /// let shared = source.share(replaying: 2)
  /// let first = shared.sink { print("first \($0)") }
  /// source.send(1)                                  // prints "first 1"
  /// source.send(2)                                  // prints "first 2"
  /// source.send(3)                                  // prints "first 3"
  /// let second = shared.sink { print("second \($0)") }   // prints "second 2", "second 3"
  /// source.send(4)                                  // prints "first 4", "second 4"
  /// ```
  ///
  /// - The first subscriber connects the upstream, which is asked for `.unlimited` values; later
  ///   subscribers share that connection. `count == 0` replays nothing and behaves like ``share()``.
  /// - Each subscriber's demand is honoured on its own: replayed and live values wait until it
  ///   requests them. A subscriber that falls behind keeps the values it requested plus at most
  ///   `count` more, the newest, dropping the oldest beyond that — so with `count == 0`, like
  ///   ``share()``, it misses values sent while it has no demand.
  /// - A subscriber that arrives after the upstream completed receives the buffered values, then
  ///   the completion (a failure too); the upstream is not subscribed again.
  /// - The connection is kept when every subscriber has cancelled, as long as the shared publisher
  ///   is kept: the buffer keeps filling and the next subscriber is replayed the newest values. When
  ///   the publisher and all its subscribers are released, the upstream is cancelled.
  /// - Safe from any thread. A subscriber that attaches while a value is being sent gets it either
  ///   in its replay or live, never both and never neither.
  ///
  /// - Parameter count: How many of the latest values to replay; must not be negative.
  ///
  /// - Returns: A publisher that shares one upstream subscription and replays the latest `count` values.
  public func share(replaying count: Int) -> Publishers.ShareReplay<Self> {
    Publishers.ShareReplay(upstream: self, replay: count)
  }
}

extension Publishers {
  /// A publisher that shares one subscription to its upstream and replays its latest values, as
  /// ``Publisher/share(replaying:)`` describes. It is a class: the sharing is per instance, and
  /// instances are equal only to themselves.
  ///
  /// ```swift
  /// let shared: Publishers.ShareReplay = [1, 2, 3].publisher.share(replaying: 1)
  /// _ = shared.sink { print($0) }   // prints 1, 2, 3
  /// _ = shared.sink { print($0) }   // prints 3
  /// ```
  public final class ShareReplay<Upstream: Publisher>: Publisher, Equatable {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The shared publisher.
    public let upstream: Upstream
    /// How many of the latest values a new subscriber is replayed.
    public let replayCount: Int

    private enum Connection {
      case idle
      case connecting
      case connected(any Subscription)
      case completed(Subscribers.Completion<Failure>)
    }

    private struct State {
      var connection = Connection.idle
      var buffer = ReplayBuffer<Output>()
      var subscribers: [ObjectIdentifier: ShareReplayMember<Output, Failure>] = [:]
    }

    private let state = Locked(State())

    /// Creates a shared publisher over `upstream` that replays its last `count` values.
    public init(upstream: Upstream, replay count: Int) {
      precondition(count >= 0, "share(replaying:): the replay count must not be negative, got \(count)")
      self.upstream = upstream
      replayCount = count
    }

    deinit {
      // Nothing can subscribe any more, and no subscriber is left: end the connection.
      if case .connected(let subscription) = state.withLock({ $0.connection }) {
        subscription.cancel()
      }
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (member, connect) = state.withLock { state -> (ShareReplayMember<Output, Failure>, Bool) in
        let replay = state.buffer.values
        if case .completed(let completion) = state.connection {
          return (ShareReplayMember(AnySubscriber(subscriber), replay: replay, completion: completion), false)
        }
        let member = ShareReplayMember(
          AnySubscriber(subscriber), replay: replay, completion: nil, capacity: replayCount, owner: self)
        state.subscribers[ObjectIdentifier(member)] = member
        guard case .idle = state.connection else { return (member, false) }
        state.connection = .connecting
        return (member, true)
      }
      member.start()
      if connect {
        upstream.subscribe(ShareReplayConnection(owner: self))
      }
    }

    /// Connects to the upstream now rather than at the first subscriber, so that the buffer keeps what
    /// the upstream sends before anyone subscribes (``ReplayingSubject`` connects at once). Does nothing
    /// once connected.
    func connect() {
      let connect = state.withLock { state -> Bool in
        guard case .idle = state.connection else { return false }
        state.connection = .connecting
        return true
      }
      if connect {
        upstream.subscribe(ShareReplayConnection(owner: self))
      }
    }

    /// Whether two shared publishers are the same instance, and so share one upstream subscription.
    public static func == (lhs: ShareReplay, rhs: ShareReplay) -> Bool {
      lhs === rhs
    }

    // MARK: Upstream events

    func upstreamSubscribed(_ subscription: any Subscription) {
      let accepted = state.withLock { state -> Bool in
        guard case .connecting = state.connection else { return false }
        state.connection = .connected(subscription)
        return true
      }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    func upstreamSent(_ value: Output) {
      // Buffering and taking the list in one critical section is what keeps a subscriber that
      // attaches meanwhile from getting the value twice or not at all.
      let members = state.withLock { state -> [ShareReplayMember<Output, Failure>] in
        guard case .connected = state.connection else { return [] }
        state.buffer.append(value, keeping: replayCount)
        return Array(state.subscribers.values)
      }
      for member in members {
        member.enqueue(value)
      }
    }

    func upstreamCompleted(_ completion: Subscribers.Completion<Failure>) {
      let (members, released) = state.withLock {
        state -> ([ShareReplayMember<Output, Failure>], Connection) in
        if case .completed = state.connection { return ([], .idle) }
        let released = state.connection
        state.connection = .completed(completion)
        let members = Array(state.subscribers.values)
        state.subscribers = [:]
        return (members, released)
      }
      withExtendedLifetime(released) {}
      for member in members {
        member.enqueue(completion)
      }
    }

    func remove(_ member: ShareReplayMember<Output, Failure>) {
      let removed = state.withLock { $0.subscribers.removeValue(forKey: ObjectIdentifier(member)) }
      withExtendedLifetime(removed) {}
    }
  }
}

// The state is reached only under its lock, and the lock is what makes sending it across threads safe.
extension Publishers.ShareReplay: @unchecked Sendable where Upstream: Sendable {}

/// The last values, oldest first, at most a given count.
struct ReplayBuffer<Value> {
  private var storage: [Value] = []
  private var head = 0

  var count: Int { storage.count - head }
  var isEmpty: Bool { count == 0 }
  var values: [Value] { Array(storage[head...]) }

  init() {}

  init(_ values: [Value]) {
    storage = values
  }

  /// Appends `value` and drops the oldest values beyond `limit`.
  mutating func append(_ value: Value, keeping limit: Int) {
    guard limit > 0 else { return }
    storage.append(value)
    dropOldest(keeping: limit)
  }

  mutating func append(_ value: Value) {
    storage.append(value)
  }

  mutating func dropOldest(keeping limit: Int) {
    if count > limit { head += count - limit }
    // Compact once the dropped prefix outweighs the live values.
    if head > 16, head >= count {
      storage.removeFirst(head)
      head = 0
    }
  }

  mutating func removeFirst() -> Value? {
    guard head < storage.count else { return nil }
    let value = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return value
  }
}

/// The upstream subscriber of a ``Publishers/ShareReplay``. It holds the publisher weakly: the
/// publisher (kept by its owner or by a subscriber) holds the connection.
private final class ShareReplayConnection<Upstream: Publisher>: Subscriber, @unchecked Sendable {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private weak var owner: Publishers.ShareReplay<Upstream>?

  init(owner: Publishers.ShareReplay<Upstream>) {
    self.owner = owner
  }

  func receive(subscription: any Subscription) {
    guard let owner else {
      subscription.cancel()
      return
    }
    owner.upstreamSubscribed(subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    owner?.upstreamSent(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    owner?.upstreamCompleted(completion)
  }
}

/// One subscriber of a ``Publishers/ShareReplay``: its own queue and demand; one thread delivers
/// to it at a time.
final class ShareReplayMember<Output, Failure: Error>: Subscription, @unchecked Sendable {
  private struct State {
    /// `nil` once the subscriber got its completion or cancelled.
    var downstream: AnySubscriber<Output, Failure>?
    /// Keeps the shared publisher alive while subscribed; `nil` when there is none to keep.
    var owner: AnyObject?
    var pending: ReplayBuffer<Output>
    var completion: Subscribers.Completion<Failure>?
    var demand = Subscribers.Demand.none
    /// Someone is delivering; starts `true` until the subscriber has its subscription.
    var isDelivering = true
  }

  private enum Step {
    case value(AnySubscriber<Output, Failure>, Output)
    case completion(AnySubscriber<Output, Failure>, Subscribers.Completion<Failure>, AnyObject?)
    case done
  }

  private let state: Locked<State>
  private let capacity: Int
  private let remove: ((ShareReplayMember) -> Void)?

  init(
    _ downstream: AnySubscriber<Output, Failure>,
    replay: [Output],
    completion: Subscribers.Completion<Failure>?,
    capacity: Int = 0
  ) {
    state = Locked(State(downstream: downstream, owner: nil, pending: ReplayBuffer(replay), completion: completion))
    self.capacity = capacity
    remove = nil
  }

  init<Upstream: Publisher>(
    _ downstream: AnySubscriber<Output, Failure>,
    replay: [Output],
    completion: Subscribers.Completion<Failure>?,
    capacity: Int,
    owner: Publishers.ShareReplay<Upstream>
  ) where Upstream.Output == Output, Upstream.Failure == Failure {
    state = Locked(State(downstream: downstream, owner: owner, pending: ReplayBuffer(replay), completion: completion))
    self.capacity = capacity
    remove = { [unowned owner] member in owner.remove(member) }
  }

  /// Hands the subscription to the subscriber, then delivers what is already due.
  func start() {
    let downstream = state.withLock { $0.downstream }
    downstream?.receive(subscription: self)
    drain()
  }

  func enqueue(_ value: Output) {
    let shouldDrain = state.withLock { state -> Bool in
      guard state.downstream != nil, state.completion == nil else { return false }
      state.pending.append(value)
      state.pending.dropOldest(keeping: Self.limit(demand: state.demand, capacity: capacity))
      return Self.claim(&state)
    }
    if shouldDrain { drain() }
  }

  func enqueue(_ completion: Subscribers.Completion<Failure>) {
    let shouldDrain = state.withLock { state -> Bool in
      guard state.downstream != nil, state.completion == nil else { return false }
      state.completion = completion
      return Self.claim(&state)
    }
    if shouldDrain { drain() }
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    let shouldDrain = state.withLock { state -> Bool in
      guard state.downstream != nil else { return false }
      state.demand += demand
      return Self.claim(&state)
    }
    if shouldDrain { drain() }
  }

  func cancel() {
    let released = state.withLock { state -> (AnySubscriber<Output, Failure>?, AnyObject?, ReplayBuffer<Output>) in
      let released = (state.downstream, state.owner, state.pending)
      state.downstream = nil
      state.owner = nil
      state.pending = ReplayBuffer()
      return released
    }
    // The owner is released only after it has forgotten this subscriber.
    withExtendedLifetime(released) {
      if released.1 != nil { remove?(self) }
    }
  }

  /// The most values kept: those requested, plus `capacity` more.
  private static func limit(demand: Subscribers.Demand, capacity: Int) -> Int {
    guard let max = demand.max else { return Int.max }
    return max > Int.max - capacity ? Int.max : max + capacity
  }

  /// Takes the delivering role when nobody holds it and there is something to deliver.
  private static func claim(_ state: inout State) -> Bool {
    guard !state.isDelivering else { return false }
    let hasValue = state.demand > 0 && !state.pending.isEmpty
    let hasCompletion = state.completion != nil && state.pending.isEmpty
    guard hasValue || hasCompletion else { return false }
    state.isDelivering = true
    return true
  }

  /// Delivers while there is something due; only the caller holding the delivering role runs it.
  private func drain() {
    var additional = Subscribers.Demand.none
    while true {
      let demandToAdd = additional
      let step = state.withLock { state -> Step in
        guard let downstream = state.downstream else {
          state.isDelivering = false
          return .done
        }
        state.demand += demandToAdd
        if state.demand > 0, let value = state.pending.removeFirst() {
          state.demand -= 1
          return .value(downstream, value)
        }
        if state.pending.isEmpty, let completion = state.completion {
          let owner = state.owner
          state.downstream = nil
          state.owner = nil
          state.isDelivering = false
          return .completion(downstream, completion, owner)
        }
        state.isDelivering = false
        return .done
      }
      switch step {
      case .value(let downstream, let value):
        additional = downstream.receive(value)
      case .completion(let downstream, let completion, let owner):
        withExtendedLifetime(owner) {
          if owner != nil { remove?(self) }
        }
        downstream.receive(completion: completion)
        return
      case .done:
        return
      }
    }
  }
}
