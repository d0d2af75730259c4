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

  private let lock = Lock()
  private var relay: TransformingRelayState<Downstream>
  private var downstreamRequested = false
  /// The result and the downstream it is for, kept when the reduction is over before the downstream
  /// has asked for anything.
  private var pendingDelivery: (result: Downstream.Input?, downstream: Downstream?)?
  /// The downstream form of an upstream failure: the failure itself, or it as `any Error`.
  private let downstreamFailure: (UpstreamFailure) -> Downstream.Failure
  let description: String

  init(
    downstream: Downstream,
    description: String,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.relay = TransformingRelayState(downstream: downstream)
    self.description = description
    self.downstreamFailure = downstreamFailure
  }

  /// Folds one value into the accumulator. Runs without the lock.
  func reduce(_ input: Input) -> Step {
    preconditionFailure("ReducingInner.reduce is abstract")
  }

  /// The value to deliver once the reduction is over; `nil` delivers only `.finished`.
  var result: Downstream.Input? { preconditionFailure("ReducingInner.result is abstract") }

  final func receive(subscription: any Subscription) {
    guard let downstream = lock.withLock({ relay.attach(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
    // The downstream may have cancelled from inside `receive(subscription:)`.
    guard lock.withLock({ relay.isLive }) else { return }
    subscription.request(.unlimited)
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    guard lock.withLock({ relay.isLive }) else { return .none }
    switch reduce(input) {
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

  final func request(_ demand: Subscribers.Demand) {
    lock.lock()
    downstreamRequested = true
    let pending = pendingDelivery.take()
    lock.unlock()
    guard let pending else { return }
    Self.deliver(pending.result, to: pending.downstream)
  }

  final func cancel() {
    lock.lock()
    let ended = relay.end()
    let released = pendingDelivery.take()
    lock.unlock()
    ended?.upstream.cancel()
    _ = released
  }

  /// Ends the reduction: cancels the upstream when the reduction stopped early, then delivers the
  /// result now if the downstream has asked, or keeps it until it does.
  private func finish(cancellingUpstream: Bool) {
    lock.lock()
    guard let ended = relay.end() else {
      lock.unlock()
      return
    }
    let result = self.result
    let isRequested = downstreamRequested
    if !isRequested { pendingDelivery = (result, ended.downstream) }
    lock.unlock()
    if cancellingUpstream { ended.upstream.cancel() }
    if isRequested { Self.deliver(result, to: ended.downstream) }
  }

  /// Fails downstream at once, cancelling the upstream when the reduction threw.
  private func fail(with error: Downstream.Failure, cancellingUpstream: Bool) {
    guard let ended = lock.withLock({ relay.end() }) else { return }
    if cancellingUpstream { ended.upstream.cancel() }
    ended.downstream?.receive(completion: .failure(error))
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
  ReducingInner<Input, UpstreamFailure, Downstream>, @unchecked Sendable
{
  private let fold: (inout Downstream.Input, Input) throws(Downstream.Failure) -> Void
  private var accumulator: Downstream.Input

  init(
    downstream: Downstream,
    description: String,
    initial: Downstream.Input,
    fold: @escaping (inout Downstream.Input, Input) throws(Downstream.Failure) -> Void,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.fold = fold
    self.accumulator = initial
    super.init(downstream: downstream, description: description, downstreamFailure: downstreamFailure)
  }

  override func reduce(_ input: Input) -> Step {
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
  ReducingInner<Input, UpstreamFailure, Downstream>, @unchecked Sendable
where Downstream.Input == Bool {
  private let predicate: (Input) throws(Downstream.Failure) -> Bool
  private let decisiveAnswer: Bool
  private var foundDecisiveValue = false

  init(
    downstream: Downstream,
    description: String,
    stopsWhen predicate: @escaping (Input) throws(Downstream.Failure) -> Bool,
    is decisiveAnswer: Bool,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.predicate = predicate
    self.decisiveAnswer = decisiveAnswer
    super.init(downstream: downstream, description: description, downstreamFailure: downstreamFailure)
  }

  override func reduce(_ input: Input) -> Step {
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
  ReducingInner<Input, UpstreamFailure, Downstream>, @unchecked Sendable
where Downstream.Input == Input {
  private let areInIncreasingOrder: (Input, Input) throws(Downstream.Failure) -> Bool
  private var largest: Input?

  init(
    downstream: Downstream,
    description: String,
    areInIncreasingOrder: @escaping (Input, Input) throws(Downstream.Failure) -> Bool,
    downstreamFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.areInIncreasingOrder = areInIncreasingOrder
    super.init(downstream: downstream, description: description, downstreamFailure: downstreamFailure)
  }

  override func reduce(_ input: Input) -> Step {
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
