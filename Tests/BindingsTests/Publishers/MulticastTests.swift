import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("multicast", .releasesEveryObject)
struct MulticastTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("nothing flows until connect; then every subscriber receives each value")
  func connects() {
    let source = Source()
    let shared = source.multicast { Source() }
    let first = RecordingSubscriber<Int, TestError>()
    let second = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    shared.subscribe(second)
    source.send(0)
    let connection = shared.connect()
    source.send(1)
    source.send(completion: .finished)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == first.events)
    connection.cancel()
  }

  @Test("the subject is made once, lazily")
  func makesSubjectOnce() {
    let source = Source()
    var made = 0
    let shared = source.multicast { () -> Source in
      made += 1
      return Source()
    }
    #expect(made == 0)
    let first = RecordingSubscriber<Int, TestError>()
    let second = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    shared.subscribe(second)
    _ = shared.connect()
    #expect(made == 1)
    first.cancel()
    second.cancel()
  }

  @Test("multicast(subject:) uses the given subject; cancelling the connection disconnects")
  func givenSubject() {
    let source = Source()
    let subject = Source()
    let shared = source.multicast(subject: subject)
    let recorder = RecordingSubscriber<Int, TestError>()
    shared.subscribe(recorder)
    let connection = shared.connect()
    source.send(1)
    subject.send(2)
    connection.cancel()
    source.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(source.core.subscriberCount == 0)
    recorder.cancel()
  }

  @Test("a failure reaches every subscriber")
  func failure() {
    let source = Source()
    let shared = source.multicast { Source() }
    let recorder = RecordingSubscriber<Int, TestError>()
    shared.subscribe(recorder)
    let connection = shared.connect()
    source.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    connection.cancel()
  }

  @Test("makeConnectable waits for connect")
  func makeConnectable() {
    let source = PassthroughSubject<Int, Never>()
    let connectable = source.makeConnectable()
    let recorder = RecordingSubscriber<Int, Never>()
    connectable.subscribe(recorder)
    source.send(0)
    let connection = connectable.connect()
    source.send(1)
    connection.cancel()
    source.send(2)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.multicast { Source() }.autoconnect() }
  }
}
