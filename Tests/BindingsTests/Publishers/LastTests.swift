import BindingsTesting
import Testing

@testable import Bindings

@Suite("last()", .releasesEveryObject)
struct LastTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("asks the upstream for everything and publishes the last element when it finishes")
  func last() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(1))
    upstream.last().subscribe(recorder)
    #expect(upstream.history == [.requested(.unlimited)])
    for value in 1...3 { #expect(upstream.send(value) == .none) }
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test("an empty upstream finishes without a value; a failure is republished without a value")
  func emptyAndFailure() {
    let empty = PassthroughSubject<Int, TestError>()
    let finished = Recorder()
    empty.last().subscribe(finished)
    empty.send(completion: .finished)
    #expect(finished.events == [.subscription, .completion(.finished)])

    let failing = PassthroughSubject<Int, TestError>()
    let failed = Recorder()
    failing.last().subscribe(failed)
    failing.send(1)
    failing.send(completion: .failure(.oops))
    #expect(failed.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("the last element waits for the subscriber's first request")
  func waitsForDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .none)
    subject.last().subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a subscriber asking for .max(2) gets the one element and the completion")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.last().subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.last().subscribe(recorder)
    upstream.send(1)
    recorder.subscription?.cancel()
    recorder.subscription?.cancel()
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    #expect(recorder.events == [.subscription])
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.last() }
  }
}
