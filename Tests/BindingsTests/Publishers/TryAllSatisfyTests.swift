import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryAllSatisfy")
struct TryAllSatisfyTests {
  @Test("publishes true when every value satisfies the predicate and the upstream finishes")
  func allSatisfied() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    subject.tryAllSatisfy { $0 > 0 }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(true)", "finished"])
  }

  @Test("publishes false at the first failing value and cancels the upstream once")
  func stopsAtFirstFailure() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    probe.tryAllSatisfy { $0 < 2 }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(false)", "finished"])
    #expect(probe.cancelCount == 1)
    #expect(probe.requests == [.unlimited])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>(initialDemand: .none)
    subject.tryAllSatisfy { $0 > 0 }.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events.map(\.description) == ["subscription", "failure(oops)"])
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    probe.tryAllSatisfy { value in
      if value == 2 { throw TestError.other }
      return true
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
    probe.tryAllSatisfy { $0 > 0 }.subscribe(recorder)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription"])
    recorder.request(.max(1))
    #expect(recorder.events.map(\.description) == ["subscription", "value(true)", "finished"])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Bool, any Error>()
    probe.tryAllSatisfy { $0 > 0 }.subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    probe.send(1)
    #expect(recorder.events.map(\.description) == ["subscription"])
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryAllSatisfy { $0 > 0 } }
    expectLifecycle(ending: .cancel) { $0.tryAllSatisfy { _ in throw TestError.other } }
  }
}
