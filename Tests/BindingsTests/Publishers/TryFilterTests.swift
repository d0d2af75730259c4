import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryFilter", .releasesEveryObject)
struct TryFilterTests {
  @Test("republishes the values that satisfy the predicate, then the completion")
  func filtersValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    subject.tryFilter { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(2)", "value(4)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryFilter { _ in true } }
  }

  @Test("a dropped value asks the upstream for one more")
  func dropReturnsMaxOne() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .max(2))
    probe.tryFilter { $0 > 1 }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    #expect(recorder.values == [2])
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.max(1), .none])
    recorder.cancel()
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    expectStopsEarlyAndCancelsUpstreamOnce(
      sending: [1, 2, 3], thenCompleting: .failure(.oops), expecting: ["subscription", "value(1)", "failure(other)"]
    ) {
      $0.tryFilter { value in
        if value == 2 { throw TestError.other }
        return true
      }
    }
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.tryFilter { _ in true } }
  }

  @Test("a filter followed by a tryFilter fuses into one TryFilter")
  func fuses() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>()
    let fused: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 1 }.tryFilter { $0 < 4 }
    fused.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.values == [2, 3])
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryFilter { $0 > 0 } }
    expectLifecycle(ending: .cancel) { $0.tryFilter { _ in throw TestError.other } }
  }
}
