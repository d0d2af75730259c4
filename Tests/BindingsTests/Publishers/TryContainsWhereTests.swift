import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryContains(where:)")
struct TryContainsWhereTests {
  @Test("publishes true at the first match and cancels the upstream once; nothing follows")
  func findsMatch() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    probe.tryContains { $0 > 1 }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(true)", "finished"])
    #expect(probe.cancelCount == 1)
    #expect(probe.requests == [.unlimited])
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
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>(initialDemand: .none)
    subject.tryContains { $0 > 5 }.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events.map(\.description) == ["subscription", "failure(oops)"])
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    probe.tryContains { value in
      if value == 2 { throw TestError.other }
      return false
    }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "failure(other)"])
    #expect(probe.cancelCount == 1)
  }

  @Test("a result before any demand is delivered when the downstream requests")
  func waitsForDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Bool, any Error>(initialDemand: .none)
    probe.tryContains { $0 == 1 }.subscribe(recorder)
    probe.send(1)
    #expect(recorder.events.map(\.description) == ["subscription"])
    recorder.request(.max(1))
    #expect(recorder.events.map(\.description) == ["subscription", "value(true)", "finished"])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    probe.tryContains { $0 > 0 }.subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    probe.send(1)
    #expect(recorder.events.map(\.description) == ["subscription"])
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryContains { $0 > 5 } }
    expectLifecycle(ending: .cancel) { $0.tryContains { _ in throw TestError.other } }
  }
}
