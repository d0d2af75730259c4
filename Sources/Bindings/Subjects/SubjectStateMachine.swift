import Dispatch

/// Everything a subject knows, guarded by its lock: the subscriber list, the queue of events, who
/// holds the drain. Each method decides under the lock and returns an action that says what the
/// core (``SubjectCore``) must do after unlocking. An action names a subscriber in the list by its
/// place; the subscribers it takes out of the list travel as the list hands them back (a raw
/// reference from `cancel`, in `NextEvent.released` and from `takeEverything()`; a ``TakenSubscriber``
/// or a ``NewSubscriber`` in the completion's actions: see ``SubscriberList``, "Where references
/// go"), for the core to release after unlocking. The machine itself never dereferences one, so it is
/// tested as a plain value.
///
/// The thread identities the methods take are the callers' (`currentThreadIdentity()`); the list
/// checks, in debug builds, that only the drain holder changes it (``SubscriberList``, invariant 5).
@usableFromInline
struct SubjectStateMachine<Output, Failure: Error>: ~Copyable {
  /// The most values queued by other threads that one drainer delivers; later senders wait for the
  /// drain to be handed to them.
  @usableFromInline static var drainBudget: Int { 16 }
  /// How deep a value may come back into the subject from inside its own delivery before the cycle
  /// is cut.
  @usableFromInline static var maximumCascadeDepth: Int { 1000 }
  /// How many values may come back into the subject from inside its deliveries during one drain
  /// before the cycle is cut. A cycle that branches (three two-way bindings in a ring, `a <~> b`,
  /// `b <~> c` and `c <~> a`) doubles its values at each level, and would take
  /// longer than anyone waits to reach ``maximumCascadeDepth``.
  @usableFromInline static var maximumCascadeValues: Int { 10_000 }

  @usableFromInline
  enum Event {
    case attach(NewSubscriber)
    case latest(SubscriberKey, Output)
    case value(Output, depth: Int)
    case completion(Subscribers.Completion<Failure>)
  }

  /// An event in the queue; for a value whose sender waits to be handed the drain, how to wake it.
  @usableFromInline
  struct QueuedEvent {
    @usableFromInline var event: Event
    @usableFromInline var handOver: DispatchSemaphore?
    @usableFromInline var sender: UInt
    /// A value another thread queued behind the drainer and returned: it counts against the budget.
    @usableFromInline var isBudgeted: Bool

    @inlinable
    init(_ event: Event, handOver: DispatchSemaphore? = nil, sender: UInt = 0, isBudgeted: Bool = false) {
      self.event = event
      self.handOver = handOver
      self.sender = sender
      self.isBudgeted = isBudgeted
    }
  }

  @usableFromInline var subscribers = SubscriberList()
  /// The latest value owed to a subscriber that asked for it while nothing was queued: the usual
  /// first demand of a new subscriber to a current-value subject. It comes before every event in
  /// ``pending`` (it is set only while the queue is empty, and events are queued behind it), and it
  /// is kept here rather than queued so that replaying a value to a new subscriber allocates no
  /// queue storage and is delivered by the specialised ``SubjectCore/finishDelivery()``. Set only
  /// while a drain runs.
  @usableFromInline var replay: Replay?
  @usableFromInline var pending = EventQueue<QueuedEvent>()
  /// The drain while one runs; `nil` while the subject is idle.
  @usableFromInline var drain: Drain?
  /// Budgeted values still in the queue. A drainer that takes over starts with these already counted
  /// against its budget, so the queue never holds more than one budget of them.
  @usableFromInline var budgetedInQueue = 0
  /// The places of subscribers cancelled while a drain ran (empty while none runs); the drainer
  /// removes and releases them.
  @usableFromInline var cancelledDuringDrain: [Int] = []
  @usableFromInline var droppedByCycle = 0
  /// Set when a completion is sent; later sends are ignored from then on.
  @usableFromInline var sentCompletion: Subscribers.Completion<Failure>?
  /// Set when the completion has been delivered; later subscribers get it at once.
  @usableFromInline var deliveredCompletion: Subscribers.Completion<Failure>?
  @usableFromInline var upstreams: [any Subscription] = []
  /// Whether any subscriber has demanded a value: a passthrough subject requests from its
  /// upstreams only from then on.
  @usableFromInline var hasDownstreamDemand = false
  /// The current value, for ``CurrentValueSubject``; `nil` for a passthrough subject.
  @usableFromInline var current: Output?
  /// Counts the changes of a current-value subject's value, so that a read-modify-write can tell
  /// whether the value it read is still the current one (``SubjectCore/modify(_:)``).
  @usableFromInline var currentVersion: UInt = 0
  @usableFromInline let keepsCurrentValue: Bool

  @inlinable
  init(current: Output?) {
    self.current = current
    keepsCurrentValue = current != nil
  }

  /// Who holds a subject's drain and how far it has got: it exists only while a drain runs.
  @usableFromInline
  struct Drain {
    /// The thread that holds the drain (`currentThreadIdentity()`).
    @usableFromInline var holder: UInt
    /// How deep the event being delivered is (0: sent from outside any delivery).
    @usableFromInline var depth = 0
    /// Budgeted values (queued by other threads) that this holder has accepted to deliver.
    @usableFromInline var budgetUsed: Int
    /// Values sent back into the subject from inside its deliveries since this drain started.
    @usableFromInline var cascadedValues = 0

    @inlinable
    init(holder: UInt, budgetUsed: Int) {
      self.holder = holder
      self.budgetUsed = budgetUsed
    }
  }

  /// The latest value owed to one subscriber, waiting for the drain to deliver it (``replay``).
  @usableFromInline
  struct Replay {
    @usableFromInline let key: SubscriberKey
    @usableFromInline let value: Output

    @inlinable
    init(key: SubscriberKey, value: Output) {
      self.key = key
      self.value = value
    }
  }

  /// Whether a drain runs.
  @inlinable
  var isDraining: Bool { drain != nil }

  /// Whether no event waits for the drain: nothing queued and no value to replay.
  @inlinable
  var hasNothingQueued: Bool { replay == nil && pending.isEmpty }

  /// The events waiting for the drain, the value to replay included.
  var queuedCount: Int { pending.count + (replay == nil ? 0 : 1) }

  /// The subscribers in the list, less those cancelled during the drain and not yet removed.
  var subscriberCount: Int { subscribers.count - cancelledDuringDrain.count }

  /// Gives the drain to `thread`, with a fresh budget less the budgeted values still queued (which it
  /// delivers too): the caller that found the drain idle, or the sender it is handed over to.
  @inlinable
  mutating func startDrain(on thread: UInt) {
    drain = Drain(holder: thread, budgetUsed: budgetedInQueue)
    subscribers.noteDrainHolder(thread)
  }

  @inlinable
  mutating func stopDrain() {
    drain = nil
    subscribers.noteDrainHolder(0)
  }

  @inlinable
  mutating func enqueue(_ event: Event) {
    pending.append(QueuedEvent(event))
  }

  /// What `send(_:from:storeAfterCompletion:)` leaves the sender to do.
  @usableFromInline
  enum SendAction {
    /// Nothing: the value is queued, and the thread that holds the drain delivers it.
    case queued
    /// Nothing: the subject has completed, and a current-value subject kept the value as its value.
    case stored
    /// Nothing: the value is dropped (the subject has completed, or a cycle was cut again).
    case dropped
    /// The sender now holds the drain and nothing was queued: deliver the value to every record in
    /// the list, then finish the delivery.
    case deliverToEveryone
    /// The sender now holds the drain, behind queued events: drain.
    case drain
    /// The sender waits until the drain is handed over to it, then drains.
    case waitForDrain(DispatchSemaphore)
    /// A cycle was cut for the first time: print the diagnostic, then nothing (the value is dropped).
    case reportCycle
  }

  /// Makes `value` the current value of a current-value subject, and counts the change for
  /// ``SubjectCore/modify(_:)``; a passthrough subject keeps nothing.
  @inlinable @inline(__always)
  mutating func keepAsCurrent(_ value: Output) {
    guard keepsCurrentValue else { return }
    current = value
    currentVersion &+= 1
  }

  // The idle subject is tested first, and the cycle only on a re-entrant send: the common send (an
  // idle subject) then reads one flag of `drain` (S1, S2, S5, S8, S10 in `Benchmarks/instructions`).
  @inlinable
  mutating func send(_ value: Output, from thread: UInt, storeAfterCompletion: Bool) -> SendAction {
    guard sentCompletion == nil else {
      guard keepsCurrentValue && storeAfterCompletion else { return .dropped }
      keepAsCurrent(value)
      return .stored
    }
    guard let drain else {
      keepAsCurrent(value)
      startDrain(on: thread)
      guard hasNothingQueued else {
        enqueue(.value(value, depth: 0))
        return .drain
      }
      return .deliverToEveryone
    }
    if thread == drain.holder {
      // Re-entrant: sent from inside a delivery of this subject, or of a subject it feeds.
      guard drain.depth < Self.maximumCascadeDepth, drain.cascadedValues < Self.maximumCascadeValues else {
        // As deep, or as often, as values may come back: the cycle is cut, the value dropped (it is
        // not current).
        droppedByCycle += 1
        return droppedByCycle == 1 ? .reportCycle : .dropped
      }
      self.drain!.cascadedValues += 1
      keepAsCurrent(value)
      pending.append(QueuedEvent(.value(value, depth: drain.depth + 1)))
      return .queued
    }
    keepAsCurrent(value)
    guard drain.budgetUsed < Self.drainBudget else {
      // The drainer has delivered enough for others: this sender takes the drain over when the drain
      // reaches its value.
      let handOver = DispatchSemaphore(value: 0)
      pending.append(QueuedEvent(.value(value, depth: 0), handOver: handOver, sender: thread))
      return .waitForDrain(handOver)
    }
    self.drain!.budgetUsed += 1
    budgetedInQueue += 1
    pending.append(QueuedEvent(.value(value, depth: 0), isBudgeted: true))
    return .queued
  }

  /// What `send(completion:from:)` leaves the sender to do.
  struct CompletionAction {
    /// The sender now holds the drain: drain, which delivers the completion.
    var startsDrain = false
    /// The upstream subscriptions the subject let go of, to be released after the lock.
    var upstreamsToRelease: [any Subscription] = []
  }

  mutating func send(completion: Subscribers.Completion<Failure>, from thread: UInt) -> CompletionAction {
    var action = CompletionAction()
    guard sentCompletion == nil else { return action }
    sentCompletion = completion
    action.upstreamsToRelease = upstreams
    upstreams = []
    action.startsDrain = !isDraining
    if action.startsDrain { startDrain(on: thread) }
    enqueue(.completion(completion))
    return action
  }

  /// What `addUpstream(_:)` leaves the caller to do with the upstream subscription.
  enum UpstreamAction {
    case cancel
    case request
    case none
  }

  mutating func addUpstream(_ subscription: any Subscription) -> UpstreamAction {
    guard sentCompletion == nil else { return .cancel }
    upstreams.append(subscription)
    // A current-value subject always wants values (it keeps the latest); a passthrough subject
    // wants them once a subscriber does, as in Combine.
    return keepsCurrentValue || hasDownstreamDemand ? .request : .none
  }

  /// What `attach(_:from:)` leaves the caller to do.
  @usableFromInline
  enum AttachAction {
    /// The caller holds the drain and the newcomer is at `position`: hand it its subscription, then
    /// finish the delivery.
    case handSubscription(position: Int)
    /// The caller holds the drain, behind queued events: drain.
    case drain
    /// A drain runs: the newcomer waits in the queue.
    case queued
  }

  @inlinable
  mutating func attach(_ newcomer: NewSubscriber, from thread: UInt) -> AttachAction {
    var newcomer = newcomer
    // Taken under the lock, so that the list stays in serial order (``SubscriberList``, invariant 4).
    newcomer.serial = SubscriberList.nextSerial()
    if isDraining {
      enqueue(.attach(newcomer))
      return .queued
    }
    startDrain(on: thread)
    guard deliveredCompletion == nil, hasNothingQueued else {
      enqueue(.attach(newcomer))
      return .drain
    }
    return .handSubscription(position: subscribers.insert(newcomer))
  }

  /// What `request(_:at:from:)` leaves the caller to do.
  @usableFromInline
  struct RequestAction {
    @usableFromInline var upstreamsToRequest: [any Subscription] = []
    @usableFromInline var startsDrain = false

    @inlinable
    init() {}
  }

  @inlinable
  mutating func request(_ demand: Subscribers.Demand, at position: Int, from thread: UInt) -> RequestAction {
    var action = RequestAction()
    let record = subscribers.guardedFields(at: position)
    // A subscription reaches only a live record (`position(of:)`); the drainer, adding the demand a
    // delivery returned, may reach one cancelled during that delivery.
    guard record.isLive else { return action }
    record.demand += demand
    if !keepsCurrentValue, !hasDownstreamDemand {
      hasDownstreamDemand = true
      action.upstreamsToRequest = upstreams
    }
    if record.latestValue == .owedOnDemand, sentCompletion == nil, let current {
      // The first value of a current-value subject, or the latest one after demand ran out: the
      // value as it is now. Values queued before it are older, so the subscriber skips them.
      record.latestValue = .queued
      if drain == nil {
        startDrain(on: thread)
        action.startsDrain = true
      }
      let key = SubscriberKey(serial: record.serial, hint: position)
      if hasNothingQueued {
        // Nothing to keep it behind: the drainer delivers it next, with no queue storage.
        replay = Replay(key: key, value: current)
      } else {
        enqueue(.latest(key, current))
      }
    }
    subscribers.publishFlags(at: position)
    return action
  }

  @inlinable
  mutating func consumeDemand(at position: Int) -> Bool {
    let record = subscribers.guardedFields(at: position)
    guard record.isLive, record.latestValue != .queued else { return false }
    guard record.demand > 0 else {
      // Out of demand: a current-value subject owes this subscriber the latest value.
      if keepsCurrentValue { record.latestValue = .owedOnDemand }
      return false
    }
    record.demand -= 1
    return true
  }

  /// Cancels the subscriber `key` names. Returns the subscriber, for the caller to release after
  /// the lock, unless a drain runs: the drainer may be delivering to it right now, so it only
  /// marks it, and the drainer takes it out of the list and releases it at its next step.
  @inlinable
  mutating func cancel(_ key: SubscriberKey) -> UnsafeMutableRawPointer? {
    guard let position = subscribers.position(of: key) else { return nil }
    subscribers.guardedFields(at: position).isLive = false
    subscribers.publishFlags(at: position)
    guard drain != nil else {
      let object = subscribers.remove(at: position)
      subscribers.compactIfSparse()
      return object
    }
    cancelledDuringDrain.append(position)
    return nil
  }

  /// What ``SubjectCore/continueDelivery()`` does after a delivery (`afterDelivery()`).
  @usableFromInline
  enum AfterDeliveryAction {
    /// Nothing was queued and nobody cancelled: the drain is idle.
    case idle
    /// Deliver the value to replay to the subscriber at `position`, whose demand was already
    /// counted, then finish again.
    case replay(Output, position: Int)
    /// Events are queued, or subscribers cancelled during the delivery wait to be released: drain.
    case drain
  }

  /// Ends a delivery: marks the drain idle if nothing was queued and nobody cancelled meanwhile;
  /// otherwise hands out the value to replay when that is all there is to do first (a subscriber's
  /// first value, requested from inside its `receive(subscription:)`), or leaves the rest to the
  /// drain.
  @inlinable
  mutating func afterDelivery() -> AfterDeliveryAction {
    guard cancelledDuringDrain.isEmpty else { return .drain }
    if let (value, position) = takeReplay() {
      drain!.depth = 0
      return .replay(value, position: position)
    }
    guard pending.isEmpty else { return .drain }
    stopDrain()
    return .idle
  }

  /// Marks the drain idle if nothing was queued and nobody cancelled during the delivery.
  @inlinable
  mutating func finishIfNothingQueued() -> Bool {
    guard hasNothingQueued, cancelledDuringDrain.isEmpty else { return false }
    stopDrain()
    return true
  }

  /// Takes the value to replay, with the place of its subscriber, when that subscriber is still
  /// owed it and has demand; counts the unit of demand it uses. Like a queued latest value, it is
  /// gone when the subscriber was cancelled since or taken out of the list by the completion, and
  /// waits for more demand when the demand ran out meanwhile.
  @inlinable
  mutating func takeReplay() -> (Output, position: Int)? {
    guard let replay = replay.take() else { return nil }
    return takeLatest(replay.value, for: replay.key)
  }

  /// The latest value `value` for the subscriber `key` names, with its place, if it is still owed
  /// it and has demand: the demand is counted.
  @inlinable
  mutating func takeLatest(_ value: Output, for key: SubscriberKey) -> (Output, position: Int)? {
    guard let position = subscribers.position(of: key) else { return nil }
    let record = subscribers.guardedFields(at: position)
    guard record.latestValue == .queued else { return nil }
    guard record.demand > 0 else {
      // Demand was used up meanwhile: hold the value until more is requested.
      record.latestValue = .owedOnDemand
      subscribers.publishFlags(at: position)
      return nil
    }
    record.latestValue = .notOwed
    record.demand -= 1
    subscribers.publishFlags(at: position)
    return (value, position)
  }

  /// What the drainer does next (`nextEvent()`).
  @usableFromInline
  enum DrainAction {
    /// The queue is empty and the drain is idle.
    case stopDraining
    /// Wake the sender waiting on this semaphore: it holds the drain from now on.
    case handDrainOver(DispatchSemaphore)
    /// Deliver the value to every record in the list.
    case deliverToEveryone(Output)
    /// Deliver the latest value to the subscriber at `position`, whose demand was already counted.
    case deliverLatest(Output, position: Int)
    /// Hand the subscriber just inserted at `position` its subscription.
    case handSubscription(position: Int)
    /// Hand a subscriber that came after the completion a subscription naming no record, then the
    /// completion, then release it.
    case handSubscriptionAndCompletion(NewSubscriber, Subscribers.Completion<Failure>)
    /// Hand each subscriber taken out of the list the completion, then release it.
    case complete(Subscribers.Completion<Failure>, [TakenSubscriber])
  }

  @usableFromInline
  struct NextEvent {
    @usableFromInline var action: DrainAction
    /// Subscribers cancelled during the drain, which the drainer now releases.
    @usableFromInline var released: [UnsafeMutableRawPointer]
  }

  mutating func nextEvent() -> NextEvent {
    var next = NextEvent(action: .stopDraining, released: [])
    if !cancelledDuringDrain.isEmpty {
      // Places stay valid until the list is compacted, which happens once all are removed.
      for position in cancelledDuringDrain { next.released.append(subscribers.remove(at: position)) }
      cancelledDuringDrain.removeAll(keepingCapacity: true)
      subscribers.compactIfSparse()
    }
    if let (value, position) = takeReplay() {
      drain!.depth = 0
      next.action = .deliverLatest(value, position: position)
      return next
    }
    while let queued = pending.popFirst() {
      if queued.isBudgeted { budgetedInQueue -= 1 }
      if let handOver = queued.handOver {
        // A sender waits for this value: the drain is handed over to it from here.
        pending.pushFirst(QueuedEvent(queued.event))
        startDrain(on: queued.sender)
        next.action = .handDrainOver(handOver)
        return next
      }
      switch queued.event {
      case .value(let value, let depth):
        drain!.depth = depth
        next.action = .deliverToEveryone(value)
        return next
      case .latest(let key, let value):
        guard let (value, position) = takeLatest(value, for: key) else { continue }
        drain!.depth = 0
        next.action = .deliverLatest(value, position: position)
        return next
      case .attach(let newcomer):
        drain!.depth = 0
        if let deliveredCompletion {
          next.action = .handSubscriptionAndCompletion(newcomer, deliveredCompletion)
        } else {
          next.action = .handSubscription(position: subscribers.insert(newcomer))
        }
        return next
      case .completion(let completion):
        drain!.depth = 0
        deliveredCompletion = completion
        next.action = .complete(completion, subscribers.removeAll())
        return next
      }
    }
    stopDrain()
    return next
  }

  /// Empties the list and the queue, for the core's `deinit`: the subscribers still held, to be
  /// released after the lock.
  mutating func takeEverything() -> [UnsafeMutableRawPointer] {
    replay = nil
    var objects = subscribers.removeAll().map(\.object)
    while let queued = pending.popFirst() {
      if case .attach(let newcomer) = queued.event { objects.append(newcomer.object) }
    }
    return objects
  }
}
