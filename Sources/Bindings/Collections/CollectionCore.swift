import Synchronization

/// One event of an observable collection: its contents after the change, and the change.
///
/// ```swift
/// let numbers = MutableObservableArray([1, 2])
/// let token = numbers.sink { event in print(event.contents, event.change) }
/// // prints "[1, 2] reset"
/// numbers.append(3)
/// // prints "[1, 2, 3] inserts [2]"
/// ```
///
/// A new subscriber first receives the current contents with a reset change.
public struct CollectionEvent<Contents, Change> {
  /// The contents after the change.
  public let contents: Contents
  /// What changed to produce ``contents``.
  public let change: Change

  /// An event with the given contents and change.
  @inlinable
  public init(contents: Contents, change: Change) {
    self.contents = contents
    self.change = change
  }
}

extension CollectionEvent: Sendable where Contents: Sendable, Change: Sendable {}
extension CollectionEvent: Equatable where Contents: Equatable, Change: Equatable {}

/// The engine every observable collection shares: contents behind the lock, a subscriber list of its
/// own to which events are delivered in edit order, and the current contents replayed to each new
/// subscriber at its place in that order.
///
/// 1. An edit changes the contents under the lock. When nobody is delivering, the editing thread
///    becomes the deliverer: it takes the event and the list of subscribers, unlocks, and lends the
///    event to each subscriber in turn (the event stays where it was made: no box, no copy, no
///    allocation). When somebody is delivering (another thread, or a subscriber editing from inside
///    a delivery), the edit only queues its event, which the deliverer delivers after the current
///    one. So every subscriber sees the events one at a time, in edit order.
/// 2. Only the contents and the events in flight hold the contents' storage between events, so an
///    edit with no subscriber holding an old event mutates in place (an append is O(1)).
/// 3. A subscriber joins the list when it subscribes; its first demand queues a replay of the
///    current contents addressed to it. It is handed nothing before its replay, so it sees the
///    contents once and then exactly the changes that follow.
/// 4. Demand is Combine's: a subscriber is handed an event only while it has demand, which the event
///    uses up, and what it returns is added; an event that finds it with none passes it by. A
///    subscriber with unlimited demand (a `sink`, a binding) is served with no lock: its flags, read
///    atomically, say so.
/// 5. After `cancel()` returns, no delivery starts to that subscriber (a delivery already running on
///    the deliverer's thread may finish). The list lets go of it at once; the deliverer's copy of the
///    list at the end of its round, after unlocking.
///
/// The path of an edit (``edit(_:)``, the delivery to each subscriber, the subscriber's thunk) is
/// inlinable, so that it is specialised in the client for the element and subscriber types: run
/// generic, it looked up type metadata about thirty times per edit.
@usableFromInline
final class CollectionCore<Contents, Change>: @unchecked Sendable {
  @usableFromInline typealias Event = CollectionEvent<Contents, Change>
  @usableFromInline typealias Listing = CollectionSubscriber<Contents, Change>

  /// What waits in the queue while somebody else is delivering.
  @usableFromInline
  enum Delivery {
    case event(Event)
    /// The contents as they were at the subscriber's first demand, for it alone.
    case replay(Listing, Contents)
  }

  /// What an edit made while nobody was delivering hands its thread, which has become the deliverer:
  /// the contents after the edit and the subscribers to deliver its event to. A tuple of two
  /// references rather than a struct holding the event: the event's change stays in the caller's
  /// variable, moved once into the event, and no optional of a struct is copied through its value
  /// witnesses.
  @usableFromInline typealias Round = (contents: Contents, subscribers: [Listing])

  /// What the lock guards. Its methods decide; the core acts on their answer after unlocking.
  @usableFromInline
  struct State {
    @usableFromInline var contents: Contents
    /// Counts edits, so a computation made outside the lock can tell whether it is still current.
    @usableFromInline var version = 0
    /// Deliveries queued while somebody delivers; empty whenever nobody does.
    @usableFromInline var pending: [Delivery] = []
    @usableFromInline var isDelivering = false
    /// The subscribers, in subscription order. The deliverer takes a copy with each round, so that
    /// it reads the list without the lock while others subscribe and cancel.
    @usableFromInline var subscribers: [Listing] = []

    init(contents: Contents) {
      self.contents = contents
    }

    /// Records an edit that produced `change`. When nobody is delivering, the caller becomes the
    /// deliverer and gets the round to deliver at once, with no trip through the queue, and keeps
    /// `change` for its event; with no subscriber either, there is nothing to deliver. Otherwise the
    /// change moves into an event in the queue, and `nil` is returned.
    @inlinable
    mutating func commitForDelivery(_ change: inout Change?) -> Round? {
      version += 1
      guard isDelivering else {
        // Nobody delivers, so nothing is queued: with no subscriber, the event has no one to reach.
        if subscribers.isEmpty { return nil }
        isDelivering = true
        return (contents, subscribers)
      }
      pending.append(.event(Event(contents: contents, change: change.take()!)))
      return nil
    }

    /// Queues `delivery`; returns whether the caller must deliver the queue (nobody else is).
    @inlinable
    mutating func queue(_ delivery: Delivery) -> Bool {
      pending.append(delivery)
      guard !isDelivering else { return false }
      isDelivering = true
      return true
    }

    /// The deliveries queued so far and the subscribers to deliver them to, for the deliverer;
    /// `nil` when it may stop, which it then does.
    @inlinable
    mutating func takePending() -> (deliveries: [Delivery], subscribers: [Listing])? {
      if pending.isEmpty {
        isDelivering = false
        return nil
      }
      let taken = pending
      pending = []
      return (taken, subscribers)
    }
  }

  @usableFromInline let state: Locked<State>
  @usableFromInline let resetChange: Change

  @usableFromInline
  init(contents: Contents, resetChange: Change) {
    state = Locked(State(contents: contents))
    self.resetChange = resetChange
  }

  deinit {
    // Subscribers that dropped their subscription without cancelling are still listed: they are
    // released here, after the lock.
    let remaining = state.withLock { state in
      let remaining = (state.subscribers, state.pending)
      state.subscribers = []
      state.pending = []
      return remaining
    }
    withExtendedLifetime(remaining) {}
  }

  /// The current contents and their version.
  @inlinable
  var snapshot: (contents: Contents, version: Int) {
    state.withLock { ($0.contents, $0.version) }
  }

  /// The current contents. Inlinable, as the collections' reads that use it: run unspecialised, a
  /// read looked up the contents' type metadata each time.
  @inlinable
  var contents: Contents {
    state.withLock { $0.contents }
  }

  /// Reads the contents under the lock. `body` must be library code that calls no user code.
  @inlinable
  func read<Result>(_ body: (Contents) -> Result) -> Result {
    state.withLock { body($0.contents) }
  }

  /// The number of subscribers in the list: those that subscribed and have not cancelled.
  var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// Edits the contents under the lock and delivers the change.
  ///
  /// `mutation` must be library code that calls no user code, and must hand any element it removes
  /// back in its result, so that the element is released after unlocking. A `nil` change sends
  /// nothing.
  @inlinable
  func edit<Result>(_ mutation: (inout Contents) -> (change: Change?, result: Result)) -> Result {
    var change: Change?
    var round: Round?
    let result = state.withLock { state -> Result in
      let result: Result
      (change, result) = mutation(&state.contents)
      if change != nil { round = state.commitForDelivery(&change) }
      return result
    }
    deliver(&round, change: &change)
    return result
  }

  /// Edits the contents under the lock and delivers the change, as ``edit(_:)``, if no edit
  /// happened since `version`; returns `nil` without calling `mutation` otherwise.
  @inlinable
  func edit<Result>(
    ifVersion version: Int, _ mutation: (inout Contents) -> (change: Change?, result: Result)
  ) -> Result? {
    var change: Change?
    var round: Round?
    let result = state.withLock { state -> Result? in
      guard state.version == version else { return nil }
      let result: Result
      (change, result) = mutation(&state.contents)
      if change != nil { round = state.commitForDelivery(&change) }
      return result
    }
    deliver(&round, change: &change)
    return result
  }

  /// Replaces the contents with `contents` if no edit happened since `version`; the old contents are
  /// released after unlocking. Returns whether it replaced them.
  func replace(ifVersion version: Int, with contents: Contents, change: Change) -> Bool {
    var replacement: Contents? = contents
    return exchange(ifVersion: version, with: &replacement, change: change)
  }

  /// Swaps `contents` with the contents if no edit happened since `version`, and delivers `change`;
  /// `contents` then holds the contents it replaced, for the caller to release (or reuse) after
  /// unlocking. Returns whether it swapped them.
  @inlinable
  func exchange(ifVersion version: Int, with contents: inout Contents?, change: Change) -> Bool {
    var change: Change? = change
    var round: Round?
    let swapped = state.withLock { state -> Bool in
      guard state.version == version, let new = contents.take() else { return false }
      contents = state.contents
      state.contents = new
      round = state.commitForDelivery(&change)
      return true
    }
    deliver(&round, change: &change)
    return swapped
  }

  // MARK: Delivering

  /// Delivers the event of `change` to the subscribers of `round`, if this thread took one as the
  /// deliverer, then whatever was queued meanwhile. Takes both (moved out, not copied); does nothing
  /// when `round` is `nil`.
  @inlinable @inline(__always)
  func deliver(_ round: inout Round?, change: inout Change?) {
    // Every path takes `change`, so that the caller's variable is known to be empty after this call
    // and is not destroyed again (an optional changeset's destroy runs through its type metadata).
    guard case let (contents, subscribers)? = round.take() else {
      _ = change.take()
      return
    }
    hand(Event(contents: consume contents, change: change.take()!), to: subscribers)
    finishRound()
  }

  /// Lends `event` to each subscriber in `subscribers`, in order: each borrows it, none copies it.
  @inlinable
  func hand(_ event: Event, to subscribers: [Listing]) {
    subscribers.withUnsafeBufferPointer { buffer in
      guard let start = UnsafeRawPointer(buffer.baseAddress) else { return }
      for index in buffer.indices {
        // Read as an unretained reference: `subscribers` holds each subscriber for the whole loop,
        // and a retain and release around each delivery cost two atomic operations.
        let reference = start.load(fromByteOffset: index * MemoryLayout<Listing>.stride, as: UnsafeRawPointer.self)
        Unmanaged<Listing>.fromOpaque(reference)._withUnsafeGuaranteedRef { subscriber in
          // Touched by the deliverer only: a subscriber is handed nothing before its replay.
          if subscriber.hasReplayed { hand(event, to: subscriber) }
        }
      }
    }
  }

  /// Lends `event` to `subscriber` if it is live and has demand.
  @inlinable @inline(__always)
  func hand(_ event: Event, to subscriber: Listing) {
    let flags = subscriber.flags.load(ordering: .acquiring)
    if flags & Listing.unlimitedFlag != 0 {
      // Unlimited demand never shrinks: no lock, and the returned demand changes nothing.
      _ = subscriber.receive(event)
    } else if flags & Listing.liveFlag != 0 {
      handCountingDemand(event, to: subscriber)
    }
  }

  /// Hands `event` to `subscriber`, whose demand is limited, if it has demand left, and adds the
  /// demand it returns. Specialised, but kept out of the unlimited-demand loop.
  @inlinable @inline(never)
  func handCountingDemand(_ event: Event, to subscriber: Listing) {
    guard state.withLock({ _ in subscriber.consumeDemand() }) else { return }
    let more = subscriber.receive(event)
    if more > .none { addDemand(more, for: subscriber) }
  }

  /// Adds `demand` to what `subscriber` asked for; on its first demand, queues its replay, and
  /// delivers the queue if nobody else is.
  @inlinable
  func addDemand(_ demand: Subscribers.Demand, for subscriber: Listing) {
    let mustDeliver = state.withLock { state -> Bool in
      guard subscriber.add(demand) else { return false }
      return state.queue(.replay(subscriber, state.contents))
    }
    if mustDeliver { deliverQueue() }
  }

  /// Ends the deliverer's round: stops delivering when nothing was queued meanwhile, or delivers
  /// the queue.
  @inlinable
  func finishRound() {
    let isIdle = state.withLock { state -> Bool in
      guard state.pending.isEmpty else { return false }
      state.isDelivering = false
      return true
    }
    if !isIdle { deliverQueue() }
  }

  /// Delivers the queue, outside the lock, until it is empty; edits made meanwhile (from other
  /// threads, or from inside a subscriber) only queue, so the subscribers see one sender at a time.
  /// Specialised, but kept out of line so that every edit does not carry it.
  @inlinable @inline(never)
  func deliverQueue() {
    while let (deliveries, subscribers) = state.withLock({ $0.takePending() }) {
      for delivery in deliveries {
        switch delivery {
        case .event(let event):
          hand(event, to: subscribers)
        case .replay(let subscriber, let contents):
          replay(contents, to: subscriber)
        }
      }
    }
  }

  /// Hands `subscriber` its replay: the contents as they were at its first demand, with the reset
  /// change. From then on it is handed every event.
  @inlinable
  func replay(_ contents: Contents, to subscriber: Listing) {
    guard !subscriber.hasReplayed else { return }
    subscriber.hasReplayed = true
    hand(Event(contents: contents, change: resetChange), to: subscriber)
  }

  // MARK: Subscribing

  /// Attaches `subscriber`, which receives the current contents on its first demand and then every
  /// change. `keepAlive` is held for as long as the subscription lasts.
  @inlinable
  func attach<S: Subscriber>(_ subscriber: S, keepAlive: AnyObject?) where S.Input == Event, S.Failure == Never {
    let listed = Listed(downstream: subscriber, keepAlive: keepAlive)
    state.withLock { $0.subscribers.append(listed) }
    subscriber.receive(subscription: Handle(core: self, subscriber: consume listed))
  }

  /// Takes the subscriber of `handle` out of the list; it is handed nothing more. Released after
  /// unlocking. O(*n*) for *n* subscribers.
  func cancel(_ handle: Handle) {
    let removed = state.withLock { state -> (Listing?, Listing?) in
      guard let subscriber = handle.subscriber.take() else { return (nil, nil) }
      subscriber.end()
      guard let index = state.subscribers.firstIndex(where: { $0 === subscriber }) else { return (subscriber, nil) }
      return (subscriber, state.subscribers.remove(at: index))
    }
    withExtendedLifetime(removed) {}
  }

  /// A subscriber in the list: the downstream, and a thunk, made where the downstream's type is
  /// known, that hands it an event.
  @usableFromInline
  final class Listed<Downstream: Subscriber>: Listing
  where Downstream.Input == Event, Downstream.Failure == Never {
    @usableFromInline let downstream: Downstream
    @usableFromInline let keepAlive: AnyObject?
    @usableFromInline let liveObject: LiveObjectToken

    @inlinable
    init(downstream: Downstream, keepAlive: AnyObject?) {
      self.downstream = downstream
      self.keepAlive = keepAlive
      liveObject = LiveObjectToken("CollectionCore.Listed")
      super.init { subscriber, event in
        unsafeDowncast(subscriber, to: Listed.self).downstream.receive(event)
      }
    }
  }

  /// The subscription the downstream holds. It lets go of its subscriber when cancelled: the
  /// subscriber holds the downstream, and the downstream may hold its subscription after cancelling
  /// it. It refers to the subscriber strongly until then rather than weakly, since every retain and
  /// release of an object that is weakly referred to takes the runtime's slower path; to the core
  /// weakly, so that a subscription kept after its cancel does not keep the contents alive (the
  /// core is not retained per event).
  @usableFromInline
  final class Handle: Subscription {
    private let liveObject = LiveObjectToken("CollectionCore.Handle")
    weak var core: CollectionCore?
    /// Guarded by the core's lock; `nil` once cancelled.
    @exclusivity(unchecked) var subscriber: Listing?

    @usableFromInline
    init(core: CollectionCore, subscriber: Listing) {
      self.core = core
      self.subscriber = subscriber
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
      guard let core, let subscriber = core.state.withLock({ _ in subscriber }) else { return }
      core.addDemand(demand, for: subscriber)
    }

    @usableFromInline
    func cancel() {
      core?.cancel(self)
    }
  }
}

/// One subscriber of a ``CollectionCore``, as its list holds it: what the deliverer reads without
/// the lock (``flags``, ``hasReplayed``, the thunk) and what the core's lock guards (the demand, and
/// whether it is live and awaits its replay). Generic over the core's types only, so that the list
/// and the queue hold one type whatever the subscribers are; ``CollectionCore/Listed`` holds the
/// downstream.
@usableFromInline
class CollectionSubscriber<Contents, Change> {
  /// Set in ``flags`` while the subscriber is live.
  @usableFromInline static var liveFlag: UInt8 { 1 }
  /// Set in ``flags`` while the subscriber is live with unlimited demand: the deliverer then hands it
  /// events with no lock.
  @usableFromInline static var unlimitedFlag: UInt8 { 2 }

  /// A summary of the guarded fields, written under the core's lock after each change of them, read
  /// by the deliverer without it.
  @usableFromInline final let flags = Atomic<UInt8>(1)
  /// Whether it was handed its replay. Touched only by the deliverer, one thread at a time (the core's
  /// lock passes the role on). Unchecked: an exclusivity check costs more than reading it.
  @usableFromInline @exclusivity(unchecked) final var hasReplayed = false
  /// Guarded by the core's lock.
  @usableFromInline @exclusivity(unchecked) final var demand = Subscribers.Demand.none
  /// Guarded by the core's lock; `false` once cancelled.
  @usableFromInline @exclusivity(unchecked) final var isLive = true
  /// Guarded by the core's lock; `true` until its first demand queues its replay.
  @usableFromInline @exclusivity(unchecked) final var awaitsReplay = true
  /// Hands an event to the downstream; returns the demand it asks for. Made where the downstream's
  /// type is known, so that it runs specialised.
  @usableFromInline final let thunk: (CollectionSubscriber, CollectionEvent<Contents, Change>) -> Subscribers.Demand

  @usableFromInline
  init(thunk: @escaping (CollectionSubscriber, CollectionEvent<Contents, Change>) -> Subscribers.Demand) {
    self.thunk = thunk
  }

  /// Lends `event` to the downstream.
  @inlinable @inline(__always)
  final func receive(_ event: CollectionEvent<Contents, Change>) -> Subscribers.Demand {
    thunk(self, event)
  }

  /// Adds `more` to the demand, under the core's lock. Returns whether this was the first demand,
  /// whose replay the caller must queue.
  @inlinable
  final func add(_ more: Subscribers.Demand) -> Bool {
    guard isLive else { return false }
    demand += more
    publishFlags()
    guard awaitsReplay, demand > .none else { return false }
    awaitsReplay = false
    return true
  }

  /// Uses one unit of demand, under the core's lock, if it is live and has one.
  @inlinable
  final func consumeDemand() -> Bool {
    guard isLive, demand > .none else { return false }
    demand -= 1
    return true
  }

  /// Marks it cancelled, under the core's lock.
  @usableFromInline
  final func end() {
    isLive = false
    publishFlags()
  }

  @inlinable
  final func publishFlags() {
    var flags: UInt8 = 0
    if isLive {
      flags |= Self.liveFlag
      if demand == .unlimited { flags |= Self.unlimitedFlag }
    }
    self.flags.store(flags, ordering: .releasing)
  }
}
