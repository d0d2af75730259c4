import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryFirst(where:)", .releasesEveryObject)
struct TryFirstWhereTests {
  typealias Recorder = RecordingSubscriber<Int, any Error>

  @Test("publishes the first matching element, cancels the upstream and finishes")
  func tryFirstWhere() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.tryFirst(where: { $0 > 2 }).subscribe(recorder)
    upstream.send(1)
    upstream.send(3)
    #expect(recorder.eventsWithTestError == [.subscription, .value(3), .completion(.finished)])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
  }

  @Test("a throwing predicate cancels the upstream once and fails with the error")
  func predicateThrows() {
    expectThrowingPredicateCancelsUpstreamOnce(
      verdict: false, recording: [.subscription, .completion(.failure(.other))]
    ) { $0.tryFirst(where: $1) }
  }

  @Test("republishes the upstream's failure")
  func upstreamFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.tryFirst(where: { $0 > 2 }).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.eventsWithTestError == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber asking for .max(2) gets the one element and the completion")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.tryFirst(where: { $0 > 1 }).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.eventsWithTestError == [.subscription, .value(2), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.tryFirst(where: { $0 > 0 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryFirst(where: { $0 > 5 }) }
  }
}
