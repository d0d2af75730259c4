import BindingsTesting
import Testing

@testable import Bindings

@Suite("Deferred", .releasesEveryObject)
struct DeferredTests {
  @Test("creates the publisher only when a subscriber attaches, once per subscriber")
  func createsPerSubscriber() {
    let counter = Counter()
    let deferred = Deferred { () -> Just<Int> in
      counter.value += 1
      return Just(counter.value)
    }
    #expect(counter.value == 0)
    let first = RecordingSubscriber<Int, Never>()
    let second = RecordingSubscriber<Int, Never>()
    deferred.subscribe(first)
    deferred.subscribe(second)
    #expect(counter.value == 2)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test("passes values, demand and failure through to the created publisher")
  func passesThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    Deferred { subject }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    recorder.request(.max(1))
    subject.send(4)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4), .completion(.failure(.oops))])
  }

  @Test("cancel reaches the created publisher, and nothing follows")
  func cancelReachesUpstream() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    Deferred { subject }.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { subject in Deferred { subject } }
  }

  private final class Counter: @unchecked Sendable {
    var value = 0
  }
}
