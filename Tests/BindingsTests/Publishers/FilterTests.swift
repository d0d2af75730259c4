import BindingsTesting
import Testing

@testable import Bindings

@Suite("filter", .releasesEveryObject)
struct FilterTests {
  @Test("republishes the values that satisfy the predicate, then the completion")
  func filtersValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .value(4), .completion(.finished)])
  }

  @Test("passes a failure through")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.filter { _ in true } }
  }

  @Test("a dropped value asks the upstream for one more; a kept one returns the downstream's demand")
  func dropReturnsMaxOne() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    probe.filter { $0 > 1 }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.max(1), .none])
  }

  @Test("a downstream asking for two values gets exactly two, then more after requesting")
  func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.filter { $0 != 2 }.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .value(5)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.filter { _ in true }.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription, .value(1)])

    let probe = UpstreamProbe<Int, Never>()
    let probed = RecordingSubscriber<Int, Never>()
    probe.filter { _ in true }.subscribe(probed)
    probed.cancel()
    #expect(probe.cancelCount == 1)
  }

  @Test("two filters fuse into one that requires both")
  func fuses() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    let fused: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 1 }.filter { $0 < 4 }
    fused.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.filter { $0 > 0 } }
  }
}
