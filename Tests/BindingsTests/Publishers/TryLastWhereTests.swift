import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryLast(where:)", .releasesEveryObject)
struct TryLastWhereTests {
  typealias Recorder = RecordingSubscriber<Int, any Error>

  @Test("publishes the last matching element when the upstream finishes")
  func tryLastWhere() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.tryLast(where: { $0 < 3 }).subscribe(recorder)
    for value in [1, 2, 5] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.eventsWithTestError == [.subscription, .value(2), .completion(.finished)])
  }

  @Test("a throwing predicate cancels the upstream once and fails with the error")
  func predicateThrows() {
    expectThrowingPredicateCancelsUpstreamOnce(
      verdict: true, recording: [.subscription, .completion(.failure(.other))]
    ) { $0.tryLast(where: $1) }
  }

  @Test("republishes the upstream's failure")
  func upstreamFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.tryLast(where: { $0 > 0 }).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.eventsWithTestError == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber asking for .max(2) gets the one element and the completion")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.tryLast(where: { $0 < 3 }).subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.eventsWithTestError == [.subscription, .value(2), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.tryLast(where: { $0 > 0 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryLast(where: { $0 > 0 }) }
  }
}
