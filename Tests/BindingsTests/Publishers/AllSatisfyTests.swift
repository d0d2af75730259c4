import BindingsTesting
import Testing

@testable import Bindings

@Suite("allSatisfy")
struct AllSatisfyTests {
  @Test("publishes true when every value satisfies the predicate and the upstream finishes")
  func allSatisfied() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, TestError>()
    subject.allSatisfy { $0 > 0 }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
  }

  @Test("publishes false at the first failing value and cancels the upstream once; nothing follows")
  func stopsAtFirstFailure() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, TestError>()
    probe.allSatisfy { $0 < 2 }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
    #expect(probe.cancelCount == 1)
    #expect(probe.requests == [.unlimited])
  }

  @Test("a failure is passed on at once")
  func passesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Bool, TestError>(initialDemand: .none)
    subject.allSatisfy { $0 > 0 }.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a result before any demand is delivered when the downstream requests")
  func waitsForDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Bool, Never>(initialDemand: .none)
    subject.allSatisfy { $0 > 0 }.subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Bool, Never>()
    probe.allSatisfy { $0 > 0 }.subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    probe.send(1)
    probe.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.allSatisfy { $0 > 0 } }
    expectLifecycleForEveryEnding { $0.allSatisfy { $0 > 5 } }
  }
}
