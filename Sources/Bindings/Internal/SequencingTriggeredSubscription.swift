/// The subscription shared by `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)`: it holds
/// the upstream's subscription and the trigger's (the second publisher, whose first element is all
/// that matters), and takes each out exactly once, to cancel or release it after unlocking.
///
/// A subclass is the upstream's subscriber and decides what the trigger's element and completion
/// mean. It guards its own state with ``lock`` as well: one lock for the whole subscription, so that
/// both ends and the decision change together. Already settled here, for both operators:
///
/// 1. `cancel()` ends the stream and cancels both subscriptions, once.
/// 2. The upstream's completion, unless the stream has ended, cancels the trigger and is
///    republished.
/// 3. The trigger is asked for one element as soon as it subscribes, unless the stream has ended,
///    in which case its subscription is cancelled on arrival.
class SequencingTriggeredSubscription<Downstream: Subscriber, TriggerOutput, TriggerFailure: Error>: Subscription,
  CustomStringConvertible, @unchecked Sendable
{
  enum Slot {
    case awaiting
    case live(any Subscription)
    case gone

    /// Returns the live subscription, if any, and marks the slot gone.
    mutating func take() -> (any Subscription)? {
      defer { self = .gone }
      if case .live(let subscription) = self { return subscription }
      return nil
    }
  }

  /// What the trigger subscribes with; it reports under the subscription's identity.
  struct TriggerSubscriber: Subscriber, CustomStringConvertible {
    typealias Input = TriggerOutput
    typealias Failure = TriggerFailure
    let inner: SequencingTriggeredSubscription
    var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
    var description: String { inner.description }
    func receive(subscription: any Subscription) { inner.triggerReceive(subscription: subscription) }
    func receive(_ input: TriggerOutput) -> Subscribers.Demand { inner.triggerReceive(input) }
    func receive(completion: Subscribers.Completion<TriggerFailure>) { inner.triggerReceive(completion: completion) }
  }

  final let lock = Lock()
  final let downstream: Downstream
  final var upstream = Slot.awaiting
  final var trigger = Slot.awaiting
  final var isTerminal = false

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  final var triggerSubscriber: TriggerSubscriber { TriggerSubscriber(inner: self) }

  var description: String { preconditionFailure("SequencingTriggeredSubscription.description is abstract") }

  func request(_ demand: Subscribers.Demand) {
    preconditionFailure("SequencingTriggeredSubscription.request(_:) is abstract")
  }

  /// The trigger's element. Runs without the lock.
  func triggerReceive(_ input: TriggerOutput) -> Subscribers.Demand {
    preconditionFailure("SequencingTriggeredSubscription.triggerReceive(_:) is abstract")
  }

  /// The trigger's completion. Runs without the lock.
  func triggerReceive(completion: Subscribers.Completion<TriggerFailure>) {
    preconditionFailure("SequencingTriggeredSubscription.triggerReceive(completion:) is abstract")
  }

  /// Called by `cancel()` with the lock held, for a subclass to drop what it still meant to deliver.
  func cancelWithLockHeld() {}

  final func cancel() {
    lock.lock()
    isTerminal = true
    cancelWithLockHeld()
    let upstream = self.upstream.take()
    let trigger = self.trigger.take()
    lock.unlock()
    upstream?.cancel()
    trigger?.cancel()
  }

  /// The upstream's completion.
  final func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    lock.lock()
    guard !isTerminal else {
      lock.unlock()
      return
    }
    isTerminal = true
    let upstream = self.upstream.take()
    let trigger = self.trigger.take()
    lock.unlock()
    trigger?.cancel()
    downstream.receive(completion: completion)
    _ = upstream
  }

  private func triggerReceive(subscription: any Subscription) {
    lock.lock()
    guard case .awaiting = trigger, !isTerminal else {
      lock.unlock()
      subscription.cancel()
      return
    }
    trigger = .live(subscription)
    lock.unlock()
    subscription.request(.max(1))
  }
}
