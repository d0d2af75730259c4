import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("autoconnect", .releasesEveryObject)
struct AutoconnectTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("connects on the first subscriber and disconnects when the last one cancels")
  func refCounts() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.multicast { Source() }.autoconnect()
    let first = RecordingSubscriber<Int, TestError>()
    let second = RecordingSubscriber<Int, TestError>()
    #expect(source.subscriberCount == 0)
    shared.subscribe(first)
    shared.subscribe(second)
    #expect(source.subscriberCount == 1)
    source.send(1)
    first.cancel()
    #expect(source.cancelCount == 0)
    source.send(2)
    second.cancel()
    second.cancel()
    #expect(source.cancelCount == 1)
    #expect(first.values == [1] && second.values == [1, 2])
  }

  @Test("a subscriber after a disconnect connects again")
  func reconnects() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.multicast { Source() }.autoconnect()
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    first.cancel()
    let second = RecordingSubscriber<Int, TestError>()
    shared.subscribe(second)
    source.send(5)
    #expect(second.values == [5])
    #expect(source.cancelCount == 1)
    first.cancel()
    second.cancel()
  }

  @Test("after the upstream finished, a later subscriber is not connected again: it gets the completion")
  func noReconnectAfterFinished() {
    let subscribes = SubscribeCounter()
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = subscribes.counting(source).multicast { Source() }.autoconnect()
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    source.send(completion: .finished)
    let late = RecordingSubscriber<Int, TestError>()
    shared.subscribe(late)
    #expect(subscribes.count == 1)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(late.events == [.subscription, .completion(.finished)])
    #expect(source.cancelCount == 0)
  }

  @Test("after the upstream failed, a later subscriber is not connected again: it gets the failure")
  func noReconnectAfterFailure() {
    let subscribes = SubscribeCounter()
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = subscribes.counting(source).multicast { Source() }.autoconnect()
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(completion: .failure(.oops))
    let late = RecordingSubscriber<Int, TestError>()
    shared.subscribe(late)
    #expect(subscribes.count == 1)
    #expect(late.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber that completed and then cancels leaves the count: the last cancel disconnects, as in Combine")
  func cancelAfterCompletionCounts() {
    let subscribes = SubscribeCounter()
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = subscribes.counting(source).multicast { Source() }.autoconnect()
    let first = SubscriptionKeeper()
    let second = SubscriptionKeeper()
    shared.subscribe(first)
    shared.subscribe(second)
    source.send(completion: .finished)
    #expect(first.completions == 1 && second.completions == 1)
    first.cancelSubscription()
    let stillConnected = RecordingSubscriber<Int, TestError>()
    shared.subscribe(stillConnected)
    #expect(subscribes.count == 1)
    #expect(stillConnected.events == [.subscription, .completion(.finished)])
    second.cancelSubscription()
    // `stillConnected` let go of its subscription at its completion without cancelling, so it still counts.
    #expect(subscribes.count == 1)
  }

  @Test("every subscriber cancelled after the upstream completed: the next subscriber connects again")
  func reconnectsOnceEveryoneCancelled() {
    let subscribes = SubscribeCounter()
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = subscribes.counting(source).multicast { Source() }.autoconnect()
    let first = SubscriptionKeeper()
    shared.subscribe(first)
    source.send(completion: .finished)
    first.cancelSubscription()
    first.cancelSubscription()
    let next = RecordingSubscriber<Int, TestError>()
    shared.subscribe(next)
    #expect(subscribes.count == 2)
    // The multicast's subject completed with the first connection; the next one gets its completion.
    #expect(next.events == [.subscription, .completion(.finished)])
  }
}

/// A subscriber that keeps its subscription after the completion, so it can cancel it then, as a
/// subscriber of Combine may.
private final class SubscriptionKeeper: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = TestError

  private struct State {
    var subscription: (any Subscription)?
    var completions = 0
  }

  private let state = Locked(State())

  var completions: Int { state.withLock { $0.completions } }

  func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
    subscription.request(.unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<TestError>) {
    state.withLock { $0.completions += 1 }
  }

  func cancelSubscription() {
    let taken = state.withLock { $0.subscription.take() }
    taken?.cancel()
  }
}
