import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryReduce", .releasesEveryObject)
struct TryReduceTests {
  @Test("publishes the final result when the upstream finishes")
  func publishesResult() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    subject.tryReduce(10, +).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(16)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryReduce(0, +) }
  }

  @Test("a thrown error cancels the upstream once and fails at once, demand or not; nothing follows")
  func thrownErrorFails() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .none)
    probe.tryReduce(0) { sum, value in
      if value == 2 { throw TestError.other }
      return sum + value
    }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    recorder.request(.max(1))
    #expect(recorder.events.map(\.description) == ["subscription", "failure(other)"])
    #expect(probe.cancelCount == 1)
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [4], expecting: ["subscription", "value(4)", "finished"]) {
      $0.tryReduce(0, +)
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryReduce(0, +) }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryReduce(0, +) }
    expectLifecycle(ending: .cancel) { $0.tryReduce(0) { _, _ in throw TestError.other } }
  }
}
