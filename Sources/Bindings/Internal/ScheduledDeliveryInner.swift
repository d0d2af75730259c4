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

  private enum Stage {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// The upstream completed; its completion is on its way through the scheduler.
    case pendingCompletion
    case terminal
  }

  /// Where the relay stands, guarded by its lock.
  private struct State {
    var stage = Stage.awaitingSubscription
    /// `nil` once the relay has ended, so that the subscriber goes with the end.
    var downstream: Downstream?

    var liveSubscription: (any Subscription)? {
      if case .subscribed(let subscription) = stage { return subscription } else { return nil }
    }

    /// Takes `subscription` if none came before; returns the downstream to hand the relay to, or
    /// `nil` when `subscription` must be cancelled.
    mutating func accept(_ subscription: any Subscription) -> Downstream? {
      guard case .awaitingSubscription = stage, let downstream else { return nil }
      stage = .subscribed(subscription)
      return downstream
    }

    /// The downstream, while a scheduled value may still be delivered: a value scheduled before
    /// the upstream completed still arrives before the completion.
    var downstreamForValues: Downstream? {
      switch stage {
      case .subscribed, .pendingCompletion: return downstream
      case .awaitingSubscription, .terminal: return nil
      }
    }

    /// Ends the live upstream with its own completion still to be delivered through the
    /// scheduler; returns the subscription, to release after the lock, or `nil` if not live.
    mutating func upstreamCompleted() -> (any Subscription)? {
      guard let subscription = liveSubscription else { return nil }
      stage = .pendingCompletion
      return subscription
    }

    /// Takes the completion on its way for delivery; returns the downstream to deliver it to, if
    /// there was one.
    mutating func takePendingCompletion() -> Downstream? {
      guard case .pendingCompletion = stage else { return nil }
      stage = .terminal
      return downstream.take()
    }

    /// Ends the relay; returns the live subscription, if any, to act on after the lock, and the
    /// downstream, to release after it.
    mutating func terminate() -> (subscription: (any Subscription)?, downstream: Downstream?) {
      defer { stage = .terminal }
      return (liveSubscription, downstream.take())
    }

    /// Ends a live relay; returns its subscription and the downstream, or `nil` (nothing changes)
    /// if not live.
    mutating func terminateIfLive() -> (subscription: any Subscription, downstream: Downstream?)? {
      guard let subscription = liveSubscription else { return nil }
      stage = .terminal
      return (subscription, downstream.take())
    }
  }

  private let liveObject = LiveObjectToken("ScheduledDeliveryInner")
  private let state: Locked<State>
  private let schedule: (@escaping () -> Void) -> Void

  init(downstream: Downstream, schedule: @escaping (@escaping () -> Void) -> Void) {
    self.state = Locked(State(downstream: downstream))
    self.schedule = schedule
  }

  func receive(subscription: any Subscription) {
    guard let downstream = state.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard state.withLock({ $0.liveSubscription != nil }) else { return .none }
    schedule { self.deliver(input) }
    return .none
  }

  private func deliver(_ input: Input) {
    guard let downstream = state.withLock({ $0.downstreamForValues }) else { return }
    let demand = downstream.receive(input)
    guard demand > 0 else { return }
    state.withLock { $0.liveSubscription }?.request(demand)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let subscription = state.withLock { $0.upstreamCompleted() }
    guard let subscription else { return }
    // Released outside the lock: a subscription's deinit may call back in.
    _ = subscription
    schedule { self.deliver(completion) }
  }

  private func deliver(_ completion: Subscribers.Completion<Failure>) {
    let downstream = state.withLock { $0.takePendingCompletion() }
    downstream?.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.liveSubscription }?.request(demand)
  }

  func cancel() {
    let ended = state.withLock { $0.terminate() }
    ended.subscription?.cancel()
  }

  /// Ends the relay at once, from the scheduler's context: cancels the upstream and completes the
  /// downstream with `completion`, unless the relay has ended already or the upstream's own
  /// completion is on its way.
  func cancelUpstreamAndComplete(with completion: Subscribers.Completion<Failure>) {
    guard let ended = state.withLock({ $0.terminateIfLive() }) else { return }
    ended.subscription.cancel()
    ended.downstream?.receive(completion: completion)
  }
}
