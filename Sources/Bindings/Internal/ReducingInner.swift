/// The subscription shared by the operators that reduce a whole stream to at most one value
/// (`reduce`, `collect()`, `count`, `contains`, `allSatisfy`, `min`, `max` and their `try…` forms).
///
/// It requests `.unlimited` from the upstream, feeds every value to ``reduce(_:)``, and delivers
/// ``result`` followed by `.finished` once two things are true: the reduction is over (the upstream
/// finished, or ``reduce(_:)`` asked to stop early, which cancels the upstream) and the downstream
/// has requested something. A downstream that has not requested yet gets the result when it does.
/// A failure, from the upstream or thrown by the reduction, is delivered at once, demand or not.
///
/// The accumulator needs no lock: the upstream never delivers two values at once, and the
/// accumulator is read only once the reduction is over. The lock guards the subscription state,
/// which `request(_:)` and `cancel()` may touch from other threads.
class ReducingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, @unchecked Sendable
{
  typealias Failure = UpstreamFailure

  /// What ``reduce(_:)`` decided after one value.
  enum Step {
    /// Keep reducing.
    case `continue`
    /// The result is known: cancel the upstream and deliver it.
    case finish
    /// The reduction threw: cancel the upstream and fail downstream.
    case fail(Downstream.Failure)
  }

  private enum State {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// The reduction is over but the downstream has not asked for anything yet.
    case awaitingDemand(Downstream.Input?)
    case terminal
  }

  private let lock = Lock()
  private var state = State.awaitingSubscription
  private var downstreamRequested = false
  /// `nil` once terminal; released after the lock is dropped.
  private var downstream: Downstream?

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// Folds one value into the accumulator. Runs without the lock.
  func reduce(_ input: Input) -> Step {
    preconditionFailure("ReducingInner.reduce is abstract")
  }

  /// The value to deliver once the reduction is over; `nil` delivers only `.finished`.
  var result: Downstream.Input? { preconditionFailure("ReducingInner.result is abstract") }

  /// The downstream form of an upstream failure.
  func downstreamFailure(_ failure: UpstreamFailure) -> Downstream.Failure {
    preconditionFailure("ReducingInner.downstreamFailure is abstract")
  }

  var description: String { preconditionFailure("ReducingInner.description is abstract") }

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
    // The downstream may have cancelled from inside `receive(subscription:)`.
    lock.lock()
    guard case .subscribed = state else {
      lock.unlock()
      return
    }
    lock.unlock()
    subscription.request(.unlimited)
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    guard case .subscribed = state else {
      lock.unlock()
      return .none
    }
    lock.unlock()
    switch reduce(input) {
    case .continue:
      break
    case .finish:
      lock.lock()
      guard case .subscribed(let upstream) = state else {
        lock.unlock()
        return .none
      }
      finishWithLockHeld(upstream: upstream)
    case .fail(let error):
      lock.lock()
      guard case .subscribed(let upstream) = state else {
        lock.unlock()
        return .none
      }
      failWithLockHeld(error, upstream: upstream)
    }
    return .none
  }

  final func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    lock.lock()
    guard case .subscribed = state else {
      lock.unlock()
      return
    }
    switch completion {
    case .finished: finishWithLockHeld(upstream: nil)
    case .failure(let failure): failWithLockHeld(downstreamFailure(failure), upstream: nil)
    }
  }

  final func request(_ demand: Subscribers.Demand) {
    lock.lock()
    downstreamRequested = true
    guard case .awaitingDemand(let result) = state else {
      lock.unlock()
      return
    }
    state = .terminal
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    Self.deliver(result, to: downstream)
  }

  final func cancel() {
    lock.lock()
    switch state {
    case .subscribed(let upstream):
      state = .terminal
      let downstream = self.downstream
      self.downstream = nil
      lock.unlock()
      upstream.cancel()
      _ = downstream
    case .awaitingDemand:
      state = .terminal
      let downstream = self.downstream
      self.downstream = nil
      lock.unlock()
      _ = downstream
    case .awaitingSubscription, .terminal:
      lock.unlock()
    }
  }

  /// Ends the reduction: cancels `upstream` when it stopped early, then delivers the result now if
  /// the downstream has asked, or keeps it until it does. Unlocks.
  private func finishWithLockHeld(upstream: (any Subscription)?) {
    let result = self.result
    guard downstreamRequested else {
      state = .awaitingDemand(result)
      lock.unlock()
      upstream?.cancel()
      return
    }
    state = .terminal
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    upstream?.cancel()
    Self.deliver(result, to: downstream)
  }

  /// Fails downstream at once, cancelling `upstream` when the reduction threw. Unlocks.
  private func failWithLockHeld(_ error: Downstream.Failure, upstream: (any Subscription)?) {
    state = .terminal
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    upstream?.cancel()
    downstream?.receive(completion: .failure(error))
  }

  private static func deliver(_ result: Downstream.Input?, to downstream: Downstream?) {
    guard let downstream else { return }
    if let result { _ = downstream.receive(result) }
    downstream.receive(completion: .finished)
  }
}
