import BindingsTesting
import Testing

@testable import Bindings

@Suite("replaceError(with:)")
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
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.replaceError(with: -1).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(4)
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.replaceError(with: -1).subscribe(recorder)
    recorder.subscription?.cancel()
    recorder.subscription?.cancel()
    upstream.send(1)
    upstream.send(completion: .failure(.oops))
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.replaceError(with: -1) }
  }
}
