import BindingsTesting
import Testing

@testable import Bindings

@Suite("collect()", .releasesEveryObject)
struct CollectTests {
  @Test("publishes every value as one array when the upstream finishes")
  func collectsAll() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>()
    subject.collect().subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .completion(.finished)])
  }

  @Test("an empty upstream publishes an empty array")
  func emptyPublishesEmptyArray() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>()
    subject.collect().subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([]), .completion(.finished)])
  }

  @Test("a failure discards the values and is passed on at once")
  func passesFailure() {
    expectFailurePassedOnAtOnce(afterSending: [1]) { $0.collect() }
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [1], expecting: ["subscription", "value([1])", "finished"]) {
      $0.collect()
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.collect() }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.collect() }
  }
}
