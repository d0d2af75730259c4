import Foundation

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
