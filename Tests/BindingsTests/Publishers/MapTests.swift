import BindingsTesting
import Testing

@testable import Bindings

@Suite("map", .releasesEveryObject)
struct MapTests {
  @Test("transforms every value and passes the completion through")
  func transformsValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<String, TestError>()
    subject.map { "#\($0)" }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("#1"), .value("#2"), .completion(.finished)])
  }

  @Test("passes a failure through")
  func passesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.map { $0 * 2 }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(2), .completion(.failure(.oops))])
  }

  @Test("hands demand straight to the upstream and returns the downstream's demand")
  func forwardsDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2), demandPerValue: .max(1))
    probe.map { $0 + 1 }.subscribe(recorder)
    probe.send(1)
    recorder.request(.max(3))
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(probe.requests == [.max(2), .max(3)])
    #expect(probe.returnedDemands == [.max(1)])
  }

  @Test("a downstream asking for two values gets exactly two, then more after requesting")
  func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.map { $0 * 10 }.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(10), .value(20), .value(50)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.map { $0 }.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription, .value(1)])

    let probe = UpstreamProbe<Int, Never>()
    let probed = RecordingSubscriber<Int, Never>()
    probe.map { $0 }.subscribe(probed)
    probed.cancel()
    probed.cancel()
    #expect(probe.cancelCount == 1)
  }

  @Test("two maps fuse into one that applies both")
  func fuses() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    let fused: Publishers.Map<PassthroughSubject<Int, Never>, Int> = subject.map { $0 + 1 }.map { $0 * 10 }
    fused.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(20)])
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.map { $0 * 2 } }
  }
}
