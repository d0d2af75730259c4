import BindingsTesting
import Testing

@testable import Bindings

@Suite("subscribe(on:)", .releasesEveryObject)
struct SubscribeOnTests {
  @Test("subscribes and requests on the scheduler; values pass straight through")
  func subscribesOnTheScheduler() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.subscribe(on: scheduler).subscribe(recorder)
    #expect(recorder.events.isEmpty)
    scheduler.advance()
    #expect(recorder.events == [.subscription])
    recorder.request(.unlimited)
    subject.send(1)
    scheduler.advance()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test("demand is honoured")
  func honoursDemand() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    subject.subscribe(on: scheduler).subscribe(recorder)
    scheduler.advance()
    for value in 1...3 { subject.send(value) }
    recorder.request(.max(1))
    scheduler.advance()
    subject.send(4)
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4)])
    recorder.cancel()
    scheduler.advance()
  }

  @Test("cancel reaches the upstream once, on the scheduler")
  func cancelPropagates() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(on: scheduler).subscribe(recorder)
    scheduler.advance()
    recorder.cancel()
    recorder.cancel()
    #expect(subject.core.subscriberCount == 1)
    scheduler.advance()
    #expect(subject.core.subscriberCount == 0)
    subject.send(1)
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.subscribe(on: ImmediateScheduler.shared) }
  }
}
