import BindingsTesting
import Testing

@testable import Bindings

@Suite("contains(where:)", .releasesEveryObject)
struct ContainsWhereTests {
  @Test("publishes true at the first match and cancels the upstream once; nothing follows")
  func findsMatch() {
    expectStopsEarlyAndCancelsUpstreamOnce(sending: [1, 2, 3], expecting: ["subscription", "value(true)", "finished"]) {
      $0.contains { $0 > 1 }
    }
  }

  @Test("publishes false when the upstream finishes without a match")
  func noMatch() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, TestError>()
    subject.contains { $0 > 5 }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
  }

  @Test("a failure is passed on at once")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.contains { $0 > 5 } }
  }

  @Test("a result before any demand is delivered when the downstream requests")
  func waitsForDemand() {
    expectResultWaitsForDemand(sending: [], expecting: ["subscription", "value(false)", "finished"]) {
      $0.contains { $0 > 5 }
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.contains { $0 > 0 } }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.contains { $0 > 5 } }
    expectLifecycleForEveryEnding { $0.contains { $0 > 0 } }
  }

  @Test("the predicate, and what it captured, is released when the subscription ends")
  func releasesPredicateAtTheEnd() {
    final class Captured {}
    weak var released: Captured?
    // The probe keeps its subscriber after the end, as a sloppy upstream may.
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Bool, Never>()
    do {
      let captured = Captured()
      released = captured
      probe.contains { _ in withExtendedLifetime(captured) { false } }.subscribe(recorder)
    }
    probe.send(1)
    #expect(released != nil)
    recorder.cancel()
    #expect(released == nil)
  }
}
