import BindingsTesting
import Testing

@testable import Bindings

@Suite("measureInterval", .releasesEveryObject)
struct MeasureIntervalTests {
  typealias Stride = TestScheduler.SchedulerTimeType.Stride

  @Test("publishes the time since subscription, then since each previous value")
  func measures() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Stride, TestError>()
    subject.measureInterval(using: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(100))
    subject.send(1)
    scheduler.advance(by: .seconds(2))
    subject.send(2)
    subject.send(3)
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(.milliseconds(100)), .value(.seconds(2)), .value(.zero), .completion(.finished),
      ])
  }

  @Test("demand is honoured")
  func honoursDemand() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Stride, TestError>(initialDemand: .max(2))
    subject.measureInterval(using: scheduler).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(4)
    subject.send(5)
    #expect(recorder.values.count == 3)
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and nothing follows")
  func cancelPropagates() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Stride, TestError>()
    subject.measureInterval(using: scheduler).subscribe(recorder)
    recorder.cancel()
    recorder.cancel()
    #expect(subject.core.subscriberCount == 0)
    subject.send(1)
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.measureInterval(using: ImmediateScheduler.shared) }
  }
}
