/// The subscription shared by the operators that reduce a whole stream to at most one value
/// (`reduce`, `collect()`, `count`, `contains`, `allSatisfy`, `min`, `max` and their `try…` forms).
///
/// It requests `.unlimited` from the upstream, feeds every value to ``reduce(_:)``, and delivers
/// ``result`` followed by `.finished` once two things are true: the reduction is over (the upstream
/// finished, or ``reduce(_:)`` asked to stop early, which cancels the upstream) and the downstream
/// has requested something. A downstream that has not requested yet gets the result when it does.
/// A failure, from the upstream or thrown by the reduction, is delivered at once, demand or not.
///
/// The operators do not subclass it themselves: each uses one of the three reductions below it
/// (``ReducingFoldInner``, ``ReducingSearchInner``, ``ReducingExtremumInner``), whose closures are
/// typed-throwing, so that one class serves both an operator and its `try…` form.
///
/// The accumulator needs no lock: the upstream never delivers two values at once, and the
/// accumulator is read only once the reduction is over. The lock guards the subscription state,
/// which `request(_:)` and `cancel()` may touch from other threads, and the `Reduction` (the
/// user's closure), which is handed out for each value while the reduction runs and released
/// when the subscription ends, so that whatever it captured goes with it.
class ReducingInner<Input, UpstreamFailure: Error, Downstream: Subscriber, Reduction>: Subscriber, Subscription,
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

  /// The result and the downstream it is for, kept when the reduction is over before the downstream
  /// has asked for anything.
  private typealias PendingDelivery = (result: Downstream.Input?, downstream: Downstream?)

  /// The subscription's state, guarded by its lock.
  private struct State {
    var relay: TransformingRelayState<Downstream>
    /// `nil` once the subscription ended.
    var reduction: Reduction?
    var downstreamRequested = false
    var pendingDelivery: PendingDelivery?

    /// The reduction, while values are still wanted.
    var liveReduction: Reduction? {
      guard relay.isLive else { return nil }
      return reduction
    }

    /// The downstream's request: returns the delivery that waited for it, if any.
    mutating func request() -> PendingDelivery? {
      downstreamRequested = true
      return pendingDelivery.take()
    }

    /// Ends the reduction with `result`, unless it has ended already. Returns what to act on, and
    /// whether to deliver now; otherwise the result waits for the downstream's request.
    mutating func finish(
      with result: Downstream.Input?
    ) -> (ended: TransformingRelayState<Downstream>.Ended, deliverNow: Bool, released: Reduction?)? {
      guard let ended = relay.end() else { return nil }
      if !downstreamRequested { pendingDelivery = (result, ended.downstream) }
      return (ended, downstreamRequested, reduction.take())
    }

    /// Ends the reduction for a failure, unless it has ended already.
    mutating func fail() -> (ended: TransformingRelayState<Downstream>.Ended, released: Reduction?)? {
      guard let ended = relay.end() else { return nil }
      return (ended, reduction.take())
    }

    /// Ends the subscription: returns the upstream to cancel, and everything to release after
    /// the lock.
    mutating func cancel() -> (
      ended: TransformingRelayState<Downstream>.Ended?, released: (PendingDelivery?, Reduction?)
    ) {
      (relay.end(), (pendingDelivery.take(), reduction.take()))
    }
  }

  private let liveObject = LiveObjectToken("ReducingInner")
  private let state: Locked<State>
  /// The downstream form of an upstream failure: the failure itself, or it as `any Error`.
  private let downstreamFailure: (UpstreamFailure) -> Downstream.Failure
  let description: String

  init(
    downstream: Downstream,
    description: String,
    reduction: Reduction,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.state = Locked(State(relay: TransformingRelayState(downstream: downstream), reduction: reduction))
    self.description = description
    self.downstreamFailure = downstreamFailure
  }

  /// Folds one value into the accumulator with `reduction`. Runs without the lock.
  func reduce(_ input: Input, with reduction: Reduction) -> Step {
    preconditionFailure("ReducingInner.reduce is abstract")
  }

  /// The value to deliver once the reduction is over; `nil` delivers only `.finished`.
  var result: Downstream.Input? { preconditionFailure("ReducingInner.result is abstract") }

  final func receive(subscription: any Subscription) {
    guard let downstream = state.withLock({ $0.relay.attach(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
    // The downstream may have cancelled from inside `receive(subscription:)`.
    guard state.withLock({ $0.relay.isLive }) else { return }
    subscription.request(.unlimited)
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    guard let reduction = state.withLock({ $0.liveReduction }) else { return .none }
    switch reduce(input, with: reduction) {
    case .continue: break
    case .finish: finish(cancellingUpstream: true)
    case .fail(let error): fail(with: error, cancellingUpstream: true)
    }
    return .none
  }

  final func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    switch completion {
    case .finished: finish(cancellingUpstream: false)
    case .failure(let failure): fail(with: downstreamFailure(failure), cancellingUpstream: false)
    }
  }

  /// The first request lets the result go. `.none` traps, as in Combine: it would otherwise count
  /// as that request and deliver the result without demand.
  final func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    guard let pending = state.withLock({ $0.request() }) else { return }
    Self.deliver(pending.result, to: pending.downstream)
  }

  final func cancel() {
    let ended = state.withLock { $0.cancel() }
    ended.ended?.upstream.cancel()
  }

  /// Ends the reduction: cancels the upstream when the reduction stopped early, then delivers the
  /// result now if the downstream has asked, or keeps it until it does.
  private func finish(cancellingUpstream: Bool) {
    // Only the upstream's thread touches the accumulator, so it is read outside the lock.
    let result = self.result
    guard let finished = state.withLock({ $0.finish(with: result) }) else { return }
    if cancellingUpstream { finished.ended.upstream.cancel() }
    if finished.deliverNow { Self.deliver(result, to: finished.ended.downstream) }
  }

  /// Fails downstream at once, cancelling the upstream when the reduction threw.
  private func fail(with error: Downstream.Failure, cancellingUpstream: Bool) {
    guard let failed = state.withLock({ $0.fail() }) else { return }
    if cancellingUpstream { failed.ended.upstream.cancel() }
    failed.ended.downstream?.receive(completion: .failure(error))
  }

  private static func deliver(_ result: Downstream.Input?, to downstream: Downstream?) {
    guard let downstream else { return }
    if let result { _ = downstream.receive(result) }
    downstream.receive(completion: .finished)
  }
}

/// `reduce`, `tryReduce`, `count()` and `collect()`: folds every value into an accumulator, which is
/// the result. The fold mutates the accumulator in place, so that `collect()` appends without copying.
final class ReducingFoldInner<Input, UpstreamFailure: Error, Downstream: Subscriber>:
  ReducingInner<
    Input, UpstreamFailure, Downstream, (inout Downstream.Input, Input) throws(Downstream.Failure) -> Void
  >, @unchecked Sendable
{
  private var accumulator: Downstream.Input

  init(
    downstream: Downstream,
    description: String,
    initial: Downstream.Input,
    fold: @escaping (inout Downstream.Input, Input) throws(Downstream.Failure) -> Void,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.accumulator = initial
    super.init(downstream: downstream, description: description, reduction: fold, downstreamFailure: downstreamFailure)
  }

  override func reduce(
    _ input: Input, with fold: @escaping (inout Downstream.Input, Input) throws(Downstream.Failure) -> Void
  ) -> Step {
    do throws(Downstream.Failure) {
      try fold(&accumulator, input)
      return .continue
    } catch {
      return .fail(error)
    }
  }

  override var result: Downstream.Input? { accumulator }
}

/// `allSatisfy`, `contains(where:)`, `contains(_:)` and the `try…` forms: a search that stops at the
/// first decisive value, the one for which the predicate returns `decisiveAnswer` (`false` for
/// `allSatisfy`, `true` for `contains`). The result is `decisiveAnswer` if one came, else its
/// opposite.
final class ReducingSearchInner<Input, UpstreamFailure: Error, Downstream: Subscriber>:
  ReducingInner<Input, UpstreamFailure, Downstream, (Input) throws(Downstream.Failure) -> Bool>, @unchecked Sendable
where Downstream.Input == Bool {
  private let decisiveAnswer: Bool
  private var foundDecisiveValue = false

  init(
    downstream: Downstream,
    description: String,
    stopsWhen predicate: @escaping (Input) throws(Downstream.Failure) -> Bool,
    is decisiveAnswer: Bool,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.decisiveAnswer = decisiveAnswer
    super.init(
      downstream: downstream, description: description, reduction: predicate, downstreamFailure: downstreamFailure)
  }

  override func reduce(_ input: Input, with predicate: @escaping (Input) throws(Downstream.Failure) -> Bool) -> Step {
    do throws(Downstream.Failure) {
      guard try predicate(input) == decisiveAnswer else { return .continue }
    } catch {
      return .fail(error)
    }
    foundDecisiveValue = true
    return .finish
  }

  override var result: Bool? { foundDecisiveValue ? decisiveAnswer : !decisiveAnswer }
}

/// `max`, `min`, `tryMax` and `tryMin`: keeps the largest value by an ordering; of equal values the
/// later one wins. `min` is `max` with the ordering reversed.
final class ReducingExtremumInner<Input, UpstreamFailure: Error, Downstream: Subscriber>:
  ReducingInner<Input, UpstreamFailure, Downstream, (Input, Input) throws(Downstream.Failure) -> Bool>,
  @unchecked Sendable
where Downstream.Input == Input {
  private var largest: Input?

  init(
    downstream: Downstream,
    description: String,
    areInIncreasingOrder: @escaping (Input, Input) throws(Downstream.Failure) -> Bool,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    super.init(
      downstream: downstream, description: description, reduction: areInIncreasingOrder,
      downstreamFailure: downstreamFailure)
  }

  override func reduce(
    _ input: Input, with areInIncreasingOrder: @escaping (Input, Input) throws(Downstream.Failure) -> Bool
  ) -> Step {
    do throws(Downstream.Failure) {
      if let largest, try !areInIncreasingOrder(largest, input) { return .continue }
    } catch {
      return .fail(error)
    }
    largest = input
    return .continue
  }

  override var result: Input? { largest }
}
