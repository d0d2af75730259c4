import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryDrop(while:)", .releasesEveryObject)
struct TryDropWhileTests {
  typealias Recorder = RecordingSubscriber<Int, any Error>

  @Test("omits elements while the predicate holds, then republishes everything")
  func dropsWhile() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.tryDrop(while: { $0 < 3 }).subscribe(recorder)
    for value in [1, 2, 3, 1] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.eventsWithTestError == [.subscription, .value(3), .value(1), .completion(.finished)])
  }

  @Test("republishes the upstream's failure")
  func upstreamFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.tryDrop(while: { $0 < 3 }).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.eventsWithTestError == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a throwing predicate cancels the upstream once and fails with the error")
  func predicateThrows() {
    expectThrowingPredicateCancelsUpstreamOnce(
      verdict: true, recording: [.subscription, .completion(.failure(.other))]
    ) { $0.tryDrop(while: $1) }
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.tryDrop(while: { $0 < 3 }).subscribe(recorder)
    for value in 1...6 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(7)
    subject.send(8)
    #expect(recorder.eventsWithTestError == [.subscription, .value(3), .value(4), .value(7)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.tryDrop(while: { $0 < 0 }) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryDrop(while: { $0 < 0 }) }
  }
}
