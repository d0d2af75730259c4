import BindingsTesting
import Testing

@testable import Bindings

@Suite("contains(_:)", .releasesEveryObject)
struct ContainsTests {
  @Test("publishes true at the first match and cancels the upstream once; nothing follows")
  func findsMatch() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, TestError>()
    probe.contains(2).subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
    #expect(probe.cancelCount == 1)
    #expect(probe.requests == [.unlimited])
  }

  @Test("publishes false when the upstream finishes without a match")
  func noMatch() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, TestError>()
    subject.contains(5).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
  }

  @Test("a failure is passed on at once")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.contains(5) }
  }

  @Test("a match before any demand is delivered when the downstream requests")
  func waitsForDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Bool, Never>(initialDemand: .none)
    probe.contains(1).subscribe(recorder)
    probe.send(1)
    #expect(recorder.events == [.subscription])
    #expect(probe.cancelCount == 1)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.contains(1) }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.contains(2) }
    expectLifecycleForEveryEnding { $0.contains(1) }
  }
}
