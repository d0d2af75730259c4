import BindingsTesting
import Testing

@testable import Bindings

@Suite("mapError", .releasesEveryObject)
struct MapErrorTests {
  struct Wrapped: Error, Equatable {
    let underlying: TestError
  }

  @Test("passes values and finishing through unchanged")
  func passesValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, Wrapped>()
    subject.mapError { Wrapped(underlying: $0) }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("converts the failure")
  func convertsFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, Wrapped>()
    subject.mapError { Wrapped(underlying: $0) }.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(Wrapped(underlying: .oops)))])
  }

  @Test("demand reaches the upstream unchanged; two requested, two received")
  func honoursDemand() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, Wrapped>(initialDemand: .max(2), demandPerValue: .max(1))
    probe.mapError { Wrapped(underlying: $0) }.subscribe(recorder)
    probe.send(1)
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.max(1)])

    let subject = PassthroughSubject<Int, TestError>()
    let limited = RecordingSubscriber<Int, Wrapped>(initialDemand: .max(2))
    subject.mapError { Wrapped(underlying: $0) }.subscribe(limited)
    for value in 1...3 { subject.send(value) }
    #expect(limited.events == [.subscription, .value(1), .value(2)])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, Wrapped>()
    subject.mapError { Wrapped(underlying: $0) }.subscribe(recorder)
    recorder.cancel()
    subject.send(1)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.mapError { Wrapped(underlying: $0) } }
  }
}
