import BindingsTesting
import Testing

@testable import Bindings

@Suite("drop(while:)", .releasesEveryObject)
struct DropWhileTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("omits elements while the predicate holds, then republishes everything")
  func dropsWhile() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.drop(while: { $0 < 3 }).subscribe(recorder)
    for value in [1, 2, 3, 1] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .value(1), .completion(.finished)])
  }

  @Test("republishes a failure")
  func failure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.drop(while: { $0 < 3 }).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("stops consulting the predicate once it returned false")
  func predicateNotCalledAgain() {
    let subject = PassthroughSubject<Int, TestError>()
    var calls = 0
    let recorder = Recorder()
    subject.drop(while: {
      calls += 1; return $0 < 2
    }).subscribe(recorder)
    for value in [1, 2, 3, 4] { subject.send(value) }
    #expect(calls == 2)
    recorder.cancel()
  }

  @Test("each dropped element is replaced by a request for one more")
  func droppedElementsAskForReplacements() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    upstream.drop(while: { $0 < 3 }).subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(3) == .none)
    #expect(upstream.history == [.requested(.max(2))])
    recorder.cancel()
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.drop(while: { $0 < 3 }).subscribe(recorder)
    for value in 1...6 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(7)
    subject.send(8)
    #expect(recorder.events == [.subscription, .value(3), .value(4), .value(7)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.drop(while: { $0 < 0 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.drop(while: { $0 < 0 }) }
  }
}
