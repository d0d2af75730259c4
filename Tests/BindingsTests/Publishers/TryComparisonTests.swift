import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryMin and tryMax")
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
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .none)
    subject.tryMax(by: <).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events.map(\.description) == ["subscription", "failure(oops)"])
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    probe.tryMin { lhs, rhs in
      if rhs == 2 || lhs == 2 { throw TestError.other }
      return lhs < rhs
    }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "failure(other)"])
    #expect(probe.cancelCount == 1)
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .none)
    probe.tryMin(by: <).subscribe(recorder)
    probe.send(4)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription"])
    recorder.request(.max(1))
    #expect(recorder.events.map(\.description) == ["subscription", "value(4)", "finished"])
    #expect(probe.requests == [.unlimited])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>()
    probe.tryMax(by: <).subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    probe.send(1)
    #expect(recorder.events.map(\.description) == ["subscription"])
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryMin(by: <) }
    expectLifecycleForEveryEnding { $0.tryMax(by: <) }
  }
}
