import BindingsTesting
import Testing

@testable import Bindings

@Suite("count", .releasesEveryObject)
struct CountTests {
  @Test("publishes how many values the upstream published, when it finishes")
  func counts() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.count().subscribe(recorder)
    for value in ["a", "b", "c"] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test("a failure is passed on at once, without a count")
  func passesFailure() {
    expectFailurePassedOnAtOnce(afterSending: [1]) { $0.count() }
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [], expecting: ["subscription", "value(0)", "finished"]) {
      $0.count()
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.count() }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.count() }
  }
}
