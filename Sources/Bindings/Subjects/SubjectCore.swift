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
/// While a drain runs, its thread alone reads the subscriber list and each subscriber's downstream
/// reference, without a lock: a subscriber that cancels meanwhile is marked under the lock, and the
/// drainer releases its downstream when it next takes the lock. That is what lets an unlimited-demand
/// subscriber be served with no lock and no copy per value.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline typealias Conduit = SubjectConduitBase<Output, Failure>
  @usableFromInline typealias State = SubjectState<Output, Failure>

  @usableFromInline let state: Locked<State>

  @usableFromInline
  init(currentValue: Output?) {
    state = Locked(State(current: currentValue))
  }

  deinit {
    // Every conduit in the list keeps the core alive, so the list is empty by now; free its buffer.
    let remaining = state.withLock { $0.conduits.destroy() }
    _ = remaining
  }

  @usableFromInline
  var currentValue: Output? {
    state.withLock { $0.current }
  }

  var isCompleted: Bool {
    state.withLock { $0.sentCompletion != nil }
  }

  var subscriberCount: Int {
    // Conduits cancelled during a drain stay in the list until the drainer removes them.
    state.withLock { $0.conduits.count - $0.cancelledDuringDrain.count }
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
    while true {
      switch state.withLock({ $0.send(value, from: thread, storeAfterCompletion: storeAfterCompletion) }) {
      case .ignore:
        return
      case .deliver(let slots):
        deliver(value, to: slots)
        finishDelivery()
        return
      case .drain:
        drain()
        return
      case .reportCycle:
        reportCycle()
        return
      case .waitForDrain(let handOff):
        // The drainer hands the drain over when it reaches this value: deliver from there.
        handOff.wait()
        drain()
        return
      }
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
    let conduit = SubjectConduit(
      core: self,
      downstream: subscriber,
      needsInitialValue: needsInitialValue,
      deliverValue: { conduit, value in
        unsafeDowncast(conduit, to: SubjectConduit<S>.self).deliver(value)
      },
      control: { conduit, control in
        let typed = unsafeDowncast(conduit, to: SubjectConduit<S>.self)
        switch control {
        case .request(let demand): typed.core.request(demand, for: conduit)
        case .cancel: if typed.core.cancel(conduit) { typed.releaseDownstream() }
        case .releaseDownstream: typed.releaseDownstream()
        }
      })
    let thread = currentThreadIdentity()
    switch state.withLock({ $0.attach(conduit, from: thread) }) {
    case .deliverNow:
      conduit.deliverSubscription()
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
  func removeUpstream(_ upstream: AnyObject) {
    let removed: (any Subscription)? = state.withLock { state in
      guard let index = state.upstreams.firstIndex(where: { ($0 as AnyObject) === upstream }) else { return nil }
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

  // MARK: Called by conduits

  /// Adds demand for `conduit`; queues the latest value it is owed and starts a drain if needed.
  /// Inlinable, so that the conduit's control thunk runs it specialised.
  @inlinable
  func request(_ demand: Subscribers.Demand, for conduit: Conduit) {
    let thread = currentThreadIdentity()
    let action = state.withLock { $0.request(demand, for: conduit, from: thread) }
    for upstream in action.upstreamsToRequest { upstream.request(.unlimited) }
    if action.startsDrain { drain() }
  }

  /// Adds the demand a subscriber returned from `receive(_:)`; called by the drainer.
  @usableFromInline
  func addDemand(_ demand: Subscribers.Demand, for conduit: Conduit) {
    request(demand, for: conduit)
  }

  /// Takes one unit of demand for a subscriber whose demand is limited; called by the drainer.
  @usableFromInline
  func consumeDemand(of conduit: Conduit) -> Bool {
    state.withLock { $0.consumeDemand(of: conduit) }
  }

  /// Marks `conduit` cancelled; returns whether the caller must release its downstream (after the
  /// lock), which it does through the conduit's control thunk, specialised.
  @inlinable
  func cancel(_ conduit: Conduit) -> Bool {
    state.withLock { $0.cancel(conduit) }
  }

  // MARK: The drain

  /// Hands `value` to every subscriber in `slots`, the subscriber list as the drain holder found
  /// it. Only the drain holder calls this, and while a drain runs no other thread changes the list
  /// (a cancel only marks its conduit, and the drainer removes it later), so the list is read in
  /// place: no copy, and no retain of each conduit (the list holds one reference to each).
  @inlinable
  func deliver(_ value: Output, to slots: UnsafeBufferPointer<Unmanaged<Conduit>?>) {
    for slot in slots {
      guard let conduit = slot else { continue }
      conduit._withUnsafeGuaranteedRef { $0.deliverValue($0, value) }
    }
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
      for conduit in next.released { conduit.control(conduit, .releaseDownstream) }
      switch next.action {
      case .idle:
        return
      case .handOff(let sender):
        sender.signal()
        return
      case .value(let value, let slots):
        deliver(value, to: slots)
      case .latest(let conduit, let value):
        conduit.deliverWithoutDemandCheck(value)
      case .attach(let conduit):
        conduit.deliverSubscription()
      case .attachAfterCompletion(let conduit, let completion):
        conduit.deliverSubscriptionAndCompletion(completion)
      case .completion(let completion, let targets):
        for conduit in targets { conduit.deliver(completion: completion) }
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
  @usableFromInline typealias Conduit = SubjectConduitBase<Output, Failure>

  /// The most values queued by other threads that one drainer delivers; later senders wait for the
  /// drain to be handed to them.
  @usableFromInline static var hostageLimit: Int { 16 }
  /// How deep a value may come back into the subject from inside its own delivery before the cycle
  /// is cut.
  @usableFromInline static var maximumCascadeDepth: Int { 1000 }

  @usableFromInline
  enum Event {
    case attach(Conduit)
    case latest(Conduit, Output)
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
    case deliver(UnsafeBufferPointer<Unmanaged<Conduit>?>)
    case drain
    case waitForDrain(DispatchSemaphore)
    case reportCycle
  }

  @usableFromInline
  enum AttachAction {
    case deliverNow
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
    case value(Output, UnsafeBufferPointer<Unmanaged<Conduit>?>)
    case latest(Conduit, Output)
    case attach(Conduit)
    case attachAfterCompletion(Conduit, Subscribers.Completion<Failure>)
    case completion(Subscribers.Completion<Failure>, [Conduit])
  }

  @usableFromInline
  struct NextEvent {
    @usableFromInline var action: DrainAction
    /// Conduits cancelled during the drain, whose downstream the drainer now releases.
    @usableFromInline var released: [Conduit]
  }

  @usableFromInline var conduits = ConduitList<Output, Failure>()
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
  /// Conduits cancelled while a drain ran; the drainer releases their downstream.
  @usableFromInline var cancelledDuringDrain: [Conduit] = []
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

  init(current: Output?) {
    self.current = current
    keepsCurrentValue = current != nil
  }

  /// Whether an event from `thread` is a re-entrant one, sent by the drainer from inside a delivery.
  @inlinable
  func isReentrant(_ thread: UInt) -> Bool {
    isDraining && thread == drainingThread
  }

  @inlinable
  mutating func startDrain(on thread: UInt) {
    isDraining = true
    drainingThread = thread
    deliveringDepth = 0
    hostagesAccepted = queuedHostages
  }

  @inlinable
  mutating func enqueue(_ event: Event, from thread: UInt) {
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
        enqueue(.value(value, depth: 0), from: thread)
        return .drain
      }
      return .deliver(conduits.slots)
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
    enqueue(.completion(completion), from: thread)
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
  mutating func attach(_ conduit: Conduit, from thread: UInt) -> AttachAction {
    if isDraining {
      enqueue(.attach(conduit), from: thread)
      return .queued
    }
    startDrain(on: thread)
    guard deliveredCompletion == nil, pending.isEmpty else {
      enqueue(.attach(conduit), from: thread)
      return .drain
    }
    conduits.insert(conduit)
    return .deliverNow
  }

  @inlinable
  mutating func request(_ demand: Subscribers.Demand, for conduit: Conduit, from thread: UInt) -> RequestAction {
    var action = RequestAction()
    guard conduit.guarded.isLive else { return action }
    conduit.guarded.demand += demand
    if !keepsCurrentValue, !hasDownstreamDemand {
      hasDownstreamDemand = true
      action.upstreamsToRequest = upstreams
    }
    if conduit.guarded.needsInitialValue || conduit.guarded.owesLatest, sentCompletion == nil, let current {
      // The first value of a current-value subject, or the latest one after demand ran out: the
      // value as it is now. Values queued before it are older, so the conduit skips them.
      conduit.guarded.needsInitialValue = false
      conduit.guarded.owesLatest = false
      conduit.guarded.awaitsLatest = true
      if !isDraining {
        startDrain(on: thread)
        action.startsDrain = true
      }
      enqueue(.latest(conduit, current), from: thread)
    }
    conduit.guarded.needsInitialValue = false
    conduit.publishFlags()
    return action
  }

  @inlinable
  mutating func consumeDemand(of conduit: Conduit) -> Bool {
    guard conduit.guarded.isLive, !conduit.guarded.awaitsLatest else { return false }
    guard conduit.guarded.demand > 0 else {
      // Out of demand: a current-value subject owes this subscriber the latest value.
      if keepsCurrentValue { conduit.guarded.owesLatest = true }
      return false
    }
    conduit.guarded.demand -= 1
    return true
  }

  /// Returns whether the caller must release the conduit's downstream (after the lock).
  @inlinable
  mutating func cancel(_ conduit: Conduit) -> Bool {
    guard conduit.guarded.isLive else { return false }
    conduit.guarded.isLive = false
    conduit.publishFlags()
    guard isDraining else {
      conduits.remove(conduit)
      return true
    }
    // The drainer may be reading the list and this conduit's downstream right now: it takes the
    // conduit out of the list and releases its downstream at its next step.
    cancelledDuringDrain.append(conduit)
    return false
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
      for conduit in cancelledDuringDrain { conduits.remove(conduit) }
      next.released = cancelledDuringDrain
      cancelledDuringDrain = []
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
        next.action = .value(value, conduits.slots)
        return next
      case .latest(let conduit, let value):
        guard conduit.guarded.isLive, conduit.guarded.awaitsLatest else { continue }
        conduit.guarded.awaitsLatest = false
        deliveringDepth = 0
        if conduit.guarded.demand > 0 {
          conduit.guarded.demand -= 1
          conduit.publishFlags()
          next.action = .latest(conduit, value)
          return next
        }
        // Demand was used up meanwhile: hold the value until more is requested.
        conduit.guarded.owesLatest = true
        conduit.publishFlags()
      case .attach(let conduit):
        deliveringDepth = 0
        if let deliveredCompletion {
          conduit.guarded.isLive = false
          conduit.publishFlags()
          next.action = .attachAfterCompletion(conduit, deliveredCompletion)
        } else {
          conduits.insert(conduit)
          next.action = .attach(conduit)
        }
        return next
      case .completion(let completion):
        deliveringDepth = 0
        deliveredCompletion = completion
        let targets = conduits.removeAll()
        for conduit in targets {
          conduit.guarded.isLive = false
          conduit.publishFlags()
        }
        next.action = .completion(completion, targets)
        return next
      }
    }
    isDraining = false
    drainingThread = 0
    deliveringDepth = 0
    return next
  }
}

// MARK: - Conduits

/// What a subject knows about one subscriber; guarded by the subject's lock.
///
/// The fields go widest first, and the conduit keeps its flag byte after this state, so that no
/// padding is wasted: every live subscription carries one.
@usableFromInline
struct ConduitState {
  @usableFromInline var demand = Subscribers.Demand.none
  /// The conduit's position in the subject's list.
  @usableFromInline var slot = -1
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

  @inlinable
  init(needsInitialValue: Bool) {
    self.needsInitialValue = needsInitialValue
  }
}

/// What a conduit's control thunk is asked to do.
@usableFromInline
enum SubjectConduitControl {
  case request(Subscribers.Demand)
  case cancel
  /// Releases the downstream of a conduit cancelled during a drain; sent by the drainer.
  case releaseDownstream
}

/// One subscriber's connection to a subject.
@usableFromInline
class SubjectConduitBase<Output, Failure: Error>: Subscription, @unchecked Sendable {
  /// Set in ``flags`` while the subscriber is live.
  @usableFromInline static var liveFlag: UInt8 { 1 }
  /// Set in ``flags`` while the subscriber is live, has unlimited demand and awaits no latest value:
  /// the drainer then delivers with no lock.
  @usableFromInline static var fastFlag: UInt8 { 2 }

  /// Guarded by the subject's lock: touched only inside its `withLock`.
  @usableFromInline @exclusivity(unchecked) final var guarded: ConduitState
  /// A summary of ``guarded`` that the drainer reads without the lock.
  @usableFromInline final let flags = Atomic<UInt8>(1)

  /// Delivers one value, if the subscriber is still there and has demand. A thunk rather than a
  /// method, because class methods of generic classes always run unspecialized, and the thunk is
  /// made where the subscriber's type is known.
  @usableFromInline
  final let deliverValue: (SubjectConduitBase<Output, Failure>, Output) -> Void

  /// Runs `request` and `cancel`, for the same reason: made where the types are known, it runs the
  /// subject's control path specialised, with no generic-metadata lookups, although it is called
  /// through the `Subscription` protocol.
  @usableFromInline
  final let control: (SubjectConduitBase<Output, Failure>, SubjectConduitControl) -> Void

  @inlinable
  init(
    needsInitialValue: Bool,
    deliverValue: @escaping (SubjectConduitBase<Output, Failure>, Output) -> Void,
    control: @escaping (SubjectConduitBase<Output, Failure>, SubjectConduitControl) -> Void
  ) {
    guarded = ConduitState(needsInitialValue: needsInitialValue)
    self.deliverValue = deliverValue
    self.control = control
  }

  /// Publishes ``guarded`` to ``flags``; called under the subject's lock after every change.
  @usableFromInline
  final func publishFlags() {
    var flags: UInt8 = 0
    if guarded.isLive {
      flags |= Self.liveFlag
      if guarded.demand == .unlimited, !guarded.awaitsLatest { flags |= Self.fastFlag }
    }
    self.flags.store(flags, ordering: .releasing)
  }

  func deliverWithoutDemandCheck(_ value: Output) { preconditionFailure("abstract") }
  func deliver(completion: Subscribers.Completion<Failure>) { preconditionFailure("abstract") }
  @usableFromInline func deliverSubscription() { preconditionFailure("abstract") }
  func deliverSubscriptionAndCompletion(_ completion: Subscribers.Completion<Failure>) {
    preconditionFailure("abstract")
  }
  @usableFromInline final func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    control(self, .request(demand))
  }

  @usableFromInline final func cancel() {
    control(self, .cancel)
  }
}

@usableFromInline
final class SubjectConduit<Downstream: Subscriber>: SubjectConduitBase<Downstream.Input, Downstream.Failure>,
  CustomStringConvertible, @unchecked Sendable
{
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let core: SubjectCore<Output, Failure>
  /// Read only by the thread that holds the subject's drain; cleared by the drainer, or by a cancel
  /// that found no drain running (see ``SubjectCore``).
  ///
  /// Moved out and back for each value, rather than copied: a copy would retain and release every
  /// reference the downstream holds (a chain of operator stages holds several) for every value.
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
  private let liveObject = LiveObjectToken("Subject.Conduit")

  @inlinable
  init(
    core: SubjectCore<Output, Failure>,
    downstream: Downstream,
    needsInitialValue: Bool,
    deliverValue: @escaping (SubjectConduitBase<Output, Failure>, Output) -> Void,
    control: @escaping (SubjectConduitBase<Output, Failure>, SubjectConduitControl) -> Void
  ) {
    self.core = core
    self.downstream = downstream
    super.init(needsInitialValue: needsInitialValue, deliverValue: deliverValue, control: control)
  }

  @usableFromInline var description: String { "Subject subscription" }

  /// Hands `value` to the downstream, if it is still there, and returns the demand it asks for.
  @inlinable @inline(__always)
  func receive(_ value: Output) -> Subscribers.Demand? {
    withUnsafeMutablePointer(to: &downstream) { cell in
      let downstream = cell.move()
      let demand = downstream?.receive(value)
      cell.initialize(to: consume downstream)
      return demand
    }
  }

  /// Takes the downstream out, so that it is released by the caller.
  @inlinable
  func takeDownstream() -> Downstream? {
    downstream.take()
  }

  @usableFromInline override func deliverSubscription() {
    downstream?.receive(subscription: self)
  }

  override func deliverSubscriptionAndCompletion(_ completion: Subscribers.Completion<Failure>) {
    let downstream = takeDownstream()
    downstream?.receive(subscription: self)
    downstream?.receive(completion: completion)
  }

  @inlinable
  func deliver(_ value: Output) {
    let flags = self.flags.load(ordering: .acquiring)
    if flags & Self.fastFlag != 0 {
      // Unlimited demand never shrinks: no lock, and the returned demand changes nothing.
      _ = receive(value)
      return
    }
    guard flags & Self.liveFlag != 0, core.consumeDemand(of: self) else { return }
    guard let more = receive(value), more > 0 else { return }
    core.addDemand(more, for: self)
  }

  override func deliverWithoutDemandCheck(_ value: Output) {
    guard let more = receive(value), more > 0 else { return }
    core.addDemand(more, for: self)
  }

  override func deliver(completion: Subscribers.Completion<Failure>) {
    let downstream = takeDownstream()
    downstream?.receive(completion: completion)
  }

  @inlinable
  func releaseDownstream() {
    _ = takeDownstream()
  }
}

// MARK: - Storage

/// The subscriber list: slots in subscription order, with O(1) removal by slot and amortized
/// compaction.
///
/// The slots are a buffer the list allocates and frees itself, each holding one reference to its
/// conduit, taken and given back by hand (`Unmanaged`). So the drain holder can hand a value to
/// every subscriber by reading the buffer in place, with no copy of the list and no retain of each
/// conduit. That is sound because only the drain holder changes the list while a drain runs: a
/// subscriber that cancels meanwhile is only marked, and the drainer removes it at its next step.
@usableFromInline
struct ConduitList<Output, Failure: Error> {
  @usableFromInline typealias Conduit = SubjectConduitBase<Output, Failure>

  @usableFromInline var buffer: UnsafeMutablePointer<Unmanaged<Conduit>?>?
  @usableFromInline var used = 0
  @usableFromInline var capacity = 0
  /// Slots emptied by a removal, until the next compaction.
  @usableFromInline var holes = 0

  @usableFromInline
  init() {}

  /// The conduits in the list.
  var count: Int { used - holes }

  /// The slots, in subscription order; a removed subscriber leaves an empty slot.
  @inlinable
  var slots: UnsafeBufferPointer<Unmanaged<Conduit>?> {
    UnsafeBufferPointer(start: buffer, count: used)
  }

  @inlinable
  mutating func insert(_ conduit: Conduit) {
    if used == capacity { reallocate(capacity: Swift.max(4, capacity * 2)) }
    conduit.guarded.slot = used
    (buffer! + used).initialize(to: Unmanaged.passRetained(conduit))
    used += 1
  }

  /// Takes `conduit` out of the list and gives back the list's reference to it. The caller holds
  /// another reference, so this never releases the conduit's last one under the subject's lock.
  @inlinable
  mutating func remove(_ conduit: Conduit) {
    let slot = conduit.guarded.slot
    guard slot >= 0, slot < used, let held = buffer![slot],
      held.toOpaque() == Unmanaged.passUnretained(conduit).toOpaque()
    else { return }
    buffer![slot] = nil
    held.release()
    conduit.guarded.slot = -1
    holes += 1
    if holes > 32, holes * 2 > used { compact() }
  }

  /// Empties the list and hands back every conduit that was in it.
  mutating func removeAll() -> [Conduit] {
    var all: [Conduit] = []
    all.reserveCapacity(used - holes)
    for index in 0..<used {
      guard let held = buffer![index] else { continue }
      let conduit = held.takeRetainedValue()
      conduit.guarded.slot = -1
      all.append(conduit)
    }
    used = 0
    holes = 0
    return all
  }

  @usableFromInline
  mutating func compact() {
    var live = 0
    for index in 0..<used {
      guard let held = buffer![index] else { continue }
      held._withUnsafeGuaranteedRef { $0.guarded.slot = live }
      buffer![live] = held
      live += 1
    }
    used = live
    holes = 0
    // Keep the capacity while it is at most four times what is used (a list that just shrank usually
    // grows again: subscribe/cancel churn); past that, give the memory back.
    if capacity > 64, used * 4 < capacity { reallocate(capacity: Swift.max(16, used * 2)) }
  }

  @usableFromInline
  mutating func reallocate(capacity newCapacity: Int) {
    let newBuffer = UnsafeMutablePointer<Unmanaged<Conduit>?>.allocate(capacity: newCapacity)
    if let buffer {
      newBuffer.moveInitialize(from: buffer, count: used)
      buffer.deallocate()
    }
    buffer = newBuffer
    capacity = newCapacity
  }

  /// Frees the buffer; the conduits it still holds are handed back to be released after the lock.
  mutating func destroy() -> [Conduit] {
    let remaining = removeAll()
    buffer?.deallocate()
    buffer = nil
    capacity = 0
    return remaining
  }
}
