import BindingsTesting
import Testing

@testable import Bindings

@Suite("AnyPublisher", .releasesEveryObject)
struct AnyPublisherTests {
  @Test("passes values, demand and completion through")
  func passesThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    subject.eraseToAnyPublisher().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    recorder.request(.max(1))
    subject.send(4)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4), .completion(.failure(.oops))])
  }

  @Test("cancel reaches the wrapped publisher, and nothing follows")
  func cancelReachesUpstream() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    AnyPublisher(subject).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test("erasing an erased publisher does not wrap it again")
  func reErasingDoesNotDoubleWrap() {
    let erased = Just(1).eraseToAnyPublisher()
    #expect(erased.eraseToAnyPublisher().box === erased.box)
    #expect(AnyPublisher(erased).box === erased.box)
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.eraseToAnyPublisher() }
  }
}
