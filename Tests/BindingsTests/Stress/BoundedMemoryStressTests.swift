import Foundation
import Testing

@testable import Bindings

/// Memory stays bounded while threads race: a subject's queue and the library objects alive at any
/// moment are capped by fixed numbers (the drain budget, the number of threads), not by how many
/// values are sent or how long the run lasts. Both are counted, not measured, so the check holds on a
/// loaded machine and under sanitizers.
@Suite("Stress: bounded memory", .releasesEveryObject)
struct BoundedMemoryStressTests {
  private static let senders = 3
  private static let churners = 2

  @Test(
    "senders racing into a subject with a slow subscriber and churning subscribers keep its queue and live objects bounded"
  )
  func slowSubscriberAndChurn() throws {
    let seed = TestSeed("bounded memory")
    let scope = try #require(LiveObjects.scope, "runs under .releasesEveryObject")
    let perSender = stressCount(1_500)
    let subject = PassthroughSubject<Stamp, Never>()
    let peaks = PeakLog()
    let slow = ContractCheckingSubscriber<Stamp> { stamp in
      // A subscriber much slower than the senders, so that values pile up behind its deliveries.
      var work = UInt64(stamp.sequence)
      for step in 0..<300 { work = work &* 6_364_136_223_846_793_005 &+ UInt64(step) }
      peaks.note(queued: subject.core.pendingCountForTesting, subscribers: subject.core.subscriberCount, work: work)
    }
    subject.subscribe(slow)
    runOnThreads(Self.senders + Self.churners, name: "bounded memory") { index in
      // Objects made on these threads are counted in the test's scope too.
      LiveObjects.$scope.withValue(scope) {
        if index < Self.senders {
          for sequence in 0..<perSender {
            subject.send(Stamp(sender: index, sequence: sequence))
            peaks.note(queued: subject.core.pendingCountForTesting, subscribers: subject.core.subscriberCount)
          }
        } else {
          var random = SeededRandom(seed: seed.value &+ UInt64(index))
          for _ in 0..<stressCount(100) {
            let churner = ArrivalSignallingSubscriber()
            subject.subscribe(churner)
            // One subscription handoff in flight per churner: the queue's bound counts on it.
            guard churner.waitForSubscription() else {
              Issue.record("a subscription was not handed over within a minute — \(seed)")
              return
            }
            for _ in 0..<Int.random(in: 0..<50, using: &random) { _ = ProcessInfo.processInfo.processorCount }
            churner.cancel()
          }
        }
      }
    }
    subject.send(completion: .finished)
    let expected = Dictionary(uniqueKeysWithValues: (0..<Self.senders).map { ($0, perSender) })
    expectStampsIntact(slow.values, complete: expected, "slow subscriber, \(seed)")
    // Contracts.md: at most the drain budget, one value per waiting sender, and here one
    // subscription handoff per churner.
    let queueLimit = SubjectStateMachine<Stamp, Never>.drainBudget + Self.senders + Self.churners + 2
    #expect(
      peaks.queued <= queueLimit,
      "the subject queued \(peaks.queued) events at once; the bound is \(queueLimit) — \(seed)")
    #expect(
      peaks.subscribers <= 1 + Self.churners,
      "\(peaks.subscribers) subscribers at once, with \(Self.churners) churning — \(seed)")
    // The subject and the slow subscriber's conduit, and per churner a few conduits at most: its
    // live one, a cancelled one the drain has not released yet, one waiting in the queue, one held
    // by the delivery in progress. A churned subscription that was never released would push the
    // count towards the hundreds of subscriptions made.
    let liveLimit = 4 + 6 * Self.churners
    #expect(
      scope.peakCount <= liveLimit,
      "\(scope.peakCount) library objects alive at once; the bound is \(liveLimit) — \(seed)")
  }
}

/// The largest values seen, from any thread.
private final class PeakLog: @unchecked Sendable {
  private let state = Locked((queued: 0, subscribers: 0, work: UInt64(0)))

  var queued: Int { state.withLock { $0.queued } }
  var subscribers: Int { state.withLock { $0.subscribers } }

  func note(queued: Int, subscribers: Int, work: UInt64 = 0) {
    state.withLock { peaks in
      peaks.queued = max(peaks.queued, queued)
      peaks.subscribers = max(peaks.subscribers, subscribers)
      peaks.work ^= work
    }
  }
}

/// A subscriber that lets a thread wait until its subscription has arrived (a subject may hand it
/// over after `subscribe` returned), then cancel it.
private final class ArrivalSignallingSubscriber: Subscriber, Cancellable, @unchecked Sendable {
  typealias Input = Stamp
  typealias Failure = Never

  private let arrived = DispatchSemaphore(value: 0)
  private let subscription = Locked<(any Subscription)?>(nil)

  func receive(subscription: any Subscription) {
    self.subscription.withLock { $0 = subscription }
    subscription.request(.unlimited)
    arrived.signal()
  }

  func receive(_ input: Stamp) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Never>) {
    let released = subscription.withLock { $0.take() }
    _ = released
  }

  /// Waits up to a minute for the subscription; returns whether it came.
  func waitForSubscription() -> Bool {
    arrived.wait(timeout: .now() + 60) == .success
  }

  func cancel() {
    let taken = subscription.withLock { $0.take() }
    taken?.cancel()
  }
}
