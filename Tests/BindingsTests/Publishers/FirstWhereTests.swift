import BindingsTesting
import Testing

@testable import Bindings

@Suite("first(where:)", .releasesEveryObject)
struct FirstWhereTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("publishes the first matching element, cancels the upstream and finishes")
  func firstWhere() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.first(where: { $0 > 2 }).subscribe(recorder)
    upstream.send(1)
    upstream.send(3)
    upstream.send(4)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
  }

  @Test("no match finishes without a value; a failure is republished")
  func noMatchAndFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let finished = Recorder()
    subject.first(where: { $0 > 2 }).subscribe(finished)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(finished.events == [.subscription, .completion(.finished)])

    let failing = PassthroughSubject<Int, TestError>()
    let failed = Recorder()
    failing.first(where: { $0 > 2 }).subscribe(failed)
    failing.send(1)
    failing.send(completion: .failure(.oops))
    #expect(failed.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber asking for .max(2) gets the one element; with no demand it waits")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.first(where: { $0 > 1 }).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])

    let later = PassthroughSubject<Int, TestError>()
    let waiting = Recorder(initialDemand: .none)
    later.first(where: { $0 > 1 }).subscribe(waiting)
    later.send(2)
    #expect(waiting.events == [.subscription])
    waiting.request(.max(1))
    #expect(waiting.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.first(where: { $0 > 0 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.first(where: { $0 > 5 }) }
    expectLifecycle(ending: .cancel) { $0.first(where: { $0 > 0 }) }
  }
}
