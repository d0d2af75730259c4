/// The subscription of an operator that hands each value and the completion to a scheduler
/// (`receive(on:)`, `delay`, and under its clock, `timeout`): it stands between the upstream
/// subscription and the downstream, passes requests and cancellation straight upstream, and drops
/// any delivery that finds it cancelled by the time the scheduler runs it.
///
/// `schedule` decides when a delivery runs, e.g. right away on the scheduler or after an interval:
///
/// ```swift
/// ScheduledDeliveryInner(downstream: subscriber) { scheduler.schedule(options: options, $0) }
/// ```
final class ScheduledDeliveryInner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum State {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// The upstream completed; its completion is on its way through the scheduler.
    case pendingCompletion
    case terminal
  }

  private let lock = Lock()
  private var state = State.awaitingSubscription
  private let downstream: Downstream
  private let schedule: (@escaping () -> Void) -> Void

  init(downstream: Downstream, schedule: @escaping (@escaping () -> Void) -> Void) {
    self.downstream = downstream
    self.schedule = schedule
  }

  private var liveSubscriptionLocked: (any Subscription)? {
    if case .subscribed(let subscription) = state { return subscription } else { return nil }
  }

  func receive(subscription: any Subscription) {
    let accepted: Bool = lock.withLock {
      guard case .awaitingSubscription = state else { return false }
      state = .subscribed(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard lock.withLock({ liveSubscriptionLocked != nil }) else { return .none }
    schedule { self.deliver(input) }
    return .none
  }

  private func deliver(_ input: Input) {
    // A value scheduled before the upstream completed still arrives before the completion.
    let isLive: Bool = lock.withLock {
      switch state {
      case .subscribed, .pendingCompletion: return true
      case .awaitingSubscription, .terminal: return false
      }
    }
    guard isLive else { return }
    let demand = downstream.receive(input)
    guard demand > 0 else { return }
    lock.withLock { liveSubscriptionLocked }?.request(demand)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let subscription: (any Subscription)? = lock.withLock {
      guard let subscription = liveSubscriptionLocked else { return nil }
      state = .pendingCompletion
      return subscription
    }
    guard let subscription else { return }
    // Released outside the lock: a subscription's deinit may call back in.
    _ = subscription
    schedule { self.deliver(completion) }
  }

  private func deliver(_ completion: Subscribers.Completion<Failure>) {
    let isPending: Bool = lock.withLock {
      guard case .pendingCompletion = state else { return false }
      state = .terminal
      return true
    }
    if isPending { downstream.receive(completion: completion) }
  }

  func request(_ demand: Subscribers.Demand) {
    lock.withLock { liveSubscriptionLocked }?.request(demand)
  }

  func cancel() {
    let subscription: (any Subscription)? = lock.withLock {
      defer { state = .terminal }
      return liveSubscriptionLocked
    }
    subscription?.cancel()
  }

  /// Ends the relay at once, from the scheduler's context: cancels the upstream and completes the
  /// downstream with `completion`, unless the relay has ended already or the upstream's own
  /// completion is on its way.
  func cancelUpstreamAndComplete(with completion: Subscribers.Completion<Failure>) {
    let subscription: (any Subscription)? = lock.withLock {
      guard let subscription = liveSubscriptionLocked else { return nil }
      state = .terminal
      return subscription
    }
    guard let subscription else { return }
    subscription.cancel()
    downstream.receive(completion: completion)
  }
}
