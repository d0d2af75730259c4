import BindingsTesting
import Testing

@testable import Bindings

@Suite("timeout", .releasesEveryObject)
struct TimeoutTests {
  @Test("finishes after the interval of silence, cancelling the upstream")
  func finishesAfterSilence() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(900))
    subject.send(1)
    scheduler.advance(by: .milliseconds(900))
    subject.send(2)
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(subject.core.subscriberCount == 0)
  }

  @Test("fails with the custom error on timeout")
  func failsWithCustomError() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.timeout(.seconds(1), scheduler: scheduler, customError: { .other }).subscribe(recorder)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }

  @Test("the upstream's own completion is delivered on the scheduler and stops the clock")
  func upstreamCompletion() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.timeout(.seconds(1), scheduler: scheduler, customError: { .other }).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("demand is honoured")
  func honoursDemand() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    scheduler.advance()
    recorder.request(.max(1))
    subject.send(4)
    subject.send(5)
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and the timer no longer fires")
  func cancelPropagates() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    recorder.cancel()
    recorder.cancel()
    #expect(subject.core.subscriberCount == 0)
    scheduler.run()
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.timeout(.seconds(1), scheduler: ImmediateScheduler.shared) }
  }

  @Test("lifecycle on a virtual clock: a pending timer does not keep the subscription alive")
  func lifecycleWithPendingTimer() {
    let scheduler = TestScheduler()
    weak var weakRecorder: RecordingSubscriber<Int, TestError>?
    weak var weakSubscription: AnyObject?
    do {
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = RecordingSubscriber<Int, TestError>()
      weakRecorder = recorder
      subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
      weakSubscription = recorder.subscription.map { $0 as AnyObject }
      recorder.cancel()
    }
    #expect(scheduler.scheduledActionCount > 0)
    #expect(weakRecorder == nil)
    #expect(weakSubscription == nil)
  }
}
