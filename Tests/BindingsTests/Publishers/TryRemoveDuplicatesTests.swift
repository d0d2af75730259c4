import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryRemoveDuplicates(by:)", .releasesEveryObject)
struct TryRemoveDuplicatesTests {
  @Test("drops values the predicate calls duplicates, then passes the completion")
  func dropsDuplicates() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    subject.tryRemoveDuplicates { $0 == $1 }.subscribe(recorder)
    for value in [1, 1, 2, 1] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "value(2)", "value(1)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryRemoveDuplicates { $0 == $1 } }
  }

  @Test("a dropped duplicate asks the upstream for one more")
  func dropReturnsMaxOne() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .max(2))
    probe.tryRemoveDuplicates { $0 == $1 }.subscribe(recorder)
    probe.send(1)
    probe.send(1)
    probe.send(2)
    #expect(recorder.values == [1, 2])
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.none, .max(1), .none])
    recorder.cancel()
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    expectStopsEarlyAndCancelsUpstreamOnce(
      sending: [1, 2, 3], expecting: ["subscription", "value(1)", "failure(other)"]
    ) {
      $0.tryRemoveDuplicates { _, next in
        if next == 2 { throw TestError.other }
        return false
      }
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryRemoveDuplicates { $0 == $1 } }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryRemoveDuplicates { $0 == $1 } }
  }
}
