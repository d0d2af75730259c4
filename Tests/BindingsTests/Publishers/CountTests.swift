import BindingsTesting
import Testing

@testable import Bindings

@Suite("count")
struct CountTests {
  @Test("publishes how many values the upstream published, when it finishes")
  func counts() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.count().subscribe(recorder)
    for value in ["a", "b", "c"] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test("a failure is passed on at once, without a count")
  func passesFailure() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.count().subscribe(recorder)
    subject.send("a")
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    probe.count().subscribe(recorder)
    probe.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
    #expect(probe.requests == [.unlimited])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    probe.count().subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    probe.send(1)
    probe.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.count() }
  }
}
