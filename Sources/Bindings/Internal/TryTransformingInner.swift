/// The subscription shared by the `try…` operators that transform or drop values one by one
/// (`tryMap`, `tryCompactMap`, `tryFilter`, `tryRemoveDuplicates`, `tryScan`).
///
/// A subclass overrides ``output(for:)``. Returning `nil` drops the value and asks the upstream for
/// a replacement; throwing cancels the upstream once and sends the error downstream once. After
/// that, or after `cancel()`, nothing more reaches the downstream subscriber, which is released.
///
/// The lock guards the subscription state, which `cancel()` and `request(_:)` may touch from other
/// threads; each value takes it once to check that the subscription is live. The transform and
/// its state need no lock: the upstream never delivers two values at once.
class TryTransformingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, @unchecked Sendable
where Downstream.Failure == any Error {
  typealias Failure = UpstreamFailure

  private let relay: Locked<TransformingRelayState<Downstream>>

  init(downstream: Downstream) {
    relay = Locked(TransformingRelayState(downstream: downstream))
  }

  /// The downstream value for `input`, or `nil` to drop it. Runs without the lock.
  func output(for input: Input) throws -> Downstream.Input? {
    preconditionFailure("TryTransformingInner.output(for:) is abstract")
  }

  var description: String { preconditionFailure("TryTransformingInner.description is abstract") }

  final func receive(subscription: any Subscription) {
    guard let downstream = relay.withLock({ $0.attach(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    guard let downstream = relay.withLock({ $0.liveDownstream }) else { return .none }
    let transformed: Downstream.Input?
    do {
      transformed = try output(for: input)
    } catch {
      guard let ended = relay.withLock({ $0.end() }) else { return .none }
      ended.upstream.cancel()
      ended.downstream?.receive(completion: .failure(error))
      return .none
    }
    // A dropped value still used one unit of the upstream's demand: ask for its replacement.
    guard let transformed else { return .max(1) }
    return downstream.receive(transformed)
  }

  final func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let ended = relay.withLock { $0.end() }
    ended?.downstream?.receive(completion: completion.mapError { $0 })
  }

  final func request(_ demand: Subscribers.Demand) {
    relay.withLock { $0.liveUpstream }?.request(demand)
  }

  final func cancel() {
    let ended = relay.withLock { $0.end() }
    ended?.upstream.cancel()
  }
}
