/// Forwards values into a subject it holds weakly, and gives the subject a subscription to own,
/// so the subject's deallocation ends the binding.
///
/// Until it ends, the forwarder holds its own token, so dropping the token returned by `~>` does not
/// end the binding; the cycle is broken when the binding ends.
final class SubjectBindingForwarder<Target: Subject>: Subscriber, Subscription, @unchecked Sendable {
  typealias Input = Target.Output
  typealias Failure = Never

  /// What the forwarder holds, decided under the lock; everything taken out of it is cancelled or
  /// released after the lock.
  private struct State {
    weak var subject: Target?
    var upstream: (any Subscription)?
    var isTerminated = false
    var token: AnyCancellable?
    /// The subscription that reports the subject's completion; cancelled when the binding ends.
    var completionWatch: (any Subscription)?

    /// What the binding held when it ended, to cancel and release after the lock.
    struct Released {
      var upstream: (any Subscription)?
      var token: AnyCancellable?
      var subject: Target?
      var completionWatch: (any Subscription)?
    }

    enum SubscriptionAction {
      /// A second subscription, or one after the end: cancel it.
      case cancel
      /// The subject died before the source answered: cancel the subscription, release the rest.
      case cancelAfterSubjectDied(Released)
      /// Hand the subject this forwarder as its subscription.
      case attach(Target)
    }

    mutating func receive(subscription: any Subscription) -> SubscriptionAction {
      guard upstream == nil, !isTerminated else { return .cancel }
      guard let subject else { return .cancelAfterSubjectDied(terminate()) }
      upstream = subscription
      return .attach(subject)
    }

    /// Keeps `subscription` as the completion watch; `false` when the binding has already ended.
    mutating func watchCompletion(_ subscription: any Subscription) -> Bool {
      guard !isTerminated else { return false }
      completionWatch = subscription
      return true
    }

    mutating func terminate() -> Released {
      isTerminated = true
      let released = Released(upstream: upstream, token: token, subject: subject, completionWatch: completionWatch)
      upstream = nil
      token = nil
      completionWatch = nil
      return released
    }
  }

  private let state: Locked<State>
  private let liveObject = LiveObjectToken("SubjectBindingForwarder")

  init(subject: Target) {
    state = Locked(State(subject: subject))
  }

  func keepAlive(_ token: AnyCancellable) {
    state.withLock { $0.token = token }
  }

  /// Keeps the subscription that reports the subject's completion, or cancels it if the binding
  /// has already ended.
  func watchCompletion(_ subscription: any Subscription) {
    if !state.withLock({ $0.watchCompletion(subscription) }) { subscription.cancel() }
  }

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.receive(subscription: subscription) }) {
    case .cancel:
      subscription.cancel()
    case .cancelAfterSubjectDied(let released):
      subscription.cancel()
      _ = released
    case .attach(let subject):
      subject.send(subscription: self)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard let subject = state.withLock({ $0.isTerminated ? nil : $0.subject }) else {
      cancel()
      return .none
    }
    subject.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    let released = state.withLock { $0.terminate() }
    released.completionWatch?.cancel()
    (released.subject as? any UpstreamRemovingSubject)?.removeUpstream(combineIdentifier)
    _ = released
  }

  func request(_ demand: Subscribers.Demand) {
    // The subject asks for unlimited values; pass that on once.
    let upstream = state.withLock { $0.isTerminated ? nil : $0.upstream }
    upstream?.request(demand)
  }

  func cancel() {
    let released = state.withLock { $0.terminate() }
    released.upstream?.cancel()
    released.completionWatch?.cancel()
    (released.subject as? any UpstreamRemovingSubject)?.removeUpstream(combineIdentifier)
    _ = released
  }
}
