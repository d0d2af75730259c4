import BindingsTesting
import Testing

@testable import Bindings

@Suite("delay", .releasesEveryObject)
struct DelayTests {
  @Test("delivers each value and the completion the interval later")
  func delaysEverything() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .milliseconds(500))
    subject.send(2)
    subject.send(completion: .finished)
    scheduler.advance(by: .milliseconds(499))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value(1)])
    scheduler.advance(by: .milliseconds(500))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("a failure is delayed too")
  func delaysFailure() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("demand is honoured")
  func honoursDemand() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    scheduler.advance(by: .seconds(1))
    recorder.request(.max(1))
    subject.send(4)
    subject.send(5)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and pending deliveries are dropped")
  func cancelPropagates() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    recorder.cancel()
    #expect(subject.core.subscriberCount == 0)
    scheduler.run()
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.delay(for: .seconds(1), scheduler: ImmediateScheduler.shared) }
  }
}
