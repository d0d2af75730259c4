import BindingsTesting
import Testing

@testable import Bindings

@Suite("Publisher.subscribe(_ subject:)", .releasesEveryObject)
struct SubjectSubscribeTests {
  @Test("forwards values and completion into the subject")
  func forwardsIntoSubject() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    let link = Publishers.Sequence<[Int], TestError>(sequence: [1, 2]).subscribe(subject)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    link.cancel()
  }

  @Test("forwards a failure into the subject")
  func forwardsFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    let link = Fail<Int, TestError>(error: .oops).subscribe(subject)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    link.cancel()
  }

  @Test("cancelling the token cuts the link: the source loses its subscriber and the subject gets nothing more")
  func tokenCancelsLink() {
    let source = PassthroughSubject<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    let link = source.subscribe(subject)
    source.send(1)
    #expect(source.core.subscriberCount == 1)
    link.cancel()
    link.cancel()
    source.send(2)
    source.send(completion: .finished)
    #expect(source.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.cancel()
  }

  @Test("dropping the token cuts the link")
  func droppingTokenCancelsLink() {
    let source = PassthroughSubject<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()
    do {
      let link = source.subscribe(subject)
      _ = link
    }
    #expect(source.core.subscriberCount == 0)
  }
}
