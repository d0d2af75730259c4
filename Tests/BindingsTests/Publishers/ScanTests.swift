import BindingsTesting
import Testing

@testable import Bindings

@Suite("scan", .releasesEveryObject)
struct ScanTests {
  @Test("publishes every running result, then the completion")
  func publishesRunningResults() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.scan(0, +).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .value(6), .completion(.finished)])
  }

  @Test("passes a failure through")
  func passesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.scan(10, +).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(11), .completion(.failure(.oops))])
  }

  @Test("demand reaches the upstream unchanged; two requested, two received")
  func honoursDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2), demandPerValue: .max(1))
    probe.scan(0, +).subscribe(recorder)
    probe.send(1)
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.max(1)])

    let subject = PassthroughSubject<Int, Never>()
    let limited = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.scan(0, +).subscribe(limited)
    for value in 1...3 { subject.send(value) }
    #expect(limited.events == [.subscription, .value(1), .value(3)])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.scan(0, +).subscribe(recorder)
    recorder.cancel()
    subject.send(1)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription])
  }

  @Test("each subscription starts from the initial result")
  func eachSubscriptionStartsOver() {
    let subject = PassthroughSubject<Int, Never>()
    let scanned = subject.scan(0, +)
    let first = RecordingSubscriber<Int, Never>()
    scanned.subscribe(first)
    subject.send(5)
    let second = RecordingSubscriber<Int, Never>()
    scanned.subscribe(second)
    subject.send(1)
    #expect(first.events == [.subscription, .value(5), .value(6)])
    #expect(second.events == [.subscription, .value(1)])
    first.cancel()
    second.cancel()
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.scan(0, +) }
  }
}
