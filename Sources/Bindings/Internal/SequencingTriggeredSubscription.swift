/// The subscription shared by `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)`: it holds
/// the upstream's subscription and the trigger's (the second publisher, whose first element is all
/// that matters), and takes each out exactly once, to cancel or release it after unlocking.
///
/// A subclass is the upstream's subscriber and decides what the trigger's element and completion
/// mean. Its own state is the `Extra` part of ``State``, under the same lock: one lock for the whole
/// subscription, so that both ends and the decision change together. Already settled here, for
/// both operators:
///
/// 1. `cancel()` ends the stream and cancels both subscriptions, once.
/// 2. The upstream's completion, unless the stream has ended, cancels the trigger and is
///    republished.
/// 3. The trigger is asked for one element as soon as it subscribes, unless the stream has ended,
///    in which case its subscription is cancelled on arrival.
class SequencingTriggeredSubscription<Downstream: Subscriber, TriggerOutput, TriggerFailure: Error, Extra>:
  Subscription, CustomStringConvertible, @unchecked Sendable
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

  /// Both ends, whether the stream has ended, and the subclass's own state, guarded by one lock.
  struct State {
    var upstream = Slot.awaiting
    var trigger = Slot.awaiting
    var isTerminal = false
    var extra: Extra

    /// Ends the stream; returns both subscriptions, to cancel or release after the lock.
    mutating func end() -> (upstream: (any Subscription)?, trigger: (any Subscription)?) {
      isTerminal = true
      return (upstream.take(), trigger.take())
    }

    /// Stores the trigger's subscription unless one came before or the stream has ended; returns
    /// whether it did.
    mutating func acceptTrigger(_ subscription: any Subscription) -> Bool {
      guard case .awaiting = trigger, !isTerminal else { return false }
      trigger = .live(subscription)
      return true
    }
  }

  final let downstream: Downstream
  /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
  /// keeping its subscription and this object holding the subscriber do not keep each other alive.
  final let downstreamSubscription = DetachingSubscription<SequencingTriggeredSubscription>()
  final let state: Locked<State>

  init(downstream: Downstream, extra: Extra) {
    self.downstream = downstream
    self.state = Locked(State(extra: extra))
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

  /// Called by `cancel()` under the lock, for a subclass to drop what it still meant to deliver.
  /// Must only change `extra`.
  func cancelled(_ extra: inout Extra) {}

  final func cancel() {
    let ended = state.withLock { state in
      cancelled(&state.extra)
      return state.end()
    }
    ended.upstream?.cancel()
    ended.trigger?.cancel()
  }

  /// The upstream's completion.
  final func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    let ended = state.withLock { state -> (upstream: (any Subscription)?, trigger: (any Subscription)?)? in
      guard !state.isTerminal else { return nil }
      return state.end()
    }
    guard let ended else { return }
    ended.trigger?.cancel()
    downstream.receive(completion: completion)
    downstreamSubscription.detach()
  }

  private func triggerReceive(subscription: any Subscription) {
    guard state.withLock({ $0.acceptTrigger(subscription) }) else {
      subscription.cancel()
      return
    }
    subscription.request(.max(1))
  }
}
