import BindingsTesting
import Testing

@testable import Bindings

@Suite("dropFirst", .releasesEveryObject)
struct DropTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("omits the first elements, then republishes the rest and the completion")
  func dropsFirst() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.dropFirst(2).subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .value(4), .completion(.finished)])
  }

  @Test("drops one element by default, and republishes a failure")
  func defaultAndFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.dropFirst().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(2), .completion(.failure(.oops))])
  }

  @Test("asks the upstream for the dropped count on top of the subscriber's demand")
  func requestsDroppedCountUpFront() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    upstream.dropFirst(3).subscribe(recorder)
    #expect(upstream.history == [.requested(.max(5))])
    #expect(upstream.send(1) == .none)
    recorder.cancel()
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.dropFirst(1).subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(5)
    subject.send(6)
    #expect(recorder.events == [.subscription, .value(2), .value(3), .value(5)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.dropFirst(0) }
  }

  @Test("a cancel before the upstream subscribes cancels its subscription on arrival")
  func cancelBeforeUpstreamSubscription() {
    let upstream = ScriptedPublisher<Int, TestError>(handsOverSubscription: false)
    let recorder = Recorder()
    upstream.dropFirst().subscribe(recorder)
    recorder.cancel()
    upstream.handOverSubscription()
    #expect(upstream.history == [.cancelled])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.dropFirst() }
  }
}
