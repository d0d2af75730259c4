import Bindings
import Foundation

/// A subscriber that detects overlapping deliveries: it records how many calls were in flight at
/// once, and every value it received, from any number of threads.
final class OverlapDetectingSubscriber<Input: Sendable>: Subscriber, @unchecked Sendable {
  typealias Failure = Never

  private let lock = NSLock()
  private var inFlight = 0
  private(set) var maximumInFlight = 0
  private var received: [Input] = []
  private var subscription: (any Subscription)?

  var values: [Input] { lock.withLock { received } }
  var maxConcurrentDeliveries: Int { lock.withLock { maximumInFlight } }

  func receive(subscription: any Subscription) {
    lock.withLock { self.subscription = subscription }
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.withLock {
      inFlight += 1
      maximumInFlight = max(maximumInFlight, inFlight)
    }
    // Widen the window in which an overlapping delivery would be seen.
    for _ in 0..<50 { _ = ProcessInfo.processInfo.processIdentifier }
    lock.withLock {
      received.append(input)
      inFlight -= 1
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}

  func cancel() {
    let taken = lock.withLock {
      let value = subscription
      subscription = nil
      return value
    }
    taken?.cancel()
  }
}

/// A thread-safe counter for tests.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}

/// A minimal upstream subscription that records the demand it is asked for and its cancels.
final class SpySubscription: Subscription, @unchecked Sendable {
  private let lock = NSLock()
  private var requested: [Subscribers.Demand] = []
  private var cancels = 0

  var requests: [Subscribers.Demand] { lock.withLock { requested } }
  var cancelCount: Int { lock.withLock { cancels } }

  func request(_ demand: Subscribers.Demand) { lock.withLock { requested.append(demand) } }
  func cancel() { lock.withLock { cancels += 1 } }
}

/// Runs `cancel` on one thread while two others each call `send` with 0..<50, all at once.
func raceCancel(_ cancel: @Sendable () -> Void, againstSends send: @Sendable (Int) -> Void) {
  DispatchQueue.concurrentPerform(iterations: 3) { index in
    if index == 0 {
      cancel()
    } else {
      for value in 0..<50 { send(value) }
    }
  }
}
