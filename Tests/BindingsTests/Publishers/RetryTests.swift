import BindingsTesting
import Testing

@testable import Bindings

/// Fails during `subscribe`, every time, and counts how often it was subscribed to.
private final class FailsAtOnce: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestError

  private(set) var subscriptions = 0

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    subscriptions += 1
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(.oops))
  }
}

@Suite("retry(_:)", .releasesEveryObject)
struct RetryTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("values and a normal completion pass through")
  func passesThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.retry(1).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a failure resubscribes, keeping the one downstream subscription")
  func resubscribes() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.retry(2).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.oops))
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(upstream.subscriptionCount == 2)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("once the retries are used up, the last failure is republished")
  func exhausted() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.retry(1).subscribe(recorder)
    upstream.send(completion: .failure(.oops))
    upstream.send(completion: .failure(.other))
    #expect(upstream.subscriptionCount == 2)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }

  @Test("retry(0) republishes the first failure; nil retries forever")
  func zeroAndUnlimited() {
    let once = FailsAtOnce()
    let recorder = Recorder()
    once.retry(0).subscribe(recorder)
    #expect(once.subscriptions == 1)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])

    let upstream = ScriptedPublisher<Int, TestError>()
    let forever = Recorder()
    Publishers.Retry(upstream: upstream, retries: nil).subscribe(forever)
    for _ in 0..<50 { upstream.send(completion: .failure(.oops)) }
    #expect(upstream.subscriptionCount == 51)
    #expect(forever.events == [.subscription])
    recorder.cancel()
    forever.cancel()
  }

  @Test("an upstream failing during subscribe is retried in a loop, not by recursion")
  func immediateFailuresDoNotRecurse() {
    let upstream = FailsAtOnce()
    let recorder = Recorder()
    upstream.retry(100_000).subscribe(recorder)
    #expect(upstream.subscriptions == 100_001)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("demand a failed attempt did not satisfy carries over to the next attempt")
  func demandCarriesOver() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(3))
    upstream.retry(1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.oops))
    #expect(upstream.history == [.requested(.max(2))])
    recorder.cancel()
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    expectPassThroughHonoursDemand { $0.retry(1) }
  }

  @Test("cancel reaches the current upstream once, and nothing arrives after it")
  func cancel() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.retry(3).subscribe(recorder)
    upstream.send(completion: .failure(.oops))
    recorder.subscription?.cancel()
    recorder.subscription?.cancel()
    upstream.send(1)
    upstream.send(completion: .failure(.oops))
    #expect(upstream.subscriptionCount == 2)
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    #expect(recorder.events == [.subscription])
    recorder.cancel()
  }

  @Test("a cancel while the next attempt's subscription is on its way cancels that subscription")
  func cancelDuringSwitch() {
    let upstream = ScriptedPublisher<Int, TestError>(handsOverSubscription: false)
    let recorder = Recorder()
    upstream.retry(3).subscribe(recorder)
    upstream.handOverSubscription()
    upstream.send(completion: .failure(.oops))
    recorder.cancel()
    upstream.handOverSubscription()
    #expect(upstream.subscriptionCount == 2)
    #expect(upstream.history == [.cancelled])
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.retry(1) }
    expectLifecycleForEveryEnding { $0.retry(3) }
  }
}
