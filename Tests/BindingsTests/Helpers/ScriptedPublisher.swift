import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// A publisher the test drives by hand, for checking exactly what an operator asks of its upstream.
///
/// Each subscriber gets a ``Link``, whose ``Link/history`` records every request and cancel.
/// `send` delivers straight to the most recent subscriber whatever its demand or state, as a racing
/// or misbehaving upstream could, and returns the demand the subscriber answered. With
/// `handsOverSubscription: false` the subscription is held back until ``handOverSubscription()``,
/// to test what happens while an operator waits for it.
final class ScriptedPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  enum Event: Equatable, CustomStringConvertible {
    case requested(Subscribers.Demand)
    case cancelled

    var description: String {
      switch self {
      case .requested(let demand): return "requested(\(demand))"
      case .cancelled: return "cancelled"
      }
    }
  }

  final class Link: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Event] = []

    var history: [Event] { lock.withLock { recorded } }

    func request(_ demand: Subscribers.Demand) {
      lock.withLock { recorded.append(.requested(demand)) }
    }

    func cancel() {
      lock.withLock { recorded.append(.cancelled) }
    }
  }

  private let lock = NSLock()
  private let handsOverSubscription: Bool
  private var subscribers: [(AnySubscriber<Output, Failure>, Link)] = []

  init(handsOverSubscription: Bool = true) {
    self.handsOverSubscription = handsOverSubscription
  }

  /// How many times something subscribed.
  var subscriptionCount: Int { lock.withLock { subscribers.count } }

  /// The most recent subscriber's link.
  var link: Link? { lock.withLock { subscribers.last?.1 } }

  /// The most recent subscriber's record of requests and cancels.
  var history: [Event] { link?.history ?? [] }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let link = Link()
    let erased = AnySubscriber(subscriber)
    lock.withLock { subscribers.append((erased, link)) }
    if handsOverSubscription { erased.receive(subscription: link) }
  }

  /// Hands the most recent subscriber its subscription, when it was held back.
  func handOverSubscription() {
    guard let (subscriber, link) = lock.withLock({ subscribers.last }) else { return }
    subscriber.receive(subscription: link)
  }

  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    guard let subscriber = lock.withLock({ subscribers.last?.0 }) else { return .none }
    return subscriber.receive(value)
  }

  func send(completion: Subscribers.Completion<Failure>) {
    guard let subscriber = lock.withLock({ subscribers.last?.0 }) else { return }
    subscriber.receive(completion: completion)
  }

  /// Lets go of every subscriber, as a publisher does once it is done with them. The script keeps
  /// sending after a cancel or a completion (to test how operators guard against that), so a test
  /// ends by detaching: an operator that holds its upstream would otherwise keep a cycle alive.
  func detach() {
    let released = lock.withLock {
      defer { subscribers = [] }
      return subscribers
    }
    _ = released
  }
}

/// A lifecycle check for operators that take a second publisher: builds the operator on two fresh
/// subjects, lets `act` drive the scenario to its end, then expects neither subject to hold a
/// subscriber, and the subscriber, its subscription and both subjects to be deallocated.
func expectLifecycleReleasesBothSubjects<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (PassthroughSubject<Int, TestError>, PassthroughSubject<Int, TestError>) -> P,
  act: (
    PassthroughSubject<Int, TestError>, PassthroughSubject<Int, TestError>, RecordingSubscriber<P.Output, P.Failure>
  )
    -> Void
) {
  weak var weakFirst: PassthroughSubject<Int, TestError>?
  weak var weakSecond: PassthroughSubject<Int, TestError>?
  weak var weakRecorder: RecordingSubscriber<P.Output, P.Failure>?
  weak var weakSubscription: AnyObject?
  do {
    let first = PassthroughSubject<Int, TestError>()
    let second = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<P.Output, P.Failure>()
    weakFirst = first
    weakSecond = second
    weakRecorder = recorder
    build(first, second).subscribe(recorder)
    weakSubscription = recorder.subscription.map { $0 as AnyObject }
    act(first, second, recorder)
    #expect(
      first.core.subscriberCount == 0, "the first subject still holds a subscriber", sourceLocation: sourceLocation)
    #expect(
      second.core.subscriberCount == 0, "the second subject still holds a subscriber", sourceLocation: sourceLocation)
  }
  #expect(weakRecorder == nil, "the subscriber leaked", sourceLocation: sourceLocation)
  #expect(weakSubscription == nil, "the subscription leaked", sourceLocation: sourceLocation)
  #expect(weakFirst == nil, "the first subject leaked", sourceLocation: sourceLocation)
  #expect(weakSecond == nil, "the second subject leaked", sourceLocation: sourceLocation)
}

extension RecordingSubscriber where Failure == any Error {
  /// The events with the failure cast back to ``TestError`` (any other error reads as `.other`),
  /// so that the history of a `try…` operator can be compared in one `#expect`.
  var eventsWithTestError: [RecordingSubscriber<Input, TestError>.Event] {
    events.map {
      switch $0 {
      case .subscription: return .subscription
      case .value(let value): return .value(value)
      case .completion(.finished): return .completion(.finished)
      case .completion(.failure(let error)): return .completion(.failure((error as? TestError) ?? .other))
      }
    }
  }
}

/// The cancel check of an operator on one upstream: subscribes a recorder asking for everything,
/// cancels twice, then has the upstream send a value and `completion` anyway. Expects the upstream
/// to have been asked for everything and cancelled once, and the recorder to have received nothing
/// but its subscription.
func expectCancelReachesUpstreamOnce<P: Publisher>(
  thenCompleting completion: Subscribers.Completion<TestError> = .finished,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (ScriptedPublisher<Int, TestError>) -> P
) {
  let upstream = ScriptedPublisher<Int, TestError>()
  let recorder = RecordingSubscriber<P.Output, P.Failure>()
  build(upstream).subscribe(recorder)
  recorder.subscription?.cancel()
  recorder.subscription?.cancel()
  upstream.send(1)
  upstream.send(completion: completion)
  #expect(upstream.history == [.requested(.unlimited), .cancelled], sourceLocation: sourceLocation)
  #expect(recorder.events.map(\.description) == ["subscription"], sourceLocation: sourceLocation)
  recorder.cancel()
  upstream.detach()
}

/// The cancel check of an operator on an upstream and a trigger publisher: as
/// ``expectCancelReachesUpstreamOnce(thenCompleting:sourceLocation:_:)``, and the trigger, asked for
/// one element, is cancelled once too, and its element and completion after the cancel go nowhere.
func expectCancelReachesBothUpstreamsOnce<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (ScriptedPublisher<Int, TestError>, ScriptedPublisher<Int, TestError>) -> P
) {
  let upstream = ScriptedPublisher<Int, TestError>()
  let trigger = ScriptedPublisher<Int, TestError>()
  let recorder = RecordingSubscriber<P.Output, P.Failure>()
  build(upstream, trigger).subscribe(recorder)
  recorder.subscription?.cancel()
  recorder.subscription?.cancel()
  trigger.send(0)
  upstream.send(1)
  upstream.send(completion: .finished)
  trigger.send(completion: .finished)
  #expect(upstream.history == [.requested(.unlimited), .cancelled], sourceLocation: sourceLocation)
  #expect(trigger.history == [.requested(.max(1)), .cancelled], sourceLocation: sourceLocation)
  #expect(recorder.events.map(\.description) == ["subscription"], sourceLocation: sourceLocation)
  recorder.cancel()
  upstream.detach()
  trigger.detach()
}

/// The demand check of an operator that passes values through one for one: a subscriber asking for
/// `.max(2)` gets 1 and 2 of 1...3, then, after requesting one more, 4 and not 5.
func expectPassThroughHonoursDemand<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (PassthroughSubject<Int, TestError>) -> P
) where P.Output == Int, P.Failure: Equatable {
  let subject = PassthroughSubject<Int, TestError>()
  let recorder = RecordingSubscriber<Int, P.Failure>(initialDemand: .max(2))
  build(subject).subscribe(recorder)
  for value in 1...3 { subject.send(value) }
  recorder.request(.max(1))
  subject.send(4)
  subject.send(5)
  #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4)], sourceLocation: sourceLocation)
  recorder.cancel()
}

/// The throwing-predicate check of a `try…` operator on one upstream. The predicate handed to
/// `build` throws `TestError.other` for a negative value and returns `verdict` otherwise; the
/// upstream sends 1, -1 and 2, then finishes anyway, and the subscriber cancels. Expects the upstream
/// to have been cancelled once, and the recorder to have received `expected`.
func expectThrowingPredicateCancelsUpstreamOnce<P: Publisher>(
  verdict: Bool,
  recording expected: [RecordingSubscriber<Int, TestError>.Event],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (ScriptedPublisher<Int, TestError>, @escaping (Int) throws -> Bool) -> P
) where P.Output == Int, P.Failure == any Error {
  let upstream = ScriptedPublisher<Int, TestError>()
  let recorder = RecordingSubscriber<Int, any Error>()
  build(upstream) { value in
    if value < 0 { throw TestError.other }
    return verdict
  }
  .subscribe(recorder)
  upstream.send(1)
  upstream.send(-1)
  upstream.send(2)
  upstream.send(completion: .finished)
  recorder.subscription?.cancel()
  #expect(recorder.eventsWithTestError == expected, sourceLocation: sourceLocation)
  #expect(upstream.history == [.requested(.unlimited), .cancelled], sourceLocation: sourceLocation)
  recorder.cancel()
  upstream.detach()
}
