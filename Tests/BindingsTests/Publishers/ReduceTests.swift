import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("reduce", .releasesEveryObject)
struct ReduceTests {
  @Test("publishes the final result when the upstream finishes")
  func publishesResult() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.reduce(10, +).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(16), .completion(.finished)])
  }

  @Test("an empty upstream publishes the initial result")
  func emptyPublishesInitial() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.reduce(10, +).subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(10), .completion(.finished)])
  }

  @Test("a failure is passed on at once, without the result, even before any demand")
  func passesFailure() {
    expectFailurePassedOnAtOnce(afterSending: [1]) { $0.reduce(0, +) }
  }

  @Test("requests unlimited upstream, and waits for downstream demand before delivering")
  func waitsForDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    probe.reduce(0, +).subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
    #expect(probe.requests == [.unlimited])
    #expect(probe.returnedDemands == [.none, .none])
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce(sendingFirst: [1]) { $0.reduce(0, +) }
  }

  @Test("a request racing the upstream's completion delivers the result exactly once")
  func requestRacesCompletion() {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
      subject.reduce(0, +).subscribe(recorder)
      subject.send(5)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 { subject.send(completion: .finished) } else { recorder.request(.max(1)) }
      }
      #expect(recorder.events == [.subscription, .value(5), .completion(.finished)])
    }
  }

  @Test("a cancel racing values and completion leaves at most the result, and no completion after it")
  func cancelRacesValues() {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = RecordingSubscriber<Int, Never>()
      subject.reduce(0, +).subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for value in 1...10 { subject.send(value) }
          subject.send(completion: .finished)
        } else {
          recorder.cancel()
        }
      }
      let events = recorder.events
      #expect(events == [.subscription] || events == [.subscription, .value(55), .completion(.finished)])
    }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.reduce(0, +) }
  }
}
