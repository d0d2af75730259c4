/// The subscription behind `first()`, `first(where:)`, `tryFirst(where:)`, `last()`,
/// `last(where:)` and `tryLast(where:)`: it asks the upstream for everything, keeps at most one
/// element, and hands it over with `.finished` once the upstream is done (or once `select` says the
/// choice is final, which also cancels the upstream).
///
/// As in Combine, the result waits for the subscriber's first request, of any size: the upstream is
/// drained at once whatever the subscriber's demand, and only the single result is gated.
final class SingleElementSelection<Downstream: Subscriber, UpstreamFailure: Error>: Subscriber, Subscription,
  CustomStringConvertible, @unchecked Sendable
{
  typealias Input = Downstream.Input
  typealias Failure = UpstreamFailure

  /// What to do with one upstream element.
  enum Step {
    /// Not a candidate.
    case skip
    /// Keep it as the result so far; later elements may replace it.
    case keep
    /// Keep it as the final result: the upstream is cancelled.
    case keepAndFinish
    /// End the stream with this failure: the upstream is cancelled.
    case fail(Downstream.Failure)
  }

  private enum State {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// The choice is made; the result waits for the subscriber's first request.
    case awaitingDemand
    case terminal
  }

  private let lock = Lock()
  private let downstream: Downstream
  let description: String
  private var state = State.awaitingSubscription
  /// Released when the stream ends, so that whatever it captured goes with it.
  private var select: ((Input) -> Step)?
  private let mapFailure: (UpstreamFailure) -> Downstream.Failure
  private var selected: Input?
  private var hasDemand = false

  init(
    downstream: Downstream,
    name: String,
    select: @escaping (Input) -> Step,
    mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.downstream = downstream
    self.description = name
    self.select = select
    self.mapFailure = mapFailure
  }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    lock.lock()
    guard case .awaitingSubscription = state else {
      lock.unlock()
      subscription.cancel()
      return
    }
    state = .subscribed(subscription)
    lock.unlock()
    downstream.receive(subscription: self)
    lock.lock()
    let isLive = if case .subscribed = state { true } else { false }
    lock.unlock()
    if isLive { subscription.request(.unlimited) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    guard case .subscribed = state, let select else {
      lock.unlock()
      return .none
    }
    lock.unlock()
    switch select(input) {
    case .skip:
      break
    case .keep:
      lock.lock()
      if case .subscribed = state { selected = input }
      lock.unlock()
    case .keepAndFinish:
      makeChoiceFinal(keeping: input, cancellingUpstream: true)
    case .fail(let error):
      fail(with: error, cancellingUpstream: true)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    switch completion {
    case .finished:
      makeChoiceFinal(keeping: nil, cancellingUpstream: false)
    case .failure(let error):
      fail(with: mapFailure(error), cancellingUpstream: false)
    }
  }

  // MARK: Downstream

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
    lock.lock()
    guard !hasDemand else {
      lock.unlock()
      return
    }
    hasDemand = true
    guard case .awaitingDemand = state else {
      lock.unlock()
      return
    }
    state = .terminal
    let result = selected.take()
    lock.unlock()
    deliver(result)
  }

  func cancel() {
    lock.lock()
    let subscription: (any Subscription)?
    if case .subscribed(let live) = state { subscription = live } else { subscription = nil }
    state = .terminal
    let released = (self.select.take(), selected.take())
    lock.unlock()
    subscription?.cancel()
    _ = released
  }

  // MARK: Private

  /// What to hand the subscriber once the choice is final: nothing yet (`isReady` false) while it
  /// has not asked for anything, else the result, if any, then `.finished`. Also carries the
  /// `select` closure out, to be released after unlocking.
  private struct FinalChoice {
    var isReady: Bool
    var result: Input?
    var released: ((Input) -> Step)?
  }

  /// The upstream finished, or `select` made a final choice: deliver now if the subscriber has
  /// asked for anything, otherwise on its first request. Called with `state` subscribed.
  private func makeChoiceFinalWithLockHeld() -> FinalChoice {
    let released = self.select.take()
    guard hasDemand else {
      state = .awaitingDemand
      return FinalChoice(isReady: false, result: nil, released: released)
    }
    state = .terminal
    return FinalChoice(isReady: true, result: selected.take(), released: released)
  }

  /// The upstream finished, or `select` made a final choice (`input`, which replaces the result so
  /// far): deliver now or on the subscriber's first request.
  private func makeChoiceFinal(keeping input: Input?, cancellingUpstream: Bool) {
    lock.lock()
    guard case .subscribed(let subscription) = state else {
      lock.unlock()
      return
    }
    if let input { selected = input }
    let finalChoice = makeChoiceFinalWithLockHeld()
    lock.unlock()
    if cancellingUpstream { subscription.cancel() }
    deliver(finalChoice)
  }

  private func fail(with error: Downstream.Failure, cancellingUpstream: Bool) {
    lock.lock()
    guard case .subscribed(let subscription) = state else {
      lock.unlock()
      return
    }
    state = .terminal
    let released = (self.select.take(), selected.take())
    lock.unlock()
    if cancellingUpstream { subscription.cancel() }
    downstream.receive(completion: .failure(error))
    _ = released
  }

  private func deliver(_ choice: FinalChoice) {
    guard choice.isReady else { return }
    deliver(choice.result)
  }

  private func deliver(_ result: Input?) {
    if let result { _ = downstream.receive(result) }
    downstream.receive(completion: .finished)
  }
}
