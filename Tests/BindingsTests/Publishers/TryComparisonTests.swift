import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryMin and tryMax", .releasesEveryObject)
struct TryComparisonTests {
  @Test("tryMin(by:) and tryMax(by:) publish the smallest and the largest value")
  func minAndMax() {
    let subject = PassthroughSubject<Int, TestError>()
    let smallest = RecordingSubscriber<Int, any Error>()
    let largest = RecordingSubscriber<Int, any Error>()
    subject.tryMin(by: <).subscribe(smallest)
    subject.tryMax(by: <).subscribe(largest)
    for value in [3, 1, 2] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(smallest.events.map(\.description) == ["subscription", "value(1)", "finished"])
    #expect(largest.events.map(\.description) == ["subscription", "value(3)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryMax(by: <) }
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    expectStopsEarlyAndCancelsUpstreamOnce(sending: [1, 2, 3], expecting: ["subscription", "failure(other)"]) {
      $0.tryMin { lhs, rhs in
        if rhs == 2 || lhs == 2 { throw TestError.other }
        return lhs < rhs
      }
    }
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [4], expecting: ["subscription", "value(4)", "finished"]) {
      $0.tryMin(by: <)
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryMax(by: <) }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryMin(by: <) }
    expectLifecycleForEveryEnding { $0.tryMax(by: <) }
  }
}
