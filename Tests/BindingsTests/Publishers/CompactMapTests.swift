import BindingsTesting
import Testing

@testable import Bindings

@Suite("compactMap", .releasesEveryObject)
struct CompactMapTests {
  @Test("republishes the non-nil results, then the completion")
  func compactMapsValues() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.compactMap { Int($0) }.subscribe(recorder)
    subject.send("1")
    subject.send("two")
    subject.send("3")
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test("passes a failure through")
  func passesFailure() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.compactMap { Int($0) }.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a dropped value asks the upstream for one more; demand reaches the upstream unchanged")
  func dropReturnsMaxOne() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    probe.compactMap { $0 == 1 ? nil : $0 }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    recorder.request(.max(3))
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(probe.requests == [.max(2), .max(3)])
    #expect(probe.returnedDemands == [.max(1), .none])
  }

  @Test("a downstream asking for two values gets exactly two")
  func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.compactMap { $0 == 2 ? nil : $0 }.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.compactMap { $0 }.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription, .value(1)])

    let probe = UpstreamProbe<Int, Never>()
    let probed = RecordingSubscriber<Int, Never>()
    probe.compactMap { $0 }.subscribe(probed)
    probed.cancel()
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.compactMap { $0 > 0 ? $0 : nil } }
  }
}
