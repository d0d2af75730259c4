import Builtin
import Dispatch
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(WinSDK)
import WinSDK
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The engine shared by ``PassthroughSubject`` and ``CurrentValueSubject``.
///
/// Every event that reaches a subscriber — a subscription handoff, a value, the latest value on
/// demand, the completion — goes through one serial *drain*. The thread that finds the drain idle
/// becomes the drainer and delivers; a thread that finds it busy queues its event and returns. So:
///
/// 1. deliveries to a subscriber never overlap, and every subscriber sees events in the same order;
/// 2. a re-entrant send (from inside a delivery, on the draining thread) is delivered after the
///    current delivery finishes, never nested inside it;
/// 3. no lock is held while a subscriber runs, so re-entrant sends, subscribes and cancels cannot
///    deadlock;
/// 4. a drainer delivers at most ``SubjectState/hostageLimit`` values that *other* threads queued
///    behind it. A sender that finds that budget used up queues its value and waits; when the drain
///    reaches its value, the drainer hands the drain to it and returns. So no thread is kept
///    delivering everybody else's values, and when every sender has returned, every value has been
///    delivered;
/// 5. the queue holds at most the hostage limit plus one value per waiting sender (and what the
///    drainer's own subscribers send back re-entrantly): memory stays bounded;
/// 6. a value that a delivery sends back into the same subject, directly or through a cycle of
///    subjects and bindings, is queued one level deeper; past ``SubjectState/maximumCascadeDepth``
///    levels the cycle is cut: the value is dropped and a diagnostic is printed once per subject;
/// 7. after `cancel()` returns, no delivery *starts* to that subscriber; a delivery already running
///    on another thread (at most one value, since deliveries never overlap) may still finish.
///
/// The subject keeps no object per subscriber: its list holds each subscriber itself (a class
/// subscriber as it is, a value-type one in a small box), with its demand and flags, in one buffer
/// (``SubscriberList``). A subscriber is handed a ``SubjectSubscription``, a small struct naming the
/// subject and the subscriber's place in the list, which fits in an `any Subscription` with no
/// allocation.
///
/// While a drain runs, its thread alone reads the list and each subscriber reference, without a
/// lock: a subscriber that cancels meanwhile is marked under the lock, and the drainer takes it out
/// of the list at its next step (`nextEvent`) and releases it after unlocking. That is what lets an
/// unlimited-demand subscriber be served with no lock and no copy per value.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: SubjectControl, @unchecked Sendable {
  @usableFromInline typealias State = SubjectState<Output, Failure>

  @usableFromInline let state: Locked<State>

  /// Inlinable, so that the control thunk it makes runs `request` and `cancel` specialised for the
  /// subject's types: a subject's initialiser is inlinable for the same reason.
  @inlinable
  init(currentValue: Output?) {
    state = Locked(State(current: currentValue))
    super.init { core, key, request in
      let core = unsafeDowncast(core, to: SubjectCore<Output, Failure>.self)
      switch request {
      case .request(let demand): core.request(demand, for: key)
      case .cancel: core.cancel(key)
      }
    }
  }

  deinit {
    // A subscriber that dropped its subscription without cancelling is still in the list: it is
    // released here, after the lock.
    let remaining = state.withLock { $0.takeEverything() }
    for object in remaining { SubscriberList.release(object) }
  }

  @usableFromInline
  var currentValue: Output? {
    state.withLock { $0.current }
  }

  var isCompleted: Bool {
    state.withLock { $0.sentCompletion != nil }
  }

  var subscriberCount: Int {
    // Subscribers cancelled during a drain stay in the list until the drainer removes them.
    state.withLock { $0.subscribers.count - $0.cancelledDuringDrain.count }
  }

  /// The events waiting in the queue, for tests.
  var pendingCountForTesting: Int {
    state.withLock { $0.pending.count }
  }

  /// Whether no drain runs and nothing is queued, for tests.
  var isIdleForTesting: Bool {
    state.withLock { !$0.isDraining && $0.pending.isEmpty }
  }

  /// How many values were dropped to cut a cycle, for tests.
  var droppedByCycleForTesting: Int {
    state.withLock { $0.droppedByCycle }
  }

  // MARK: Entry points

  // `send` and `attach` are inlinable so that they, and the delivery thunk `attach` creates, are
  // specialized for the concrete value and subscriber types in the client's module: unspecialized
  // generic code would look up type metadata at run time on every event.

  /// Sends `value`. With `storeAfterCompletion`, a current-value subject stores the value even when
  /// it has completed (Combine's `value` setter), without sending it.
  @inlinable
  func send(_ value: Output, storeAfterCompletion: Bool = false) {
    let thread = currentThreadIdentity()
    switch state.withLock({ $0.send(value, from: thread, storeAfterCompletion: storeAfterCompletion) }) {
    case .ignore:
      return
    case .deliver(let records):
      deliver(value, to: records)
      finishDelivery()
    case .drain:
      drain()
    case .reportCycle:
      reportCycle()
    case .waitForDrain(let handOff):
      // The drainer hands the drain over when it reaches this value: deliver from there.
      handOff.wait()
      drain()
    }
  }

  @usableFromInline
  func send(completion: Subscribers.Completion<Failure>) {
    let thread = currentThreadIdentity()
    let (startsDrain, upstreams) = state.withLock { $0.send(completion: completion, from: thread) }
    _ = upstreams  // released here, after the lock
    if startsDrain { drain() }
  }

  @usableFromInline
  func send(subscription: any Subscription) {
    switch state.withLock({ $0.addUpstream(subscription) }) {
    case .cancel: subscription.cancel()
    case .request: subscription.request(.unlimited)
    case .none: break
    }
  }

  @inlinable
  func attach<S: Subscriber>(_ subscriber: S, needsInitialValue: Bool) where S.Input == Output, S.Failure == Failure {
    let newcomer = NewSubscriber(subscriber, needsInitialValue: needsInitialValue)
    let thread = currentThreadIdentity()
    switch state.withLock({ $0.attach(newcomer, from: thread) }) {
    case .deliverNow(let record, let position):
      deliverSubscription(to: record, at: position)
      finishDelivery()
    case .drain:
      drain()
    case .queued:
      break
    }
  }

  /// The upstream subscriptions the subject holds, for tests.
  var upstreamsForTesting: [any Subscription] {
    state.withLock { $0.upstreams }
  }

  /// Forgets an upstream subscription given through `send(subscription:)` that has ended, so that
  /// linking and unlinking sources leaves nothing behind. Released after the lock.
  func removeUpstream(_ upstream: CombineIdentifier) {
    let removed: (any Subscription)? = state.withLock { state in
      guard let index = state.upstreams.firstIndex(where: { $0.combineIdentifier == upstream }) else { return nil }
      return state.upstreams.remove(at: index)
    }
    _ = removed
  }

  /// Cancels the upstream subscriptions given through `send(subscription:)`.
  @usableFromInline
  func cancelUpstreams() {
    let upstreams = state.withLock { state in
      let taken = state.upstreams
      state.upstreams = []
      return taken
    }
    for upstream in upstreams { upstream.cancel() }
  }

  // MARK: Called through subscriptions

  /// Adds demand for the subscriber `key` names; queues the latest value it is owed and starts a
  /// drain if needed. Inlinable, so that the control thunk runs it specialised.
  @inlinable
  func request(_ demand: Subscribers.Demand, for key: SubscriberKey) {
    let thread = currentThreadIdentity()
    let action = state.withLock { state -> State.RequestAction in
      guard let position = state.subscribers.position(of: key) else { return State.RequestAction() }
      return state.request(demand, at: position, from: thread)
    }
    act(on: action)
  }

  /// Cancels the subscriber `key` names; releases it (after the lock) unless a drain runs, whose
  /// thread then releases it.
  @inlinable
  func cancel(_ key: SubscriberKey) {
    let released = state.withLock { $0.cancel(key) }
    if let released { SubscriberList.release(released) }
  }

  @inlinable
  func act(on action: State.RequestAction) {
    for upstream in action.upstreamsToRequest { upstream.request(.unlimited) }
    if action.startsDrain { drain() }
  }

  // MARK: The drain

  /// Hands `value` to every subscriber in `records`, the list as the drain holder found it. Only
  /// the drain holder calls this, and while a drain runs no other thread changes the list (a cancel
  /// only marks its subscriber, and the drainer removes it later), so the list is read in place: no
  /// copy, and no retain of each subscriber (the list holds one reference to each).
  @inlinable
  func deliver(_ value: Output, to records: SubscriberList.Records) {
    withUnsafePointer(to: value) { payload in
      for position in 0..<records.count {
        let record = records.start! + position
        // A removed record's flags are 0, as are those of one cancelled during this drain.
        let flags = record.pointee.flags.load(ordering: .acquiring)
        if flags & SubscriberList.fastFlag != 0 {
          // Unlimited demand never shrinks: no lock, and the returned demand changes nothing.
          _ = SubscriberList.hand(payload, .value, to: record)
        } else if flags & SubscriberList.liveFlag != 0 {
          deliverCountingDemand(payload, to: record, at: position)
        }
      }
    }
  }

  /// Hands the value at `payload` to a subscriber whose demand is limited, if it has demand left,
  /// and adds the demand it returns. Specialised, but kept out of the unlimited-demand loop.
  @inlinable @inline(never)
  func deliverCountingDemand(
    _ payload: UnsafeRawPointer, to record: UnsafeMutablePointer<SubscriberRecord>, at position: Int
  ) {
    guard consumeDemand(at: position) else { return }
    let more = SubscriberList.hand(payload, .value, to: record)
    if more > 0 { addDemand(more, at: position) }
  }

  /// Takes one unit of demand from the subscriber at `position`, whose demand is limited; called by
  /// the drainer.
  @usableFromInline
  func consumeDemand(at position: Int) -> Bool {
    state.withLock { $0.consumeDemand(at: position) }
  }

  /// Adds the demand a subscriber returned from `receive(_:)`; called by the drainer.
  @inlinable
  func addDemand(_ demand: Subscribers.Demand, at position: Int) {
    let thread = currentThreadIdentity()
    act(on: state.withLock { $0.request(demand, at: position, from: thread) })
  }

  /// Hands the subscriber just inserted at `position` its subscription; called by the drainer.
  @usableFromInline
  func deliverSubscription(to record: UnsafeMutablePointer<SubscriberRecord>, at position: Int) {
    // The serial never changes once the record is made: read without the lock.
    let subscription = SubjectSubscription(core: self, serial: record.pointee.serial, hint: position)
    withUnsafePointer(to: subscription) { _ = SubscriberList.hand($0, .subscription, to: record) }
  }

  /// Ends a delivery: marks the drain idle when nothing was queued meanwhile (specialized in the
  /// client, so the common case runs no generic code), or goes on draining.
  @inlinable
  func finishDelivery() {
    let isIdle = state.withLock { $0.finishIfNothingQueued() }
    if !isIdle { drain() }
  }

  /// Delivers queued events until the queue is empty, then marks the drain idle; or, on reaching
  /// a value whose sender waits for the drain, hands the drain to that sender. Called without the
  /// lock, by the thread that holds the drain.
  @usableFromInline
  func drain() {
    while true {
      let next = state.withLock { $0.nextEvent() }
      for object in next.released { SubscriberList.release(object) }
      switch next.action {
      case .idle:
        return
      case .handOff(let sender):
        sender.signal()
        return
      case .value(let value, let records):
        deliver(value, to: records)
      case .latest(let record, let position, let value):
        let more = withUnsafePointer(to: value) { SubscriberList.hand($0, .value, to: record) }
        if more > 0 { addDemand(more, at: position) }
      case .attach(let record, let position):
        deliverSubscription(to: record, at: position)
      case .attachAfterCompletion(let newcomer, let completion):
        // A subscription that names no place in the list, so it requests nothing; then the end.
        let subscription = SubjectSubscription(core: self, serial: newcomer.serial, hint: -1)
        var object = newcomer.object
        withUnsafePointer(to: subscription) { _ = newcomer.deliver(&object, $0, .subscription) }
        withUnsafePointer(to: completion) { _ = newcomer.deliver(&object, $0, .completion) }
        SubscriberList.release(object)
      case .completion(let completion, let targets):
        withUnsafePointer(to: completion) { payload in
          for target in targets {
            var object = target.object
            _ = target.deliver(&object, payload, .completion)
            SubscriberList.release(object)
          }
        }
      }
    }
  }

  @usableFromInline
  func reportCycle() {
    let message = """
      Bindings: a value sent to a subject from inside its own delivery came back \
      \(State.maximumCascadeDepth) levels deep: the subject feeds itself through a cycle of bindings \
      or subscribers (for example `p <~ p`, or `a <~ b` with `b <~ a`). Values that come back deeper \
      are dropped, which ends the cycle.

      """
    writeToStandardError(message)
  }
}

/// Writes a diagnostic to the standard error stream.
func writeToStandardError(_ message: String) {
  var message = message
  message.withUTF8 { bytes in
    #if canImport(WinSDK)
    _ = _write(2, bytes.baseAddress, UInt32(bytes.count))
    #else
    _ = write(2, bytes.baseAddress, bytes.count)
    #endif
  }
}

/// An identity for the calling thread, cheap enough to take on every send.
@inlinable @inline(__always)
func currentThreadIdentity() -> UInt {
  #if canImport(WinSDK)
  UInt(GetCurrentThreadId())
  #elseif canImport(Darwin)
  UInt(bitPattern: pthread_self())
  #else
  UInt(pthread_self())
  #endif
}

// MARK: - The state machine

/// Everything a subject knows, guarded by its lock. Each method decides under the lock and returns
/// what the core must do after unlocking.
@usableFromInline
struct SubjectState<Output, Failure: Error> {
  /// The most values queued by other threads that one drainer delivers; later senders wait for the
  /// drain to be handed to them.
  @usableFromInline static var hostageLimit: Int { 16 }
  /// How deep a value may come back into the subject from inside its own delivery before the cycle
  /// is cut.
  @usableFromInline static var maximumCascadeDepth: Int { 1000 }

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
    @usableFromInline var handOff: DispatchSemaphore?
    @usableFromInline var sender: UInt
    /// A value another thread queued behind the drainer and returned: it counts against the budget.
    @usableFromInline var isHostage: Bool

    @inlinable
    init(_ event: Event, handOff: DispatchSemaphore? = nil, sender: UInt = 0, isHostage: Bool = false) {
      self.event = event
      self.handOff = handOff
      self.sender = sender
      self.isHostage = isHostage
    }
  }

  @usableFromInline
  enum SendAction {
    case ignore
    case deliver(SubscriberList.Records)
    case drain
    case waitForDrain(DispatchSemaphore)
    case reportCycle
  }

  @usableFromInline
  enum AttachAction {
    case deliverNow(UnsafeMutablePointer<SubscriberRecord>, Int)
    case drain
    case queued
  }

  enum UpstreamAction {
    case cancel
    case request
    case none
  }

  @usableFromInline
  struct RequestAction {
    @usableFromInline var upstreamsToRequest: [any Subscription] = []
    @usableFromInline var startsDrain = false

    @inlinable
    init() {}
  }

  @usableFromInline
  enum DrainAction {
    case idle
    case handOff(DispatchSemaphore)
    case value(Output, SubscriberList.Records)
    case latest(UnsafeMutablePointer<SubscriberRecord>, Int, Output)
    case attach(UnsafeMutablePointer<SubscriberRecord>, Int)
    case attachAfterCompletion(NewSubscriber, Subscribers.Completion<Failure>)
    case completion(Subscribers.Completion<Failure>, [TakenSubscriber])
  }

  @usableFromInline
  struct NextEvent {
    @usableFromInline var action: DrainAction
    /// Subscribers cancelled during the drain, which the drainer now releases.
    @usableFromInline var released: [UnsafeMutableRawPointer]
  }

  @usableFromInline var subscribers = SubscriberList()
  @usableFromInline var pending = EventQueue<QueuedEvent>()
  @usableFromInline var isDraining = false
  /// The thread that holds the drain.
  @usableFromInline var drainingThread: UInt = 0
  /// How deep the event being delivered is (0: sent from outside any delivery).
  @usableFromInline var deliveringDepth = 0
  /// Values queued by other threads that the current drainer has accepted to deliver.
  @usableFromInline var hostagesAccepted = 0
  /// Hostages still in the queue. A drainer that takes over starts with these already counted
  /// against its budget, so the queue never holds more than one budget of them.
  @usableFromInline var queuedHostages = 0
  /// The places of subscribers cancelled while a drain ran; the drainer removes and releases them.
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
  @usableFromInline let keepsCurrentValue: Bool

  @inlinable
  init(current: Output?) {
    self.current = current
    keepsCurrentValue = current != nil
  }

  @inlinable
  mutating func startDrain(on thread: UInt) {
    isDraining = true
    drainingThread = thread
    deliveringDepth = 0
    hostagesAccepted = queuedHostages
  }

  @inlinable
  mutating func enqueue(_ event: Event) {
    pending.append(QueuedEvent(event))
  }

  @inlinable
  mutating func send(_ value: Output, from thread: UInt, storeAfterCompletion: Bool) -> SendAction {
    guard sentCompletion == nil else {
      if keepsCurrentValue && storeAfterCompletion { current = value }
      return .ignore
    }
    if !isDraining {
      if keepsCurrentValue { current = value }
      startDrain(on: thread)
      guard pending.isEmpty else {
        enqueue(.value(value, depth: 0))
        return .drain
      }
      return .deliver(subscribers.records)
    }
    if thread == drainingThread {
      // Re-entrant: sent from inside a delivery of this subject, or of a subject it feeds.
      let depth = deliveringDepth + 1
      guard depth <= Self.maximumCascadeDepth else {
        droppedByCycle += 1
        return droppedByCycle == 1 ? .reportCycle : .ignore
      }
      if keepsCurrentValue { current = value }
      pending.append(QueuedEvent(.value(value, depth: depth)))
      return .ignore
    }
    if keepsCurrentValue { current = value }
    guard hostagesAccepted < Self.hostageLimit else {
      // The drainer has delivered enough for others: this sender takes the drain over when the drain
      // reaches its value.
      let handOff = DispatchSemaphore(value: 0)
      pending.append(QueuedEvent(.value(value, depth: 0), handOff: handOff, sender: thread))
      return .waitForDrain(handOff)
    }
    hostagesAccepted += 1
    queuedHostages += 1
    pending.append(QueuedEvent(.value(value, depth: 0), isHostage: true))
    return .ignore
  }

  mutating func send(
    completion: Subscribers.Completion<Failure>, from thread: UInt
  ) -> (startsDrain: Bool, upstreams: [any Subscription]) {
    guard sentCompletion == nil else { return (false, []) }
    sentCompletion = completion
    let taken = upstreams
    upstreams = []
    let startsDrain = !isDraining
    if startsDrain { startDrain(on: thread) }
    enqueue(.completion(completion))
    return (startsDrain, taken)
  }

  mutating func addUpstream(_ subscription: any Subscription) -> UpstreamAction {
    guard sentCompletion == nil else { return .cancel }
    upstreams.append(subscription)
    // A current-value subject always wants values (it keeps the latest); a passthrough subject
    // wants them once a subscriber does, as in Combine.
    return keepsCurrentValue || hasDownstreamDemand ? .request : .none
  }

  @inlinable
  mutating func attach(_ newcomer: NewSubscriber, from thread: UInt) -> AttachAction {
    var newcomer = newcomer
    // Taken under the lock, so that the list stays in serial order (see `SubscriberList`).
    newcomer.serial = SubscriberList.nextSerial()
    if isDraining {
      enqueue(.attach(newcomer))
      return .queued
    }
    startDrain(on: thread)
    guard deliveredCompletion == nil, pending.isEmpty else {
      enqueue(.attach(newcomer))
      return .drain
    }
    let position = subscribers.insert(newcomer)
    return .deliverNow(subscribers.record(at: position), position)
  }

  @inlinable
  mutating func request(_ demand: Subscribers.Demand, at position: Int, from thread: UInt) -> RequestAction {
    var action = RequestAction()
    let record = subscribers.record(at: position)
    guard record.pointee.isLive else { return action }
    record.pointee.demand += demand
    if !keepsCurrentValue, !hasDownstreamDemand {
      hasDownstreamDemand = true
      action.upstreamsToRequest = upstreams
    }
    if record.pointee.needsInitialValue || record.pointee.owesLatest, sentCompletion == nil, let current {
      // The first value of a current-value subject, or the latest one after demand ran out: the
      // value as it is now. Values queued before it are older, so the subscriber skips them.
      record.pointee.needsInitialValue = false
      record.pointee.owesLatest = false
      record.pointee.awaitsLatest = true
      if !isDraining {
        startDrain(on: thread)
        action.startsDrain = true
      }
      enqueue(.latest(SubscriberKey(serial: record.pointee.serial, hint: position), current))
    }
    record.pointee.needsInitialValue = false
    SubscriberList.publishFlags(of: record)
    return action
  }

  @inlinable
  mutating func consumeDemand(at position: Int) -> Bool {
    let record = subscribers.record(at: position)
    guard record.pointee.isLive, !record.pointee.awaitsLatest else { return false }
    guard record.pointee.demand > 0 else {
      // Out of demand: a current-value subject owes this subscriber the latest value.
      if keepsCurrentValue { record.pointee.owesLatest = true }
      return false
    }
    record.pointee.demand -= 1
    return true
  }

  /// Cancels the subscriber `key` names. Returns the subscriber, for the caller to release after
  /// the lock, unless a drain runs: the drainer may be delivering to it right now, so it only
  /// marks it, and the drainer takes it out of the list and releases it at its next step.
  @inlinable
  mutating func cancel(_ key: SubscriberKey) -> UnsafeMutableRawPointer? {
    guard let position = subscribers.position(of: key) else { return nil }
    let record = subscribers.record(at: position)
    record.pointee.isLive = false
    SubscriberList.publishFlags(of: record)
    guard isDraining else {
      let object = subscribers.remove(at: position)
      subscribers.compactIfSparse()
      return object
    }
    cancelledDuringDrain.append(position)
    return nil
  }

  /// Marks the drain idle if nothing was queued and nobody cancelled during the delivery.
  @inlinable
  mutating func finishIfNothingQueued() -> Bool {
    guard pending.isEmpty, cancelledDuringDrain.isEmpty else { return false }
    isDraining = false
    drainingThread = 0
    deliveringDepth = 0
    return true
  }

  mutating func nextEvent() -> NextEvent {
    var next = NextEvent(action: .idle, released: [])
    if !cancelledDuringDrain.isEmpty {
      // Places stay valid until the list is compacted, which happens once all are removed.
      for position in cancelledDuringDrain { next.released.append(subscribers.remove(at: position)) }
      cancelledDuringDrain.removeAll(keepingCapacity: true)
      subscribers.compactIfSparse()
    }
    while let queued = pending.popFirst() {
      if queued.isHostage { queuedHostages -= 1 }
      if let handOff = queued.handOff {
        // A sender waits for this value: it takes the drain over from here, with a fresh budget
        // less the hostages still queued, which it delivers too.
        pending.pushFirst(QueuedEvent(queued.event))
        drainingThread = queued.sender
        deliveringDepth = 0
        hostagesAccepted = queuedHostages
        next.action = .handOff(handOff)
        return next
      }
      switch queued.event {
      case .value(let value, let depth):
        deliveringDepth = depth
        next.action = .value(value, subscribers.records)
        return next
      case .latest(let key, let value):
        guard let position = subscribers.position(of: key) else { continue }
        let record = subscribers.record(at: position)
        guard record.pointee.awaitsLatest else { continue }
        record.pointee.awaitsLatest = false
        deliveringDepth = 0
        if record.pointee.demand > 0 {
          record.pointee.demand -= 1
          SubscriberList.publishFlags(of: record)
          next.action = .latest(record, position, value)
          return next
        }
        // Demand was used up meanwhile: hold the value until more is requested.
        record.pointee.owesLatest = true
        SubscriberList.publishFlags(of: record)
      case .attach(let newcomer):
        deliveringDepth = 0
        if let deliveredCompletion {
          next.action = .attachAfterCompletion(newcomer, deliveredCompletion)
        } else {
          let position = subscribers.insert(newcomer)
          next.action = .attach(subscribers.record(at: position), position)
        }
        return next
      case .completion(let completion):
        deliveringDepth = 0
        deliveredCompletion = completion
        next.action = .completion(completion, subscribers.removeAll())
        return next
      }
    }
    isDraining = false
    drainingThread = 0
    deliveringDepth = 0
    return next
  }

  /// Empties the list and the queue, for the core's `deinit`: the subscribers still held, to be
  /// released after the lock.
  mutating func takeEverything() -> [UnsafeMutableRawPointer] {
    var objects = subscribers.destroy()
    while let queued = pending.popFirst() {
      if case .attach(let newcomer) = queued.event { objects.append(newcomer.object) }
    }
    return objects
  }
}

// MARK: - Subscribers in the list

/// What a subject asks a subscriber's thunk to hand over.
@usableFromInline
enum SubscriberEventKind: UInt8 {
  /// The payload is an `Output`.
  case value
  /// The payload is a ``SubjectSubscription``.
  case subscription
  /// The payload is a `Subscribers.Completion<Failure>`.
  case completion
}

/// Hands an event to one subscriber whose type the list does not know. The first argument points to
/// where the subscriber reference is stored (the record's ``SubscriberRecord/object``), the second
/// to the event, of the type `kind` names. Returns the demand the subscriber asks for.
///
/// A thunk, made in `attach` where the subscriber's type is known, so that it runs specialised. It
/// captures nothing, and is not generic: the list that stores it is not generic either.
@usableFromInline
typealias SubscriberThunk = (UnsafeMutableRawPointer, UnsafeRawPointer, SubscriberEventKind) -> Subscribers.Demand

/// A record's ``SubscriberThunk``, called in place.
///
/// Calling a closure read from a buffer through a pointer retains and releases its context around
/// the call (the compiler cannot tell the buffer is not changed meanwhile); a non-copyable wrapper
/// with a borrowing method calls it in place, with neither.
@usableFromInline
struct DeliveryThunk: ~Copyable {
  @usableFromInline let function: SubscriberThunk

  @inlinable
  init(_ function: @escaping SubscriberThunk) {
    self.function = function
  }

  @inlinable @inline(__always)
  borrowing func deliver(
    _ field: UnsafeMutableRawPointer, _ payload: UnsafeRawPointer, _ kind: SubscriberEventKind
  ) -> Subscribers.Demand {
    function(field, payload, kind)
  }
}

/// A subscriber on its way into the list: made by `attach`, queued until the drain reaches it.
@usableFromInline
struct NewSubscriber {
  /// One reference to the subscriber, or to the ``SubscriberBox`` holding a value-type one.
  @usableFromInline var object: UnsafeMutableRawPointer
  @usableFromInline let deliver: SubscriberThunk
  @usableFromInline let needsInitialValue: Bool
  /// Its place in subscription order, set under the subject's lock.
  @usableFromInline var serial: UInt64 = 0

  @inlinable
  init<S: Subscriber>(_ subscriber: S, needsInitialValue: Bool) {
    self.needsInitialValue = needsInitialValue
    // Decided when `attach` is specialised, with no run-time cast (`is AnyObject.Type` and
    // `as AnyObject` go through the runtime's dynamic casts): the specialiser folds `canBeClass` to
    // 0 or 1. Unspecialised code (a debug build) gets 2, "maybe", and asks the runtime.
    let canBeClass = Int8(Builtin.canBeClass(S.self))
    if canBeClass == 1 || (canBeClass == 2 && S.self is AnyObject.Type) {
      // A class: the list holds the subscriber itself. The thunk moves the reference out of the
      // record and back around each event, which costs no reference counting.
      object = Unmanaged<AnyObject>.passRetained(unsafeBitCast(subscriber, to: AnyObject.self)).toOpaque()
      deliver = { field, payload, kind in
        let cell = field.assumingMemoryBound(to: S.self)
        let subscriber = cell.move()
        let demand = subscriber.receive(payload, kind)
        cell.initialize(to: subscriber)
        return demand
      }
    } else {
      object = Unmanaged.passRetained(SubscriberBox(subscriber)).toOpaque()
      deliver = { field, payload, kind in
        // The box reference too is moved out and back, rather than retained.
        let cell = field.assumingMemoryBound(to: SubscriberBox<S>.self)
        let box = cell.move()
        let demand = box.receive(payload, kind)
        cell.initialize(to: box)
        return demand
      }
    }
  }
}

/// A subscriber taken out of the list when the subject completes, to be handed the completion and
/// released.
@usableFromInline
struct TakenSubscriber {
  @usableFromInline let object: UnsafeMutableRawPointer
  @usableFromInline let deliver: SubscriberThunk
}

/// Holds a value-type subscriber, so that the list can hold it by reference.
@usableFromInline
final class SubscriberBox<Downstream: Subscriber> {
  /// Read only by the thread that holds the subject's drain.
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream
  @usableFromInline let liveObject: LiveObjectToken

  @inlinable
  init(_ downstream: Downstream) {
    self.downstream = downstream
    liveObject = LiveObjectToken("Subject.SubscriberBox")
  }

  /// Moves the downstream out and back rather than copying it: a copy would retain and release
  /// every reference it holds (a chain of operator stages holds several) for every value.
  @inlinable @inline(__always)
  func receive(_ payload: UnsafeRawPointer, _ kind: SubscriberEventKind) -> Subscribers.Demand {
    withUnsafeMutablePointer(to: &downstream) { cell in
      let downstream = cell.move()
      let demand = downstream.receive(payload, kind)
      cell.initialize(to: downstream)
      return demand
    }
  }
}

extension Subscriber {
  /// Hands the event at `payload`, of the type `kind` names, to this subscriber.
  @inlinable @inline(__always)
  func receive(_ payload: UnsafeRawPointer, _ kind: SubscriberEventKind) -> Subscribers.Demand {
    switch kind {
    case .value:
      return receive(payload.assumingMemoryBound(to: Input.self).pointee)
    case .subscription:
      receive(subscription: payload.assumingMemoryBound(to: SubjectSubscription.self).pointee)
      return .none
    case .completion:
      receive(completion: payload.assumingMemoryBound(to: Subscribers.Completion<Failure>.self).pointee)
      return .none
    }
  }
}

/// Names one subscriber in a subject's list: its serial, and the place it had when it was
/// inserted (the list finds it there, or to the left of there after a compaction).
@usableFromInline
struct SubscriberKey: Sendable {
  @usableFromInline let serial: UInt64
  @usableFromInline let hint: Int

  @inlinable
  init(serial: UInt64, hint: Int) {
    self.serial = serial
    self.hint = hint
  }
}

/// What a subscription asks of its subject.
@usableFromInline
enum SubjectRequest {
  case request(Subscribers.Demand)
  case cancel
}

/// The part of a subject's engine that is not generic: how a ``SubjectSubscription`` reaches it.
@usableFromInline
class SubjectControl: @unchecked Sendable {
  /// Runs `request` and `cancel` for a subscription. Made by the generic subject where its types are
  /// known, so that the control path runs specialised (no generic-metadata lookups), although it is
  /// called through the `Subscription` protocol by code that knows nothing of the subject's types.
  @usableFromInline let control: (SubjectControl, SubscriberKey, SubjectRequest) -> Void

  @inlinable
  init(control: @escaping (SubjectControl, SubscriberKey, SubjectRequest) -> Void) {
    self.control = control
  }
}

/// The subscription a subject hands each subscriber: the subject, and the subscriber's key in its
/// list. Three words on a 64-bit platform, so an `any Subscription` holds it inline, with no
/// allocation.
@usableFromInline
struct SubjectSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
  @usableFromInline let core: SubjectControl
  @usableFromInline let key: SubscriberKey

  @inlinable
  init(core: SubjectControl, serial: UInt64, hint: Int) {
    self.core = core
    key = SubscriberKey(serial: serial, hint: hint)
  }

  @usableFromInline
  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    core.control(core, key, .request(demand))
  }

  @usableFromInline
  func cancel() {
    core.control(core, key, .cancel)
  }

  /// Unique among all subscriptions: serials come from the counter that makes `CombineIdentifier()`.
  @usableFromInline
  var combineIdentifier: CombineIdentifier { CombineIdentifier(rawValue: key.serial) }

  @usableFromInline
  var description: String { "Subject subscription" }
}

// MARK: - Storage

/// What a subject knows about one subscriber, in its list.
///
/// Guarded by the subject's lock, except for what the drainer reads without it: ``object`` and
/// ``thunk`` (which only the drain holder, or a thread that finds no drain running, ever changes)
/// and ``flags`` (atomic).
@usableFromInline
struct SubscriberRecord: ~Copyable {
  /// One reference to the subscriber (or to its box); `nil` once removed, until the list is
  /// compacted.
  @usableFromInline var object: UnsafeMutableRawPointer?
  /// A summary of the guarded fields that the drainer reads without the lock: see
  /// ``SubscriberList/liveFlag`` and ``SubscriberList/fastFlag``.
  @usableFromInline let flags: Atomic<UInt8>
  /// `false` once cancelled or completed.
  @usableFromInline var isLive = true
  /// A current-value subject's first value is still to be queued on first demand.
  @usableFromInline var needsInitialValue: Bool
  /// The latest value is queued for this subscriber: values queued before it are older, so they
  /// are skipped rather than delivered before it, or twice.
  @usableFromInline var awaitsLatest = false
  /// A current-value subject sent while this subscriber had no demand: it gets the latest value as
  /// soon as it requests more.
  @usableFromInline var owesLatest = false
  @usableFromInline let thunk: DeliveryThunk
  @usableFromInline var demand = Subscribers.Demand.none
  /// Increases in list order: how a subscription finds its record after a compaction.
  @usableFromInline let serial: UInt64

  @inlinable
  init(_ newcomer: NewSubscriber) {
    object = newcomer.object
    flags = Atomic(SubscriberList.liveFlag)
    needsInitialValue = newcomer.needsInitialValue
    thunk = DeliveryThunk(newcomer.deliver)
    serial = newcomer.serial
  }
}

/// The subscriber list: records in subscription order, with O(1) removal and amortized compaction.
///
/// The records live in a buffer the list allocates and frees itself, each holding one reference to
/// its subscriber, taken and given back by hand. So the drain holder can hand a value to every
/// subscriber by reading the buffer in place, with no copy of the list and no retain of each
/// subscriber. That is sound because only the drain holder changes the list while a drain runs: a
/// subscriber that cancels meanwhile is only marked, and the drainer removes it at its next step.
///
/// Serials increase along the list (they are taken under the subject's lock, in the order the
/// subscribers are inserted, and compaction keeps the order), so a subscription finds its record at
/// its insertion place, or by binary search to the left of it.
@usableFromInline
struct SubscriberList {
  /// Set in a record's flags while the subscriber is live.
  @usableFromInline static var liveFlag: UInt8 { 1 }
  /// Set while the subscriber is live, has unlimited demand and awaits no latest value: the drainer
  /// then delivers with no lock.
  @usableFromInline static var fastFlag: UInt8 { 2 }

  /// The records as the drainer reads them.
  @usableFromInline
  struct Records {
    @usableFromInline let start: UnsafeMutablePointer<SubscriberRecord>?
    @usableFromInline let count: Int

    @inlinable
    init(start: UnsafeMutablePointer<SubscriberRecord>?, count: Int) {
      self.start = start
      self.count = count
    }
  }

  @usableFromInline var buffer: UnsafeMutablePointer<SubscriberRecord>?
  @usableFromInline var used = 0
  @usableFromInline var capacity = 0
  /// Records emptied by a removal, until the next compaction.
  @usableFromInline var holes = 0

  @usableFromInline
  init() {}

  /// The subscribers in the list.
  var count: Int { used - holes }

  @inlinable
  var records: Records { Records(start: buffer, count: used) }

  @inlinable
  func record(at position: Int) -> UnsafeMutablePointer<SubscriberRecord> {
    buffer! + position
  }

  /// Hands the event at `payload`, of the type `kind` names, to `record`'s subscriber through its
  /// thunk, which finds the subscriber reference in the record, and returns the demand it asks for.
  @inlinable @inline(__always)
  static func hand(
    _ payload: UnsafeRawPointer, _ kind: SubscriberEventKind, to record: UnsafeMutablePointer<SubscriberRecord>
  ) -> Subscribers.Demand {
    let field = withUnsafeMutablePointer(to: &record.pointee.object) { UnsafeMutableRawPointer($0) }
    return record.pointee.thunk.deliver(field, payload, kind)
  }

  /// The next serial: one counter for every subject, shared with `CombineIdentifier()`, so that a
  /// serial also serves as the subscription's identifier.
  @inlinable
  static func nextSerial() -> UInt64 {
    CombineIdentifier.nextRawValue()
  }

  /// Releases a subscriber reference the list handed back.
  @inlinable
  static func release(_ object: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(object).release()
  }

  /// Publishes a record's guarded fields to its flags; called under the subject's lock after every
  /// change.
  @inlinable
  static func publishFlags(of record: UnsafeMutablePointer<SubscriberRecord>) {
    var flags: UInt8 = 0
    if record.pointee.isLive {
      flags |= liveFlag
      if record.pointee.demand == .unlimited, !record.pointee.awaitsLatest { flags |= fastFlag }
    }
    record.pointee.flags.store(flags, ordering: .releasing)
  }

  /// Where the live subscriber `key` names is, if it is still live.
  @inlinable
  func position(of key: SubscriberKey) -> Int? {
    guard let buffer, key.hint >= 0 else { return nil }
    var found: Int?
    if key.hint < used, buffer[key.hint].serial == key.serial {
      found = key.hint
    } else {
      // Compaction only moves records to the left, in order.
      var low = 0
      var high = Swift.min(key.hint, used)
      while low < high {
        let middle = (low + high) / 2
        let serial = buffer[middle].serial
        if serial == key.serial {
          found = middle
          break
        }
        if serial < key.serial { low = middle + 1 } else { high = middle }
      }
    }
    guard let found, buffer[found].isLive else { return nil }
    return found
  }

  /// Appends `newcomer`; returns its place.
  @inlinable
  mutating func insert(_ newcomer: NewSubscriber) -> Int {
    if used == capacity { reallocate(capacity: Swift.max(4, capacity * 2)) }
    let position = used
    (buffer! + position).initialize(to: SubscriberRecord(newcomer))
    used += 1
    return position
  }

  /// Empties the record at `position` and hands back the list's reference to its subscriber, to
  /// be released after the lock. The record stays, as a hole, until `compactIfSparse()`.
  @inlinable
  mutating func remove(at position: Int) -> UnsafeMutableRawPointer {
    let record = buffer! + position
    // The drainer skips a record by its flags, so a removed one must have none.
    assert(record.pointee.flags.load(ordering: .relaxed) == 0, "removed a live subscriber")
    let object = record.pointee.object!
    record.pointee.object = nil
    holes += 1
    return object
  }

  /// Compacts the list once holes are more than half of it.
  @inlinable
  mutating func compactIfSparse() {
    if holes > 32, holes * 2 > used { compact() }
  }

  /// Empties the list and hands back every subscriber that was in it.
  mutating func removeAll() -> [TakenSubscriber] {
    var all: [TakenSubscriber] = []
    all.reserveCapacity(used - holes)
    for position in 0..<used {
      let record = buffer! + position
      if let object = record.pointee.object {
        record.pointee.isLive = false
        Self.publishFlags(of: record)
        all.append(TakenSubscriber(object: object, deliver: record.pointee.thunk.function))
      }
      record.deinitialize(count: 1)
    }
    used = 0
    holes = 0
    return all
  }

  @usableFromInline
  mutating func compact() {
    guard let buffer else { return }
    var live = 0
    for position in 0..<used {
      let record = buffer + position
      if record.pointee.object == nil {
        record.deinitialize(count: 1)
      } else {
        if live != position { (buffer + live).moveInitialize(from: record, count: 1) }
        live += 1
      }
    }
    used = live
    holes = 0
    // Keep the capacity while it is at most four times what is used (a list that just shrank usually
    // grows again: subscribe/cancel churn); past that, give the memory back.
    if capacity > 64, used * 4 < capacity { reallocate(capacity: Swift.max(16, used * 2)) }
  }

  @usableFromInline
  mutating func reallocate(capacity newCapacity: Int) {
    let newBuffer = UnsafeMutablePointer<SubscriberRecord>.allocate(capacity: newCapacity)
    if let buffer {
      newBuffer.moveInitialize(from: buffer, count: used)
      buffer.deallocate()
    }
    buffer = newBuffer
    capacity = newCapacity
  }

  /// Frees the buffer; the subscribers it still holds are handed back to be released after the
  /// lock.
  mutating func destroy() -> [UnsafeMutableRawPointer] {
    let remaining = removeAll().map(\.object)
    buffer?.deallocate()
    buffer = nil
    capacity = 0
    return remaining
  }
}
