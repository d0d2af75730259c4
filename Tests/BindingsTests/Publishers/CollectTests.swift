import BindingsTesting
import Testing

@testable import Bindings

@Suite("collect()")
struct CollectTests {
  @Test("publishes every value as one array when the upstream finishes")
  func collectsAll() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>()
    subject.collect().subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .completion(.finished)])
  }

  @Test("an empty upstream publishes an empty array")
  func emptyPublishesEmptyArray() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>()
    subject.collect().subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([]), .completion(.finished)])
  }

  @Test("a failure discards the values and is passed on at once")
  func passesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>(initialDemand: .none)
    subject.collect().subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<[Int], Never>(initialDemand: .none)
    probe.collect().subscribe(recorder)
    probe.send(1)
    probe.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value([1]), .completion(.finished)])
    #expect(probe.requests == [.unlimited])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<[Int], Never>()
    probe.collect().subscribe(recorder)
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
    expectLifecycleForEveryEnding { $0.collect() }
  }
}
