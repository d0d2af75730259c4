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

  private enum Stage {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// The choice is made; the result waits for the subscriber's first request.
    case awaitingDemand
    case terminal
  }

  /// What to hand the subscriber once the choice is final: nothing yet (`isReady` false) while it
  /// has not asked for anything, else the result, if any, then `.finished`. Also carries the
  /// `select` closure out, to be released after unlocking.
  private struct FinalChoice {
    var isReady: Bool
    var result: Input?
    /// The downstream to deliver to, when ready.
    var downstream: Downstream?
    var released: ((Input) -> Step)?
  }

  /// Everything the selection knows, guarded by its lock.
  private struct State {
    var stage = Stage.awaitingSubscription
    /// `nil` once the stream has ended and the result, if any, was handed over.
    var downstream: Downstream?
    /// Released when the stream ends, so that whatever it captured goes with it.
    var select: ((Input) -> Step)?
    var selected: Input?
    var hasDemand = false

    var isSubscribed: Bool {
      if case .subscribed = stage { return true } else { return false }
    }

    /// Takes `subscription` and returns the downstream to hand the selection to, or `nil` when
    /// `subscription` must be cancelled.
    mutating func accept(_ subscription: any Subscription) -> Downstream? {
      guard case .awaitingSubscription = stage, let downstream else { return nil }
      stage = .subscribed(subscription)
      return downstream
    }

    /// `select`, while values are still wanted.
    var liveSelect: ((Input) -> Step)? {
      guard isSubscribed else { return nil }
      return select
    }

    /// Keeps `input` as the result so far, unless the stream has ended; returns the result it
    /// replaces, to release after the lock.
    mutating func keep(_ input: Input) -> Input? {
      guard isSubscribed else { return nil }
      defer { selected = input }
      return selected
    }

    /// The subscriber's first request: returns the result to deliver now (`nil` delivers only
    /// `.finished`) and the downstream, if the choice was waiting for it, else `nil`.
    mutating func request() -> (result: Input?, downstream: Downstream)? {
      guard !hasDemand else { return nil }
      hasDemand = true
      guard case .awaitingDemand = stage, let downstream = downstream.take() else { return nil }
      stage = .terminal
      return (selected.take(), downstream)
    }

    /// Ends the stream; returns the live subscription and what to release after the lock.
    mutating func end() -> (subscription: (any Subscription)?, released: (((Input) -> Step)?, Input?, Downstream?)) {
      let subscription: (any Subscription)?
      if case .subscribed(let live) = stage { subscription = live } else { subscription = nil }
      stage = .terminal
      return (subscription, (select.take(), selected.take(), downstream.take()))
    }

    /// The upstream finished, or `select` made a final choice (`input`, which replaces the result
    /// so far): deliver now if the subscriber has asked for anything, otherwise on its first
    /// request. `nil` when the stream is not live. Also returns the live subscription, and the
    /// result replaced, to release after the lock.
    mutating func makeChoiceFinal(
      keeping input: Input?
    ) -> (subscription: any Subscription, choice: FinalChoice, replaced: Input?)? {
      guard case .subscribed(let subscription) = stage else { return nil }
      var replaced: Input?
      if let input {
        replaced = selected.take()
        selected = input
      }
      let released = select.take()
      guard hasDemand else {
        stage = .awaitingDemand
        return (
          subscription, FinalChoice(isReady: false, result: nil, downstream: nil, released: released), replaced
        )
      }
      stage = .terminal
      return (
        subscription,
        FinalChoice(isReady: true, result: selected.take(), downstream: downstream.take(), released: released),
        replaced
      )
    }

    /// Fails the live stream; `nil` when it is not live.
    mutating func fail() -> (
      subscription: any Subscription, downstream: Downstream?, released: (((Input) -> Step)?, Input?)
    )? {
      guard case .subscribed(let subscription) = stage else { return nil }
      stage = .terminal
      return (subscription, downstream.take(), (select.take(), selected.take()))
    }
  }

  private let liveObject = LiveObjectToken("SingleElementSelection")
  private let state: Locked<State>
  let description: String
  private let mapFailure: (UpstreamFailure) -> Downstream.Failure

  init(
    downstream: Downstream,
    name: String,
    select: @escaping (Input) -> Step,
    mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.description = name
    self.state = Locked(State(downstream: downstream, select: select))
    self.mapFailure = mapFailure
  }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    guard let downstream = state.withLock({ $0.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
    if state.withLock({ $0.isSubscribed }) { subscription.request(.unlimited) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard let select = state.withLock({ $0.liveSelect }) else { return .none }
    switch select(input) {
    case .skip:
      break
    case .keep:
      let replaced = state.withLock { $0.keep(input) }
      _ = replaced
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
    guard let delivery = state.withLock({ $0.request() }) else { return }
    Self.deliver(delivery.result, to: delivery.downstream)
  }

  func cancel() {
    let ended = state.withLock { $0.end() }
    ended.subscription?.cancel()
  }

  // MARK: Private

  private func makeChoiceFinal(keeping input: Input?, cancellingUpstream: Bool) {
    guard let final = state.withLock({ $0.makeChoiceFinal(keeping: input) }) else { return }
    if cancellingUpstream { final.subscription.cancel() }
    if final.choice.isReady, let downstream = final.choice.downstream {
      Self.deliver(final.choice.result, to: downstream)
    }
  }

  private func fail(with error: Downstream.Failure, cancellingUpstream: Bool) {
    guard let failed = state.withLock({ $0.fail() }) else { return }
    if cancellingUpstream { failed.subscription.cancel() }
    failed.downstream?.receive(completion: .failure(error))
  }

  private static func deliver(_ result: Input?, to downstream: Downstream) {
    if let result { _ = downstream.receive(result) }
    downstream.receive(completion: .finished)
  }
}
