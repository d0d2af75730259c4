import BindingsTesting
import Testing

@testable import Bindings

@Suite("removeDuplicates", .releasesEveryObject)
struct RemoveDuplicatesTests {
  @Test("drops values equal to the previous one, then passes the completion")
  func dropsEqualNeighbours() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.removeDuplicates().subscribe(recorder)
    for value in [1, 1, 2, 2, 1] { subject.send(value) }
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(1), .completion(.failure(.oops))])
  }

  @Test("by: uses the predicate to decide what is a duplicate")
  func usesPredicate() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<String, TestError>()
    subject.removeDuplicates { $0.lowercased() == $1.lowercased() }.subscribe(recorder)
    for value in ["a", "A", "b"] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("a"), .value("b"), .completion(.finished)])
  }

  @Test("a dropped duplicate asks the upstream for one more")
  func dropReturnsMaxOne() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    probe.removeDuplicates().subscribe(recorder)
    probe.send(1)
    probe.send(1)
    probe.send(2)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.none, .max(1), .none])
    recorder.cancel()
  }

  @Test("a downstream asking for two values gets exactly two")
  func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.removeDuplicates().subscribe(recorder)
    for value in [1, 1, 2, 3, 4] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.removeDuplicates().subscribe(recorder)
    recorder.cancel()
    subject.send(1)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription])

    let probe = UpstreamProbe<Int, Never>()
    let probed = RecordingSubscriber<Int, Never>()
    probe.removeDuplicates().subscribe(probed)
    probed.cancel()
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.removeDuplicates() }
    expectLifecycleForEveryEnding { $0.removeDuplicates { $0 == $1 } }
  }
}
