import BindingsTesting
import Testing

@testable import Bindings

@Suite("min and max", .releasesEveryObject)
struct ComparisonTests {
  @Test("min() and max() publish the smallest and the largest value when the upstream finishes")
  func minAndMax() {
    let subject = PassthroughSubject<Int, TestError>()
    let smallest = RecordingSubscriber<Int, TestError>()
    let largest = RecordingSubscriber<Int, TestError>()
    subject.min().subscribe(smallest)
    subject.max().subscribe(largest)
    for value in [3, 1, 2] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(smallest.events == [.subscription, .value(1), .completion(.finished)])
    #expect(largest.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test("min(by:) and max(by:) use the given ordering")
  func byOrdering() {
    let subject = PassthroughSubject<String, TestError>()
    let shortest = RecordingSubscriber<String, TestError>()
    let longest = RecordingSubscriber<String, TestError>()
    subject.min { $0.count < $1.count }.subscribe(shortest)
    subject.max { $0.count < $1.count }.subscribe(longest)
    for value in ["bb", "ccc", "a"] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(shortest.events == [.subscription, .value("a"), .completion(.finished)])
    #expect(longest.events == [.subscription, .value("ccc"), .completion(.finished)])
  }

  @Test("an empty upstream publishes only the completion")
  func emptyUpstream() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.max().subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("a failure is passed on at once")
  func passesFailure() {
    expectFailurePassedOnAtOnce(afterSending: [1]) { $0.min() }
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [4], expecting: ["subscription", "value(4)", "finished"]) {
      $0.max()
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.min() }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.min() }
    expectLifecycleForEveryEnding { $0.max { $0 < $1 } }
  }
}
