import BindingsTesting
import Testing

@testable import Bindings

@Suite("allSatisfy", .releasesEveryObject)
struct AllSatisfyTests {
  @Test("publishes true when every value satisfies the predicate and the upstream finishes")
  func allSatisfied() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, TestError>()
    subject.allSatisfy { $0 > 0 }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
  }

  @Test("publishes false at the first failing value and cancels the upstream once; nothing follows")
  func stopsAtFirstFailure() {
    expectStopsEarlyAndCancelsUpstreamOnce(
      sending: [1, 2, 3],
      thenCompleting: .failure(.oops),
      expecting: ["subscription", "value(false)", "finished"]
    ) { $0.allSatisfy { $0 < 2 } }
  }

  @Test("a failure is passed on at once")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.allSatisfy { $0 > 0 } }
  }

  @Test("a result before any demand is delivered when the downstream requests")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [], expecting: ["subscription", "value(true)", "finished"]) {
      $0.allSatisfy { $0 > 0 }
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.allSatisfy { $0 > 0 } }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.allSatisfy { $0 > 0 } }
    expectLifecycleForEveryEnding { $0.allSatisfy { $0 > 5 } }
  }
}
