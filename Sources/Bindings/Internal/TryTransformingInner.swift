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

  private enum State {
    case awaitingSubscription
    case subscribed(any Subscription)
    case terminal
  }

  private let lock = Lock()
  private var state = State.awaitingSubscription
  /// `nil` once terminal; released after the lock is dropped.
  private var downstream: Downstream?

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// The downstream value for `input`, or `nil` to drop it. Runs without the lock.
  func output(for input: Input) throws -> Downstream.Input? {
    preconditionFailure("TryTransformingInner.output(for:) is abstract")
  }

  var description: String { preconditionFailure("TryTransformingInner.description is abstract") }

  final func receive(subscription: any Subscription) {
    lock.lock()
    guard case .awaitingSubscription = state, let downstream else {
      lock.unlock()
      subscription.cancel()
      return
    }
    state = .subscribed(subscription)
    lock.unlock()
    downstream.receive(subscription: self)
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    guard case .subscribed = state, let downstream else {
      lock.unlock()
      return .none
    }
    lock.unlock()
    let transformed: Downstream.Input?
    do {
      transformed = try output(for: input)
    } catch {
      fail(with: error)
      return .none
    }
    // A dropped value still used one unit of the upstream's demand: ask for its replacement.
    guard let transformed else { return .max(1) }
    return downstream.receive(transformed)
  }

  final func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    lock.lock()
    guard case .subscribed = state else {
      lock.unlock()
      return
    }
    state = .terminal
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    downstream?.receive(completion: completion.mapError { $0 })
  }

  final func request(_ demand: Subscribers.Demand) {
    lock.lock()
    guard case .subscribed(let upstream) = state else {
      lock.unlock()
      return
    }
    lock.unlock()
    upstream.request(demand)
  }

  final func cancel() {
    lock.lock()
    guard case .subscribed(let upstream) = state else {
      lock.unlock()
      return
    }
    state = .terminal
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    upstream.cancel()
    _ = downstream
  }

  private func fail(with error: any Error) {
    lock.lock()
    guard case .subscribed(let upstream) = state else {
      lock.unlock()
      return
    }
    state = .terminal
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    upstream.cancel()
    downstream?.receive(completion: .failure(error))
  }
}
