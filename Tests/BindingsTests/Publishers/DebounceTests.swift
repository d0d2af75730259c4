import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("debounce", .releasesEveryObject)
struct DebounceTests {
  @Test("publishes the latest value once the upstream has been quiet for the due time")
  func publishesAfterQuiet() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .milliseconds(200))
    subject.send(2)
    scheduler.advance(by: .milliseconds(299))
    subject.send(3)
    scheduler.advance(by: .milliseconds(300))
    subject.send(4)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(3), .value(4)])
    recorder.cancel()
  }

  @Test("the completion is delivered on the scheduler, and a value still waiting is dropped")
  func completionDropsPendingValue() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a cancel after the upstream completed, before the scheduler ran, stops the completion")
  func cancelStopsAScheduledCompletion() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    recorder.cancel()
    scheduler.advance()
    #expect(recorder.events == [.subscription])
  }

  @Test("a value that falls due without demand is dropped; later demand gets later values")
  func honoursDemand() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    recorder.request(.max(1))
    subject.send(2)
    scheduler.advance(by: .seconds(1))
    subject.send(3)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(2)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and nothing is delivered afterwards")
  func cancelPropagates() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    recorder.cancel()
    #expect(subject.core.subscriberCount == 0)
    subject.send(2)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription])
  }

  @Test("concurrent sends from many threads publish exactly one value after the quiet period")
  func concurrentSends() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 200) { subject.send($0) }
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values.count == 1)
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.debounce(for: .seconds(1), scheduler: ImmediateScheduler.shared) }
  }

  @Test("a value replaced by a later one is let go after the lock: its deinit may use the subscription")
  func releasesReplacedValueOutsideTheLock() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<ReleaseProbe, Never>()
    let recorder = RecordingSubscriber<ReleaseProbe, Never>(initialDemand: .max(1))
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(ReleaseProbe(1) { expectNoLockHeld { recorder.request(.max(1)) } })
    subject.send(ReleaseProbe(2))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values.map(\.id) == [2])
    recorder.cancel()
  }
}

@Suite("debounce state machine", .releasesEveryObject)
struct DebounceStateMachineTests {
  typealias Machine = Publishers.Debounce<PassthroughSubject<Int, TestError>, TestScheduler>.StateMachine

  @Test("only the latest generation emits, and only with demand")
  func latestGenerationEmits() {
    var machine = Machine()
    guard case .forwardSubscriptionAndRequestUnlimited = machine.subscriptionReceived(Subscriptions.empty) else {
      Issue.record("expected the subscription to be forwarded")
      return
    }
    machine.demandRequested(.max(1))
    guard case .scheduleEmission(let first) = machine.valueReceived(1),
      case .scheduleEmission(let second) = machine.valueReceived(2)
    else {
      Issue.record("expected each value to schedule an emission")
      return
    }
    guard case .none = machine.quietPeriodEnded(generation: first) else {
      Issue.record("a superseded timer must not emit")
      return
    }
    guard case .emit(2) = machine.quietPeriodEnded(generation: second) else {
      Issue.record("the latest timer emits the latest value")
      return
    }
    guard case .scheduleEmission(let third) = machine.valueReceived(3),
      case .none = machine.quietPeriodEnded(generation: third)
    else {
      Issue.record("without demand the value is dropped")
      return
    }
    #expect(machine.demand == .none)
    #expect(machine.pendingValue == nil)
  }

  @Test("after completion or cancel, values and timers do nothing")
  func terminalIgnoresEverything() {
    var machine = Machine()
    _ = machine.subscriptionReceived(Subscriptions.empty)
    machine.demandRequested(.unlimited)
    guard case .scheduleEmission(let generation) = machine.valueReceived(1) else {
      Issue.record("expected an emission to be scheduled")
      return
    }
    guard case .scheduleCompletion(.finished, _) = machine.completionReceived(.finished) else {
      Issue.record("expected the completion to be scheduled")
      return
    }
    guard case .none = machine.quietPeriodEnded(generation: generation), case .none = machine.valueReceived(2),
      case .none = machine.cancelled()
    else {
      Issue.record("a terminal debounce must do nothing")
      return
    }
    guard case .cancelSubscription = machine.subscriptionReceived(Subscriptions.empty) else {
      Issue.record("a late subscription is cancelled")
      return
    }
  }
}
