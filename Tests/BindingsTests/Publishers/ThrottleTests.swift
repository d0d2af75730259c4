import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("throttle", .releasesEveryObject)
struct ThrottleTests {
  private func scenario(latest: Bool) -> [RecordingSubscriber<String, TestError>.Event] {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<String, TestError>()
    let recorder = RecordingSubscriber<String, TestError>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: latest)
      .measureTimes(on: scheduler)
      .subscribe(recorder)
    subject.send("a")
    scheduler.advance(by: .milliseconds(100))
    subject.send("b")
    subject.send("c")
    scheduler.advance(by: .milliseconds(1900))
    subject.send("d")
    scheduler.advance(by: .milliseconds(500))
    subject.send("e")
    subject.send(completion: .finished)
    scheduler.run()
    return recorder.events
  }

  @Test("latest: true publishes the first value at once, then the latest of each interval")
  func latestTrue() {
    #expect(
      scenario(latest: true) == [
        .subscription, .value("a@0ms"), .value("c@1000ms"), .value("d@2000ms"), .value("e@3000ms"),
        .completion(.finished),
      ])
  }

  @Test("latest: false publishes the first value at once, then the first of each interval")
  func latestFalse() {
    #expect(
      scenario(latest: false) == [
        .subscription, .value("a@0ms"), .value("b@1000ms"), .value("d@2000ms"), .value("e@3000ms"),
        .completion(.finished),
      ])
  }

  @Test("a value arriving without demand is dropped")
  func honoursDemand() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(1)
    scheduler.advance()
    subject.send(2)
    scheduler.advance(by: .seconds(2))
    recorder.request(.max(1))
    subject.send(3)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
    recorder.cancel()
  }

  @Test("a failure with nothing scheduled is delivered on the scheduler at once")
  func failurePassesThrough() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: false).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    scheduler.advance()
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("cancel reaches the upstream once, and a scheduled emission is not delivered")
  func cancelPropagates() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    recorder.cancel()
    #expect(subject.core.subscriberCount == 0)
    scheduler.run()
    #expect(recorder.events == [.subscription])
  }

  @Test("concurrent sends from many threads publish one value for the interval")
  func concurrentSends() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 200) { subject.send($0) }
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values.count == 1)
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.throttle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: true) }
    expectLifecycleForEveryEnding { $0.throttle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: false) }
  }

  @Test("a value replaced by a later one is let go after the lock: its deinit may use the subscription")
  func releasesReplacedValueOutsideTheLock() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<ReleaseProbe, Never>()
    let recorder = RecordingSubscriber<ReleaseProbe, Never>()
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(ReleaseProbe(1) { expectNoLockHeld { recorder.request(.max(1)) } })
    subject.send(ReleaseProbe(2))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values.map(\.id) == [2])
    recorder.cancel()
  }
}

@Suite("throttle state machine", .releasesEveryObject)
struct ThrottleStateMachineTests {
  typealias Machine = Publishers.Throttle<PassthroughSubject<Int, TestError>, TestScheduler>.StateMachine
  typealias Time = TestScheduler.SchedulerTimeType

  private func subscribed(latest: Bool) -> Machine {
    var machine = Machine(interval: .seconds(1), latest: latest)
    _ = machine.subscriptionReceived(Subscriptions.empty)
    machine.demandRequested(.unlimited)
    return machine
  }

  @Test("the first value is scheduled at once, the next one an interval after the emission")
  func schedulesByInterval() {
    var machine = subscribed(latest: true)
    let start = Time(nanoseconds: 0)
    guard case .scheduleEmission(at: nil) = machine.valueReceived(1, now: start) else {
      Issue.record("the first value goes out at once")
      return
    }
    guard case .deliver(1, nil) = machine.emissionDue(now: start) else {
      Issue.record("the emission delivers the value")
      return
    }
    let later = start.advanced(by: .milliseconds(100))
    guard case .scheduleEmission(at: start.advanced(by: .seconds(1))) = machine.valueReceived(2, now: later) else {
      Issue.record("the next value waits for the interval")
      return
    }
    guard case .none = machine.valueReceived(3, now: later) else {
      Issue.record("a value while an emission is scheduled schedules nothing")
      return
    }
    #expect(machine.pendingValue == 3)
  }

  @Test("latest: false keeps the first value of the interval")
  func keepsFirst() {
    var machine = subscribed(latest: false)
    let start = Time(nanoseconds: 0)
    _ = machine.valueReceived(1, now: start)
    _ = machine.valueReceived(2, now: start)
    #expect(machine.pendingValue == 1)
  }

  @Test("a completion follows a scheduled value, and nothing happens after cancel")
  func completionFollowsValue() {
    var machine = subscribed(latest: true)
    let start = Time(nanoseconds: 0)
    _ = machine.valueReceived(1, now: start)
    guard case .releaseUpstream(_, thenScheduleEmission: false) = machine.completionReceived(.finished) else {
      Issue.record("the completion rides along with the scheduled emission")
      return
    }
    guard case .deliver(1, .finished) = machine.emissionDue(now: start) else {
      Issue.record("value, then completion")
      return
    }
    guard case .none = machine.cancelled() else {
      Issue.record("cancel after completion does nothing")
      return
    }
  }
}

extension Publisher where Output == String {
  /// Tags each value with the virtual time it arrives at, to check when a time operator delivers.
  fileprivate func measureTimes(on scheduler: TestScheduler) -> AnyPublisher<String, Failure> {
    AnyPublisher(TimeTagging(upstream: self, scheduler: scheduler))
  }
}

/// Appends the virtual arrival time to each string value.
private struct TimeTagging<Upstream: Publisher>: Publisher where Upstream.Output == String {
  typealias Output = String
  typealias Failure = Upstream.Failure
  let upstream: Upstream
  let scheduler: TestScheduler

  func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == Failure {
    let scheduler = self.scheduler
    upstream.subscribe(
      AnySubscriber<String, Failure>(
        receiveSubscription: { subscriber.receive(subscription: $0) },
        receiveValue: { subscriber.receive("\($0)@\(scheduler.now.nanoseconds / 1_000_000)ms") },
        receiveCompletion: { subscriber.receive(completion: $0) }))
  }
}
