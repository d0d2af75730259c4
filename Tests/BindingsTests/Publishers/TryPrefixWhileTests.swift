import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryPrefix(while:)", .releasesEveryObject)
struct TryPrefixWhileTests {
  typealias Recorder = RecordingSubscriber<Int, any Error>

  @Test("republishes while the predicate holds, then cancels the upstream and finishes")
  func prefixWhile() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.tryPrefix(while: { $0 < 3 }).subscribe(recorder)
    upstream.send(1)
    upstream.send(3)
    upstream.send(1)
    #expect(recorder.eventsWithTestError == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
  }

  @Test("republishes the upstream's failure")
  func upstreamFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.tryPrefix(while: { $0 < 3 }).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.eventsWithTestError == [.subscription, .value(1), .completion(.failure(.oops))])
  }

  @Test("a throwing predicate cancels the upstream once and fails with the error")
  func predicateThrows() {
    expectThrowingPredicateCancelsUpstreamOnce(
      verdict: true, recording: [.subscription, .value(1), .completion(.failure(.other))]
    ) { $0.tryPrefix(while: $1) }
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.tryPrefix(while: { $0 < 10 }).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(4)
    subject.send(5)
    #expect(recorder.eventsWithTestError == [.subscription, .value(1), .value(2), .value(4)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.tryPrefix(while: { $0 < 10 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryPrefix(while: { $0 < 10 }) }
  }
}
