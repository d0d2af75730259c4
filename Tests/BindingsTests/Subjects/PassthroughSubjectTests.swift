import BindingsTesting
import Testing

@testable import Bindings

@Suite("PassthroughSubject")
struct PassthroughSubjectTests {
  @Test("delivers values sent after subscription, then the completion")
  func deliversValuesAndCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(0)
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    subject.send(3)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0 }
  }
}
