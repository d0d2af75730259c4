import Dispatch
import Synchronization

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
/// 4. a drainer delivers at most ``SubjectStateMachine/drainBudget`` values that *other* threads queued
///    behind it. A sender that finds that budget used up queues its value and waits; when the drain
///    reaches its value, the drainer hands the drain to it and returns. So no thread is kept
///    delivering everybody else's values, and when every sender has returned, every value has been
///    delivered;
/// 5. the queue holds at most the drain budget plus one value per waiting sender (and what the
///    drainer's own subscribers send back re-entrantly): memory stays bounded;
/// 6. a value that a delivery sends back into the same subject, directly or through a cycle of
///    subjects and bindings, is queued one level deeper; past ``SubjectStateMachine/maximumCascadeDepth``
///    levels, or past ``SubjectStateMachine/maximumCascadeValues`` such values in one drain, the
///    cycle is cut: the value is dropped and a diagnostic is printed once per subject;
/// 7. after `cancel()` returns, no delivery *starts* to that subscriber; a delivery already running
///    on another thread (at most one value, since deliveries never overlap) may still finish.
///
/// The engine is three parts, one file each, and this class, which acts:
///
/// - ``SubjectStateMachine`` decides, under the lock, and returns an action naming subscribers in the
///   list by their place, and those it took out of the list as the list handed them back;
/// - ``SubscriberList`` holds the subscribers themselves (a class subscriber as it is, a value-type
///   one in a small box), with their demand and flags, in one buffer it owns; the buffer code, and
///   the invariants that keep it sound, are there. The references it hands back reach this class as
///   raw pointers, which it releases (or hands the completion, then releases) after unlocking, each
///   exactly once; and this class makes the payload pointers a delivery passes to a thunk. Its
///   comment, "Where references go", lists every such path;
/// - ``SubjectSubscription``, a small struct naming the subject and the subscriber's place in the
///   list, is what each subscriber is handed; it fits in an `any Subscription` with no allocation.
///
/// While a drain runs, its thread alone reads the list and each subscriber reference, without a
/// lock, through a ``SubscriberList/DrainView`` taken with the action: a subscriber that cancels
/// meanwhile is marked under the lock, and the drainer takes it out of the list at its next step
/// (`nextEvent`) and releases it after unlocking. That is what lets an unlimited-demand subscriber be
/// served with no lock and no copy per value.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: SubjectControl, @unchecked Sendable {
  @usableFromInline typealias State = SubjectStateMachine<Output, Failure>

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
    state.withLock { $0.subscriberCount }
  }

  /// The events waiting in the queue, for tests.
  var pendingCountForTesting: Int {
    state.withLock { $0.queuedCount }
  }

  /// Whether no drain runs and nothing is queued, for tests.
  var isIdleForTesting: Bool {
    state.withLock { !$0.isDraining && $0.hasNothingQueued }
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
  ///
  /// Takes the value: the caller's copy is the one delivered, lent to each subscriber in turn.
  @inlinable
  func send(_ value: consuming Output, storeAfterCompletion: Bool = false) {
    let thread = currentThreadIdentity()
    let (action, view) = state.withLock { state in
      (state.send(value, from: thread, storeAfterCompletion: storeAfterCompletion), state.subscribers.drainView)
    }
    perform(action, sending: value, through: view)
  }

  /// Changes the current value in place without losing a change another thread makes meanwhile: reads
  /// the value, runs `body` on a copy without the lock, and sends the result only if no other send came
  /// in between; otherwise runs `body` again on the newer value (a compare-and-exchange loop).
  func modify<Result>(_ body: (inout Output) throws -> Result) rethrows -> Result {
    let thread = currentThreadIdentity()
    while true {
      let (read, version) = state.withLock { state in (state.current, state.currentVersion) }
      guard var value = read else { preconditionFailure("SubjectCore.modify: the subject keeps no current value") }
      let result = try body(&value)
      let sent = state.withLock { state -> (State.SendAction, SubscriberList.DrainView)? in
        guard state.currentVersion == version else { return nil }
        return (state.send(value, from: thread, storeAfterCompletion: true), state.subscribers.drainView)
      }
      guard let (action, view) = sent else { continue }
      perform(action, sending: value, through: view)
      return result
    }
  }

  /// Acts on what the state decided for a sent value, after unlocking.
  @inlinable
  func perform(_ action: State.SendAction, sending value: consuming Output, through view: SubscriberList.DrainView) {
    switch action {
    case .queued, .stored, .dropped:
      return
    case .deliverToEveryone:
      deliver(value, through: view)
      finishDelivery()
    case .drain:
      drain()
    case .reportCycle:
      reportCycle()
    case .waitForDrain(let handOver):
      // The drainer hands the drain over when it reaches this value: deliver from there.
      handOver.wait()
      drain()
    }
  }

  @usableFromInline
  func send(completion: Subscribers.Completion<Failure>) {
    let thread = currentThreadIdentity()
    let action = state.withLock { $0.send(completion: completion, from: thread) }
    _ = action.upstreamsToRelease  // released here, after the lock
    if action.startsDrain { drain() }
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
    let (action, view) = state.withLock { state in (state.attach(newcomer, from: thread), state.subscribers.drainView) }
    switch action {
    case .handSubscription(let position):
      handSubscription(at: position, through: view)
      // A current-value subject's new subscriber usually asked for its first value: no need to ask
      // first whether the drain is idle.
      continueDelivery()
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

  /// The upstream of type `Kept` the subject holds; else `make()`'s result, which it then holds as an
  /// upstream (without requesting from it); `nil` once the subject has completed, since a completed
  /// subject holds no upstream. So an object kept this way lives exactly as long as the subject's
  /// upstreams do: until the subject completes or is deallocated.
  func keptUpstream<Kept: Subscription & AnyObject>(orAdding make: () -> Kept) -> Kept? {
    let found = state.withLock { state -> (completed: Bool, kept: Kept?) in
      (state.sentCompletion != nil, state.upstreams.lazy.compactMap { $0 as? Kept }.first)
    }
    guard !found.completed else { return nil }
    if let kept = found.kept { return kept }
    // Made without the lock, then added unless another thread added one meanwhile; the one not
    // kept is released after the lock.
    let made = make()
    let kept = state.withLock { state -> Kept? in
      guard state.sentCompletion == nil else { return nil }
      if let other = state.upstreams.lazy.compactMap({ $0 as? Kept }).first { return other }
      state.upstreams.append(made)
      return made
    }
    return kept
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

  /// Hands `value` to every live subscriber in the list, read in place through `view`. Only the
  /// drain holder calls this, and while a drain runs no other thread changes the list (a cancel only
  /// marks its subscriber, and the drainer removes it later), so there is no copy of the list and no
  /// retain of each subscriber (the list holds one reference to each).
  ///
  /// The value is taken, and kept in a slot of this call's own, which each subscriber's thunk moves
  /// it out of and back into around the call (``SubscriberEventKind/value``): no copy per subscriber.
  @inlinable
  func deliver(_ value: consuming Output, through view: SubscriberList.DrainView) {
    var slot = value
    withUnsafeMutablePointer(to: &slot) { payload in
      for position in 0..<view.count {
        // A removed record's flags are 0, as are those of one cancelled during this drain.
        let flags = view.flags(at: position)
        if flags & SubscriberList.fastFlag != 0 {
          // Unlimited demand never shrinks: no lock, and the returned demand changes nothing.
          _ = view.hand(payload, .value, at: position)
        } else if flags & SubscriberList.liveFlag != 0 {
          deliverCountingDemand(payload, at: position, through: view)
        }
      }
    }
  }

  /// Hands the value at `payload` to the subscriber at `position`, whose demand is limited, if it
  /// has demand left, and adds the demand it returns. Specialised, but kept out of the
  /// unlimited-demand loop.
  @inlinable @inline(never)
  func deliverCountingDemand(
    _ payload: UnsafeMutableRawPointer, at position: Int, through view: SubscriberList.DrainView
  ) {
    guard consumeDemand(at: position) else { return }
    let more = view.hand(payload, .value, at: position)
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
  func handSubscription(at position: Int, through view: SubscriberList.DrainView) {
    var subscription = SubjectSubscription(core: self, serial: view.serial(at: position), hint: position)
    withUnsafeMutablePointer(to: &subscription) { _ = view.hand($0, .subscription, at: position) }
  }

  /// Ends a delivery: marks the drain idle when nothing was queued meanwhile (specialized in the
  /// client, so the common case runs no generic code), or goes on delivering.
  @inlinable
  func finishDelivery() {
    let isIdle = state.withLock { $0.finishIfNothingQueued() }
    if !isIdle { continueDelivery() }
  }

  /// Goes on after a delivery: delivers the value a subscriber asked for from inside that delivery
  /// when nothing else waits (a new subscriber's first value, from its `receive(subscription:)`),
  /// marks the drain idle when nothing is left, or drains. Specialized in the client like
  /// ``finishDelivery()``, so that subscribing to a current-value subject runs no generic code,
  /// and kept out of line so that every send does not carry it.
  @inlinable @inline(never)
  func continueDelivery() {
    while true {
      let (action, view) = state.withLock { state in (state.afterDelivery(), state.subscribers.drainView) }
      switch action {
      case .idle:
        return
      case .replay(var value, let position):
        let more = withUnsafeMutablePointer(to: &value) { view.hand($0, .value, at: position) }
        if more > 0 { addDemand(more, at: position) }
      case .drain:
        drain()
        return
      }
    }
  }

  /// Delivers queued events until the queue is empty, then marks the drain idle; or, on reaching
  /// a value whose sender waits for the drain, hands the drain to that sender. Called without the
  /// lock, by the thread that holds the drain.
  @usableFromInline
  func drain() {
    while true {
      let (next, view) = state.withLock { state in (state.nextEvent(), state.subscribers.drainView) }
      for object in next.released { SubscriberList.release(object) }
      switch next.action {
      case .stopDraining:
        return
      case .handDrainOver(let sender):
        sender.signal()
        return
      case .deliverToEveryone(let value):
        deliver(value, through: view)
      case .deliverLatest(var value, let position):
        let more = withUnsafeMutablePointer(to: &value) { view.hand($0, .value, at: position) }
        if more > 0 { addDemand(more, at: position) }
      case .handSubscription(let position):
        handSubscription(at: position, through: view)
      case .handSubscriptionAndCompletion(let newcomer, var completion):
        // A subscription that names no place in the list, so it requests nothing; then the end.
        var subscription = SubjectSubscription(core: self, serial: newcomer.serial, hint: SubscriberKey.noPlace)
        var object = newcomer.object
        withUnsafeMutablePointer(to: &subscription) { _ = newcomer.deliver(&object, $0, .subscription) }
        withUnsafeMutablePointer(to: &completion) { _ = newcomer.deliver(&object, $0, .completion) }
        SubscriberList.release(object)
      case .complete(var completion, let targets):
        withUnsafeMutablePointer(to: &completion) { payload in
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
      Bindings: values sent to a subject from inside its own delivery came back \
      \(State.maximumCascadeDepth) levels deep, or \(State.maximumCascadeValues) times in one delivery: \
      the subject feeds itself through a cycle of bindings or subscribers (for example `p <~ p`, \
      `a <~ b` with `b <~ a`, or a ring of two-way bindings `a <~> b`, `b <~> c`, `c <~> a`). Values that come back deeper or more \
      often are dropped, which ends the cycle.
      """
    Diagnostics.report(message)
  }
}
