import BindingsTesting
import Testing

@testable import Bindings

@Suite("first()", .releasesEveryObject)
struct FirstTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("asks the upstream for everything, publishes the first element, cancels the upstream and finishes")
  func first() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(1))
    upstream.first().subscribe(recorder)
    #expect(upstream.history == [.requested(.unlimited)])
    #expect(upstream.send(1) == .none)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
  }

  @Test("an empty upstream finishes without a value; a failure is republished")
  func emptyAndFailure() {
    let empty = PassthroughSubject<Int, TestError>()
    let finished = Recorder()
    empty.first().subscribe(finished)
    empty.send(completion: .finished)
    #expect(finished.events == [.subscription, .completion(.finished)])

    let failing = PassthroughSubject<Int, TestError>()
    let failed = Recorder()
    failing.first().subscribe(failed)
    failing.send(completion: .failure(.oops))
    #expect(failed.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("the first element waits for the subscriber's first request")
  func waitsForDemand() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .none)
    upstream.first().subscribe(recorder)
    upstream.send(1)
    #expect(recorder.events == [.subscription])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    recorder.request(.max(2))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a subscriber asking for .max(2) gets the one element and the completion")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.first().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.first() }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.first() }
  }

  @Test("cancelling the subscription itself releases the subscriber that holds it")
  func cancelThroughTheSubscriptionReleasesTheSubscriber() {
    let subject = PassthroughSubject<Int, TestError>()
    weak var released: RecordingSubscriber<Int, TestError>?
    do {
      let recorder = RecordingSubscriber<Int, TestError>()
      released = recorder
      subject.first().subscribe(recorder)
      // The recorder keeps its subscription: only the operator letting go of it breaks the cycle.
      recorder.subscription?.cancel()
    }
    #expect(released == nil)
  }
}
