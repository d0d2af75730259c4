/// The engine shared by ``PassthroughSubject`` and ``CurrentValueSubject``.
///
/// Every event that reaches a subscriber — a subscription handoff, a value, the current value on
/// first demand, the completion — goes through one serial drain. The thread that finds the drain idle
/// runs it; a thread that finds it busy (another thread sending, or a re-entrant send from inside a
/// delivery) appends its event and returns. So:
///
/// 1. deliveries to a subscriber never overlap, and every subscriber sees events in the same order;
/// 2. a re-entrant send is delivered after the current delivery finishes, never nested inside it;
/// 3. no lock is held while a subscriber runs, so re-entrant sends, subscribes and cancels cannot
///    deadlock.
///
/// The queue stays empty, and allocates nothing, unless sends actually overlap.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline
  enum Event {
    case attach(SubjectConduitBase<Output, Failure>)
    case initialValue(SubjectConduitBase<Output, Failure>, Output)
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
  }

  @usableFromInline let lock = Lock()
  @usableFromInline var conduits = ConduitList<Output, Failure>()
  @usableFromInline var pending = EventQueue<Event>()
  @usableFromInline var isDraining = false
  /// Set when a completion is sent; later sends are ignored from then on.
  @usableFromInline var sentCompletion: Subscribers.Completion<Failure>?
  /// Set when the completion has been delivered; later subscribers get it at once.
  @usableFromInline var deliveredCompletion: Subscribers.Completion<Failure>?
  private var upstreams: [any Subscription] = []
  /// The current value, for ``CurrentValueSubject``; `nil` for a passthrough subject.
  @usableFromInline var current: Output?
  @usableFromInline let keepsCurrentValue: Bool

  @usableFromInline
  init(currentValue: Output?) {
    current = currentValue
    keepsCurrentValue = currentValue != nil
  }

  @usableFromInline
  var currentValue: Output? {
    lock.withLock { current }
  }

  var isCompleted: Bool {
    lock.withLock { sentCompletion != nil }
  }

  var subscriberCount: Int {
    lock.withLock { conduits.count }
  }

  // MARK: Entry points

  // `send` and `attach` are inlinable so that they, and the delivery thunk `attach` creates, are
  // specialized for the concrete value and subscriber types in the client's module: unspecialized
  // generic code would look up type metadata at run time on every event.

  @inlinable
  func send(_ value: Output) {
    lock.lock()
    guard sentCompletion == nil else {
      lock.unlock()
      return
    }
    if keepsCurrentValue { current = value }
    guard !isDraining else {
      pending.append(.value(value))
      lock.unlock()
      return
    }
    isDraining = true
    guard pending.isEmpty else {
      // A current value queued for a new subscriber is still waiting: this value goes after it.
      pending.append(.value(value))
      lock.unlock()
      drain()
      return
    }
    let targets = conduits.snapshot
    lock.unlock()
    for case let conduit? in targets { conduit.deliverValue(conduit, value) }
    finishDelivery()
  }

  /// Ends a delivery: marks the drain idle, or goes on with events queued meanwhile.
  @inlinable
  func finishDelivery() {
    lock.lock()
    if pending.isEmpty {
      isDraining = false
      lock.unlock()
      return
    }
    lock.unlock()
    drain()
  }

  @usableFromInline
  func send(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    guard sentCompletion == nil else {
      lock.unlock()
      return
    }
    sentCompletion = completion
    let upstreams = self.upstreams
    self.upstreams = []
    enqueueAndDrainWithLockHeld(.completion(completion))
    _ = upstreams  // released here, after the lock
  }

  @usableFromInline
  func send(subscription: any Subscription) {
    lock.lock()
    let accepted = sentCompletion == nil
    if accepted { upstreams.append(subscription) }
    lock.unlock()
    if accepted { subscription.request(.unlimited) } else { subscription.cancel() }
  }

  @inlinable
  func attach<S: Subscriber>(_ subscriber: S, needsInitialValue: Bool) where S.Input == Output, S.Failure == Failure {
    let conduit = SubjectConduit(
      core: self,
      downstream: subscriber,
      needsInitialValue: needsInitialValue,
      deliverValue: { conduit, value in
        unsafeDowncast(conduit, to: SubjectConduit<S>.self).deliver(value)
      })
    lock.lock()
    guard !isDraining, deliveredCompletion == nil else {
      // Busy or completed: the drain delivers the subscription (and the completion) in order.
      enqueueAndDrainWithLockHeld(.attach(conduit))
      return
    }
    isDraining = true
    conduits.insert(conduit)
    lock.unlock()
    conduit.deliverSubscription()
    finishDelivery()
  }

  /// The upstream subscriptions the subject holds, for tests.
  var upstreamsForTesting: [any Subscription] {
    lock.withLock { upstreams }
  }

  /// Forgets an upstream subscription given through `send(subscription:)` that has ended, so that
  /// linking and unlinking sources leaves nothing behind. Released after the lock.
  func removeUpstream(_ upstream: AnyObject) {
    let removed: (any Subscription)? = lock.withLock {
      guard let index = upstreams.firstIndex(where: { ($0 as AnyObject) === upstream }) else { return nil }
      return upstreams.remove(at: index)
    }
    _ = removed
  }

  /// Cancels the upstream subscriptions given through `send(subscription:)`.
  @usableFromInline
  func cancelUpstreams() {
    let upstreams = lock.withLock {
      let taken = self.upstreams
      self.upstreams = []
      return taken
    }
    for upstream in upstreams { upstream.cancel() }
  }

  // MARK: Called by conduits, with `lock` held

  /// Removes `conduit` from the subscriber list. The caller holds a reference, so nothing is
  /// deallocated under the lock.
  func removeWithLockHeld(_ conduit: SubjectConduitBase<Output, Failure>) {
    conduits.remove(conduit)
  }

  /// Queues the current value for a conduit that just got its first demand. Returns `false` when
  /// there is nothing to queue: a passthrough subject, or one that completed (its completion is on
  /// its way instead).
  func enqueueInitialValueWithLockHeld(for conduit: SubjectConduitBase<Output, Failure>) -> Bool {
    guard sentCompletion == nil, let current else { return false }
    pending.append(.initialValue(conduit, current))
    return true
  }

  /// Starts a drain if none is running. Called after a conduit queued its initial value.
  func drainIfIdle() {
    lock.lock()
    guard !isDraining, !pending.isEmpty else {
      lock.unlock()
      return
    }
    isDraining = true
    lock.unlock()
    drain()
  }

  // MARK: The drain

  @usableFromInline
  func enqueueAndDrainWithLockHeld(_ event: Event) {
    pending.append(event)
    guard !isDraining else {
      lock.unlock()
      return
    }
    isDraining = true
    lock.unlock()
    drain()
  }

  /// Delivers queued events until the queue is empty, then marks the drain idle.
  /// Called without the lock, by the thread that set `isDraining`.
  @usableFromInline
  func drain() {
    while true {
      lock.lock()
      guard let event = pending.popFirst() else {
        isDraining = false
        lock.unlock()
        return
      }
      switch event {
      case .value(let value):
        let targets = conduits.snapshot
        lock.unlock()
        for case let conduit? in targets { conduit.deliverValue(conduit, value) }

      case .initialValue(let conduit, let value):
        lock.unlock()
        conduit.deliverWithoutDemandCheck(value)

      case .attach(let conduit):
        if let completion = deliveredCompletion {
          lock.unlock()
          conduit.deliverSubscriptionAndCompletion(completion)
        } else {
          conduits.insert(conduit)
          lock.unlock()
          conduit.deliverSubscription()
        }

      case .completion(let completion):
        deliveredCompletion = completion
        let targets = conduits.removeAll()
        lock.unlock()
        for conduit in targets { conduit?.deliver(completion: completion) }
      }
    }
  }
}

// MARK: - Conduits

/// One subscriber's connection to a subject. Its state is guarded by the subject's lock.
@usableFromInline
class SubjectConduitBase<Output, Failure: Error>: Subscription, @unchecked Sendable {
  /// The conduit's position in the subject's list; guarded by the subject's lock.
  final var slot = -1

  /// Delivers one value, if the subscriber is still there and has demand. A thunk rather than a
  /// method, because class methods of generic classes always run unspecialized, and the thunk is
  /// made where the subscriber's type is known.
  @usableFromInline
  final let deliverValue: (SubjectConduitBase<Output, Failure>, Output) -> Void

  @usableFromInline
  init(deliverValue: @escaping (SubjectConduitBase<Output, Failure>, Output) -> Void) {
    self.deliverValue = deliverValue
  }

  func deliverWithoutDemandCheck(_ value: Output) { preconditionFailure("abstract") }
  func deliver(completion: Subscribers.Completion<Failure>) { preconditionFailure("abstract") }
  @usableFromInline func deliverSubscription() { preconditionFailure("abstract") }
  func deliverSubscriptionAndCompletion(_ completion: Subscribers.Completion<Failure>) {
    preconditionFailure("abstract")
  }
  @usableFromInline func request(_ demand: Subscribers.Demand) { preconditionFailure("abstract") }
  @usableFromInline func cancel() { preconditionFailure("abstract") }
}

@usableFromInline
final class SubjectConduit<Downstream: Subscriber>: SubjectConduitBase<Downstream.Input, Downstream.Failure>,
  CustomStringConvertible, @unchecked Sendable
{
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let core: SubjectCore<Output, Failure>
  /// `nil` once cancelled or completed; released only after the lock is dropped.
  @usableFromInline var downstream: Downstream?
  @usableFromInline var demand = Subscribers.Demand.none
  private var needsInitialValue: Bool
  /// Set while this subscriber's first (current) value is queued: values queued before it are not
  /// newer than it, so they are skipped rather than delivered before it, or twice.
  @usableFromInline var awaitsInitialValue = false

  @usableFromInline
  init(
    core: SubjectCore<Output, Failure>,
    downstream: Downstream,
    needsInitialValue: Bool,
    deliverValue: @escaping (SubjectConduitBase<Output, Failure>, Output) -> Void
  ) {
    self.core = core
    self.downstream = downstream
    self.needsInitialValue = needsInitialValue
    super.init(deliverValue: deliverValue)
  }

  @usableFromInline var description: String { "Subject subscription" }

  @usableFromInline override func deliverSubscription() {
    core.lock.lock()
    let downstream = self.downstream
    core.lock.unlock()
    downstream?.receive(subscription: self)
  }

  override func deliverSubscriptionAndCompletion(_ completion: Subscribers.Completion<Failure>) {
    core.lock.lock()
    let downstream = self.downstream
    self.downstream = nil
    core.lock.unlock()
    downstream?.receive(subscription: self)
    downstream?.receive(completion: completion)
  }

  @inlinable
  func deliver(_ value: Output) {
    core.lock.lock()
    guard let downstream, demand > 0, !awaitsInitialValue else {
      core.lock.unlock()
      return
    }
    // Demand never shrinks from unlimited, so a subscriber with unlimited demand needs no second
    // lock to add what it returns.
    let isUnlimited = demand == .unlimited
    if !isUnlimited { demand -= 1 }
    core.lock.unlock()
    let more = downstream.receive(value)
    if !isUnlimited { add(more) }
  }

  override func deliverWithoutDemandCheck(_ value: Output) {
    core.lock.lock()
    awaitsInitialValue = false
    let downstream = self.downstream
    core.lock.unlock()
    guard let downstream else { return }
    add(downstream.receive(value))
  }

  @usableFromInline
  func add(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    core.lock.lock()
    if downstream != nil { demand += more }
    core.lock.unlock()
  }

  override func deliver(completion: Subscribers.Completion<Failure>) {
    core.lock.lock()
    let downstream = self.downstream
    self.downstream = nil
    core.lock.unlock()
    downstream?.receive(completion: completion)
  }

  override func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    core.lock.lock()
    guard downstream != nil else {
      core.lock.unlock()
      return
    }
    self.demand += demand
    var queued = false
    if needsInitialValue {
      needsInitialValue = false
      self.demand -= 1
      queued = core.enqueueInitialValueWithLockHeld(for: self)
      awaitsInitialValue = queued
    }
    core.lock.unlock()
    if queued { core.drainIfIdle() }
  }

  override func cancel() {
    core.lock.lock()
    let downstream = self.downstream
    self.downstream = nil
    core.removeWithLockHeld(self)
    core.lock.unlock()
    _ = downstream  // released here, after the lock
  }
}

// MARK: - Storage

/// The subscriber list: slots in subscription order, with O(1) removal by slot and amortized
/// compaction. Delivery iterates a copy-on-write snapshot, so sends do not copy the list.
@usableFromInline
struct ConduitList<Output, Failure: Error> {
  @usableFromInline private(set) var snapshot = ContiguousArray<SubjectConduitBase<Output, Failure>?>()
  private var holes = 0

  @usableFromInline
  init() {}

  var count: Int { snapshot.count - holes }

  @usableFromInline
  mutating func insert(_ conduit: SubjectConduitBase<Output, Failure>) {
    conduit.slot = snapshot.count
    snapshot.append(conduit)
  }

  mutating func remove(_ conduit: SubjectConduitBase<Output, Failure>) {
    let slot = conduit.slot
    guard slot >= 0, slot < snapshot.count, snapshot[slot] === conduit else { return }
    snapshot[slot] = nil
    conduit.slot = -1
    holes += 1
    if holes > 32, holes * 2 > snapshot.count { compact() }
  }

  mutating func removeAll() -> ContiguousArray<SubjectConduitBase<Output, Failure>?> {
    let all = snapshot
    for conduit in all { conduit?.slot = -1 }
    snapshot = []
    holes = 0
    return all
  }

  private mutating func compact() {
    var live = ContiguousArray<SubjectConduitBase<Output, Failure>?>()
    // Keep the capacity: a list that just shrank usually grows again (subscribe/cancel churn).
    live.reserveCapacity(snapshot.capacity)
    for case let conduit? in snapshot {
      conduit.slot = live.count
      live.append(conduit)
    }
    snapshot = live
    holes = 0
  }
}

/// A FIFO queue that allocates only when something is queued.
/// Popping moves the element out, so clearing the storage never releases an object under a lock.
@usableFromInline
struct EventQueue<Element> {
  @usableFromInline var storage: [Element?] = []
  @usableFromInline var head = 0

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { head == storage.count }

  @inlinable
  mutating func append(_ element: Element) {
    storage.append(element)
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return element
  }
}
