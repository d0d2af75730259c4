import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryCompactMap", .releasesEveryObject)
struct TryCompactMapTests {
  @Test("republishes the non-nil results, then the completion")
  func compactMapsValues() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    subject.tryCompactMap { Int($0) }.subscribe(recorder)
    subject.send("1")
    subject.send("two")
    subject.send("3")
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "value(3)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryCompactMap { $0 > 0 ? $0 : nil } }
  }

  @Test("a dropped value asks the upstream for one more; demand reaches the upstream unchanged")
  func dropReturnsMaxOne() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .max(2))
    probe.tryCompactMap { $0 == 1 ? nil : $0 }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    recorder.request(.max(3))
    #expect(recorder.values == [2])
    #expect(probe.requests == [.max(2), .max(3)])
    #expect(probe.returnedDemands == [.max(1), .none])
    recorder.cancel()
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    expectStopsEarlyAndCancelsUpstreamOnce(
      sending: [1, 2, 3], expecting: ["subscription", "value(1)", "failure(other)"]
    ) {
      $0.tryCompactMap { value -> Int? in
        if value == 2 { throw TestError.other }
        return value
      }
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryCompactMap { $0 } }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryCompactMap { $0 > 0 ? $0 : nil } }
    expectLifecycle(ending: .cancel) { $0.tryCompactMap { _ -> Int? in throw TestError.other } }
  }
}
