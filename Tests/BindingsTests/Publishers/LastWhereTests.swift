import BindingsTesting
import Testing

@testable import Bindings

@Suite("last(where:)", .releasesEveryObject)
struct LastWhereTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("publishes the last matching element when the upstream finishes")
  func lastWhere() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.last(where: { $0 < 3 }).subscribe(recorder)
    for value in [1, 2, 5] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test("no match finishes without a value; a failure is republished without a value")
  func noMatchAndFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let finished = Recorder()
    subject.last(where: { $0 < 0 }).subscribe(finished)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(finished.events == [.subscription, .completion(.finished)])

    let failing = PassthroughSubject<Int, TestError>()
    let failed = Recorder()
    failing.last(where: { $0 > 0 }).subscribe(failed)
    failing.send(1)
    failing.send(completion: .failure(.oops))
    #expect(failed.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber asking for .max(2) gets the one element; with no demand it waits")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.last(where: { $0 < 3 }).subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])

    let later = PassthroughSubject<Int, TestError>()
    let waiting = Recorder(initialDemand: .none)
    later.last(where: { $0 < 3 }).subscribe(waiting)
    later.send(1)
    later.send(completion: .finished)
    #expect(waiting.events == [.subscription])
    waiting.request(.max(1))
    #expect(waiting.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.last(where: { $0 > 0 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.last(where: { $0 > 0 }) }
  }
}
