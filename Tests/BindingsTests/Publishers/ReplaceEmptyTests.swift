import BindingsTesting
import Testing

@testable import Bindings

@Suite("replaceEmpty(with:)", .releasesEveryObject)
struct ReplaceEmptyTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("an upstream that emits is republished unchanged")
  func nonEmpty() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.replaceEmpty(with: 0).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("an upstream that finishes empty is replaced by the element, then finishes")
  func empty() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.replaceEmpty(with: 0).subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
  }

  @Test("a failure is republished, not replaced")
  func failure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.replaceEmpty(with: 0).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("the replacement waits for the subscriber's first request")
  func waitsForDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .none)
    subject.replaceEmpty(with: 0).subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
  }

  @Test("demand is forwarded as requested, never more")
  func forwardsDemand() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    upstream.replaceEmpty(with: 0).subscribe(recorder)
    recorder.request(.max(3))
    #expect(upstream.history == [.requested(.max(2)), .requested(.max(3))])
    recorder.cancel()
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    expectPassThroughHonoursDemand { $0.replaceEmpty(with: 0) }
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.replaceEmpty(with: 0) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.replaceEmpty(with: 0) }
  }
}
