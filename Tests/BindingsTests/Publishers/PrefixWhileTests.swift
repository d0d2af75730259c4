import BindingsTesting
import Testing

@testable import Bindings

@Suite("prefix(while:)", .releasesEveryObject)
struct PrefixWhileTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("republishes while the predicate holds, then cancels the upstream and finishes")
  func prefixWhile() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.prefix(while: { $0 < 3 }).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
  }

  @Test("republishes the upstream's completion and failure")
  func completions() {
    let finishing = PassthroughSubject<Int, TestError>()
    let finished = Recorder()
    finishing.prefix(while: { $0 < 3 }).subscribe(finished)
    finishing.send(1)
    finishing.send(completion: .finished)
    #expect(finished.events == [.subscription, .value(1), .completion(.finished)])

    let failing = PassthroughSubject<Int, TestError>()
    let failed = Recorder()
    failing.prefix(while: { $0 < 3 }).subscribe(failed)
    failing.send(completion: .failure(.oops))
    #expect(failed.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    expectPassThroughHonoursDemand { $0.prefix(while: { $0 < 10 }) }
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.prefix(while: { $0 < 10 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.prefix(while: { $0 < 10 }) }
    expectLifecycle(ending: .cancel) { $0.prefix(while: { $0 < 0 }) }
  }
}
