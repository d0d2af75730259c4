import Bindings
import Foundation

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
