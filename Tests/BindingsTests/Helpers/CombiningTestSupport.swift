import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// A publisher for the combining operators' tests: it hands out one subscription per subscriber,
/// records the demand requested and the cancels, and sends only when the test says so.
final class CombiningTestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  private let lock = NSLock()
  private var subscribers: [AnySubscriber<Output, Failure>] = []
  private var recordedRequests: [Subscribers.Demand] = []
  private var recordedCancels = 0

  init() {}

  /// Every `request(_:)` received, in order.
  var requests: [Subscribers.Demand] { lock.withLock { recordedRequests } }
  /// How many times `cancel()` was called on its subscriptions.
  var cancelCount: Int { lock.withLock { recordedCancels } }
  var subscriberCount: Int { lock.withLock { subscribers.count } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    lock.withLock { subscribers.append(AnySubscriber(subscriber)) }
    subscriber.receive(subscription: Conduit(publisher: self))
  }

  /// Sends `value` to every subscriber, ignoring demand, and returns the demand they returned.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    let targets = lock.withLock { subscribers }
    var demand = Subscribers.Demand.none
    for target in targets { demand += target.receive(value) }
    return demand
  }

  func send(completion: Subscribers.Completion<Failure>) {
    let targets = lock.withLock {
      let taken = subscribers
      subscribers = []
      return taken
    }
    for target in targets { target.receive(completion: completion) }
  }

  private func recordRequest(_ demand: Subscribers.Demand) {
    lock.withLock { recordedRequests.append(demand) }
  }

  private func recordCancel() {
    let released = lock.withLock {
      recordedCancels += 1
      let taken = subscribers
      subscribers = []
      return taken
    }
    _ = released
  }

  private final class Conduit: Subscription {
    let publisher: CombiningTestPublisher

    init(publisher: CombiningTestPublisher) {
      self.publisher = publisher
    }

    func request(_ demand: Subscribers.Demand) { publisher.recordRequest(demand) }
    func cancel() { publisher.recordCancel() }
  }
}

/// A subscription stub for the state machine tests.
final class CombiningTestSubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}

/// Checks that deliveries to one subscriber never overlap, and counts them.
final class CombiningOverlapDetector: @unchecked Sendable {
  private let lock = NSLock()
  private var inFlight = 0
  private(set) var overlapped = false

  func enter() {
    lock.withLock {
      inFlight += 1
      if inFlight > 1 { overlapped = true }
    }
  }

  func leave() {
    lock.withLock { inFlight -= 1 }
  }

  var didOverlap: Bool { lock.withLock { overlapped } }
}

extension CombiningOverlapDetector {
  /// A recorder whose deliveries this detector watches for overlap.
  func recorder() -> RecordingSubscriber<Int, TestError> {
    RecordingSubscriber(onValue: { _ in
      self.enter()
      self.leave()
    })
  }
}

/// Subscribes a recorder to `combine` of three fresh subjects, sends 1 on each, then `send`, ends
/// the subscription as each ``Ending`` says — a finish by `finish`, a failure of the second
/// subject — and expects every subject to hold no subscriber and every object to be released.
func expectEveryUpstreamReleased<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  send: ([PassthroughSubject<Int, TestError>]) -> Void = { _ in },
  finish: ([PassthroughSubject<Int, TestError>]) -> Void = { subjects in
    for subject in subjects { subject.send(completion: .finished) }
  },
  _ combine: ([PassthroughSubject<Int, TestError>]) -> P
) where P.Output == Int, P.Failure == TestError {
  for ending in Ending.allCases {
    var weakRefs: [() -> AnyObject?] = []
    do {
      let subjects = [PassthroughSubject<Int, TestError>(), PassthroughSubject(), PassthroughSubject()]
      for subject in subjects { weakRefs.append { [weak subject] in subject } }
      let recorder = RecordingSubscriber<Int, TestError>()
      weakRefs.append { [weak recorder] in recorder }
      combine(subjects).subscribe(recorder)
      for subject in subjects { subject.send(1) }
      send(subjects)
      switch ending {
      case .cancel: recorder.cancel()
      case .finish: finish(subjects)
      case .fail: subjects[1].send(completion: .failure(.oops))
      }
      #expect(subjects.allSatisfy { $0.core.subscriberCount == 0 }, "\(ending)", sourceLocation: sourceLocation)
    }
    #expect(weakRefs.allSatisfy { $0() == nil }, "\(ending)", sourceLocation: sourceLocation)
  }
}

// Equality for the combining machines' actions, so tests can compare them directly. Subscriptions
// are compared by count, since they have no identity of their own.
extension CombiningAction.Subscription: Equatable {
  /// Whether two subscription actions are the same kind, with equal demand.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.requestFromUpstream(let l), .requestFromUpstream(let r)): return l == r
    case (.cancelUpstream, .cancelUpstream), (.none, .none): return true
    default: return false
    }
  }
}

extension CombiningAction.DeliveryFinished: Equatable where Failure: Equatable {
  /// Whether two delivery-finished actions are the same kind, with as many upstreams and equal failures.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.deliver, .deliver), (.none, .none): return true
    case (.cancelUpstreamsAndFinishDownstream(let l), .cancelUpstreamsAndFinishDownstream(let r)):
      return l.count == r.count
    case (.failDownstream(let l), .failDownstream(let r)): return l == r
    default: return false
    }
  }
}

extension CombiningAction.Completion: Equatable where Failure: Equatable {
  /// Whether two completion actions are the same kind, with as many upstreams and equal failures.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.none, .none): return true
    case (.cancelUpstreamsAndFinishDownstream(let l), .cancelUpstreamsAndFinishDownstream(let r)),
      (.cancelUpstreams(let l), .cancelUpstreams(let r)):
      return l.count == r.count
    case (.cancelUpstreamsAndFailDownstream(let l, let lError), .cancelUpstreamsAndFailDownstream(let r, let rError)):
      return l.count == r.count && lError == rError
    default: return false
    }
  }
}
