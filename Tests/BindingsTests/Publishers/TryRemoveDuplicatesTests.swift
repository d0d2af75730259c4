import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryRemoveDuplicates(by:)")
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
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    subject.tryRemoveDuplicates { $0 == $1 }.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events.map(\.description) == ["subscription", "failure(oops)"])
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
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    probe.tryRemoveDuplicates { _, next in
      if next == 2 { throw TestError.other }
      return false
    }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "failure(other)"])
    #expect(probe.cancelCount == 1)
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>()
    probe.tryRemoveDuplicates { $0 == $1 }.subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    probe.send(1)
    #expect(recorder.events.map(\.description) == ["subscription"])
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryRemoveDuplicates { $0 == $1 } }
  }
}
