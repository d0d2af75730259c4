import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// A single-subscriber test publisher that records what its subscriber asks of it — every
/// `request(_:)`, every demand returned from `receive(_:)`, and every `cancel()` — and keeps
/// delivering whatever the test sends, even after a cancel, so an operator's own guards are tested.
final class UpstreamProbe<Output, Failure: Error>: Publisher, @unchecked Sendable {
  private let lock = NSLock()
  private var downstream: AnySubscriber<Output, Failure>?
  private var recordedRequests: [Subscribers.Demand] = []
  private var recordedReturns: [Subscribers.Demand] = []
  private var recordedCancels = 0

  /// The demands requested through the subscription, in order.
  var requests: [Subscribers.Demand] { lock.withLock { recordedRequests } }
  /// The demands returned by the subscriber's `receive(_:)`, in order.
  var returnedDemands: [Subscribers.Demand] { lock.withLock { recordedReturns } }
  /// How many times the subscription was cancelled.
  var cancelCount: Int { lock.withLock { recordedCancels } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    lock.withLock { downstream = AnySubscriber(subscriber) }
    subscriber.receive(subscription: ProbeSubscription(probe: self))
  }

  /// Sends `value` to the subscriber and returns the demand it gave back.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    guard let downstream = lock.withLock({ downstream }) else { return .none }
    let demand = downstream.receive(value)
    lock.withLock { recordedReturns.append(demand) }
    return demand
  }

  func send(completion: Subscribers.Completion<Failure>) {
    lock.withLock { downstream }?.receive(completion: completion)
  }

  fileprivate func record(request demand: Subscribers.Demand) {
    lock.withLock { recordedRequests.append(demand) }
  }

  fileprivate func recordCancel() {
    lock.withLock { recordedCancels += 1 }
  }

  /// Lets go of the subscriber, as a publisher does once it is done with it. The probe itself keeps
  /// forwarding after a cancel or a completion (to test how operators guard against that), so a test
  /// ends by detaching: an operator that holds its upstream would otherwise keep a cycle alive.
  func detach() {
    let released = lock.withLock { downstream.take() }
    _ = released
  }
}

private final class ProbeSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  weak var probe: UpstreamProbe<Output, Failure>?

  init(probe: UpstreamProbe<Output, Failure>) {
    self.probe = probe
  }

  func request(_ demand: Subscribers.Demand) { probe?.record(request: demand) }
  func cancel() { probe?.recordCancel() }
  var description: String { "UpstreamProbe" }
}

// MARK: - Scenarios shared by operator tests

// Each builds the operator on a fresh probe, subscribes a recorder, and compares the recorder's
// whole history, as `description`s so that any failure type compares, in one expectation.

/// Cancel propagates: cancels the subscription twice (after sending `valuesBeforeCancel`), then
/// sends a value, finishes and requests more; expects the history to stop at `expected`, the probe
/// to have seen exactly one cancel, and no request made after the cancel to have reached it.
func expectCancelReachesUpstreamOnce<P: Publisher>(
  sendingFirst valuesBeforeCancel: [Int] = [],
  expecting expected: [String] = ["subscription"],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (UpstreamProbe<Int, Never>) -> P
) {
  let probe = UpstreamProbe<Int, Never>()
  let recorder = RecordingSubscriber<P.Output, P.Failure>()
  build(probe).subscribe(recorder)
  for value in valuesBeforeCancel { probe.send(value) }
  let subscription = recorder.subscription
  subscription?.cancel()
  subscription?.cancel()
  probe.send(100)
  probe.send(completion: .finished)
  subscription?.request(.max(1))
  #expect(recorder.events.map(\.description) == expected, sourceLocation: sourceLocation)
  #expect(probe.cancelCount == 1, sourceLocation: sourceLocation)
  #expect(probe.requests == [.unlimited], sourceLocation: sourceLocation)
  recorder.cancel()
  probe.detach()
}

/// A reduction asks the upstream for everything but holds its result for the downstream's first
/// request: sends `values` and finishes to a subscriber that has requested nothing, expects only
/// the subscription, then requests one and expects `expected`.
func expectResultWaitsForDemand<P: Publisher>(
  sending values: [Int],
  expecting expected: [String],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (UpstreamProbe<Int, Never>) -> P
) {
  let probe = UpstreamProbe<Int, Never>()
  let recorder = RecordingSubscriber<P.Output, P.Failure>(initialDemand: .none)
  build(probe).subscribe(recorder)
  for value in values { probe.send(value) }
  probe.send(completion: .finished)
  #expect(recorder.events.map(\.description) == ["subscription"], sourceLocation: sourceLocation)
  recorder.request(.max(1))
  #expect(recorder.events.map(\.description) == expected, sourceLocation: sourceLocation)
  #expect(probe.requests == [.unlimited], sourceLocation: sourceLocation)
  recorder.cancel()
  probe.detach()
}

/// An upstream failure is passed on at once, to a subscriber that has requested nothing: sends
/// `values`, fails with `TestError.oops`, and expects the subscription then that failure.
func expectFailurePassedOnAtOnce<P: Publisher>(
  afterSending values: [Int] = [],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (UpstreamProbe<Int, TestError>) -> P
) {
  let probe = UpstreamProbe<Int, TestError>()
  let recorder = RecordingSubscriber<P.Output, P.Failure>(initialDemand: .none)
  build(probe).subscribe(recorder)
  for value in values { probe.send(value) }
  probe.send(completion: .failure(.oops))
  #expect(recorder.events.map(\.description) == ["subscription", "failure(oops)"], sourceLocation: sourceLocation)
  recorder.cancel()
  probe.detach()
}

/// An operator that stops early (a decisive value, or a thrown error) cancels the upstream once
/// and lets nothing through afterwards: sends `values` then `completion`, expects `expected`, one
/// cancel, and one unlimited request.
func expectStopsEarlyAndCancelsUpstreamOnce<P: Publisher>(
  sending values: [Int],
  thenCompleting completion: Subscribers.Completion<TestError> = .finished,
  expecting expected: [String],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (UpstreamProbe<Int, TestError>) -> P
) {
  let probe = UpstreamProbe<Int, TestError>()
  let recorder = RecordingSubscriber<P.Output, P.Failure>()
  build(probe).subscribe(recorder)
  for value in values { probe.send(value) }
  probe.send(completion: completion)
  #expect(recorder.events.map(\.description) == expected, sourceLocation: sourceLocation)
  #expect(probe.cancelCount == 1, sourceLocation: sourceLocation)
  #expect(probe.requests == [.unlimited], sourceLocation: sourceLocation)
  recorder.cancel()
  probe.detach()
}
