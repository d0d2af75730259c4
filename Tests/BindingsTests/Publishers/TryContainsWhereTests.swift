import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryContains(where:)", .releasesEveryObject)
struct TryContainsWhereTests {
  @Test("publishes true at the first match and cancels the upstream once; nothing follows")
  func findsMatch() {
    expectStopsEarlyAndCancelsUpstreamOnce(sending: [1, 2, 3], expecting: ["subscription", "value(true)", "finished"]) {
      $0.tryContains { $0 > 1 }
    }
  }

  @Test("publishes false when the upstream finishes without a match")
  func noMatch() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    subject.tryContains { $0 > 5 }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(false)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryContains { $0 > 5 } }
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    expectStopsEarlyAndCancelsUpstreamOnce(sending: [1, 2, 3], expecting: ["subscription", "failure(other)"]) {
      $0.tryContains { value in
        if value == 2 { throw TestError.other }
        return false
      }
    }
  }

  @Test("a result before any demand is delivered when the downstream requests")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [1], expecting: ["subscription", "value(true)", "finished"]) {
      $0.tryContains { $0 == 1 }
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryContains { $0 > 0 } }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryContains { $0 > 5 } }
    expectLifecycle(ending: .cancel) { $0.tryContains { _ in throw TestError.other } }
  }
}
