import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryAllSatisfy", .releasesEveryObject)
struct TryAllSatisfyTests {
  @Test("publishes true when every value satisfies the predicate and the upstream finishes")
  func allSatisfied() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    subject.tryAllSatisfy { $0 > 0 }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(true)", "finished"])
  }

  @Test("publishes false at the first failing value and cancels the upstream once")
  func stopsAtFirstFailure() {
    expectStopsEarlyAndCancelsUpstreamOnce(
      sending: [1, 2, 3], expecting: ["subscription", "value(false)", "finished"]
    ) {
      $0.tryAllSatisfy { $0 < 2 }
    }
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryAllSatisfy { $0 > 0 } }
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    expectStopsEarlyAndCancelsUpstreamOnce(sending: [1, 2, 3], expecting: ["subscription", "failure(other)"]) {
      $0.tryAllSatisfy { value in
        if value == 2 { throw TestError.other }
        return true
      }
    }
  }

  @Test("a result before any demand is delivered when the downstream requests")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [], expecting: ["subscription", "value(true)", "finished"]) {
      $0.tryAllSatisfy { $0 > 0 }
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryAllSatisfy { $0 > 0 } }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryAllSatisfy { $0 > 0 } }
    expectLifecycle(ending: .cancel) { $0.tryAllSatisfy { _ in throw TestError.other } }
  }
}
