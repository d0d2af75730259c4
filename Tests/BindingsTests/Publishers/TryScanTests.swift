import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryScan", .releasesEveryObject)
struct TryScanTests {
  @Test("publishes every running result, then the completion")
  func publishesRunningResults() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    subject.tryScan(0, +).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "value(3)", "value(6)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryScan(0, +) }
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    expectStopsEarlyAndCancelsUpstreamOnce(
      sending: [1, 2, 3, 4], expecting: ["subscription", "value(1)", "value(3)", "failure(other)"]
    ) {
      $0.tryScan(0) { sum, value in
        if sum + value > 3 { throw TestError.other }
        return sum + value
      }
    }
  }

  @Test("demand reaches the upstream unchanged; two requested, two received")
  func honoursDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .max(2), demandPerValue: .max(1))
    probe.tryScan(0, +).subscribe(recorder)
    probe.send(1)
    recorder.request(.max(4))
    #expect(probe.requests == [.max(2), .max(4)])
    #expect(probe.returnedDemands == [.max(1)])

    let subject = PassthroughSubject<Int, Never>()
    let limited = RecordingSubscriber<Int, any Error>(initialDemand: .max(2))
    subject.tryScan(0, +).subscribe(limited)
    for value in 1...3 { subject.send(value) }
    #expect(limited.values == [1, 3])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryScan(0, +) }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryScan(0, +) }
  }
}
