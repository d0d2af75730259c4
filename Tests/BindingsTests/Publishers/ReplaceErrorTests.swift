import BindingsTesting
import Testing

@testable import Bindings

@Suite("replaceError(with:)", .releasesEveryObject)
struct ReplaceErrorTests {
  typealias Recorder = RecordingSubscriber<Int, Never>

  @Test("values and a normal completion pass through")
  func passesThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.replaceError(with: -1).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a failure is replaced by the element, then the stream finishes")
  func replacesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.replaceError(with: -1).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
  }

  @Test("with no outstanding demand, the replacement waits for the next request")
  func waitsForDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(1))
    subject.replaceError(with: -1).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    expectPassThroughHonoursDemand { $0.replaceError(with: -1) }
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce(thenCompleting: .failure(.oops)) { $0.replaceError(with: -1) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.replaceError(with: -1) }
  }
}
