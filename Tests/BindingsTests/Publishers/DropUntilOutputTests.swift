import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("drop(untilOutputFrom:)", .releasesEveryObject)
struct DropUntilOutputTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("ignores elements until the other publisher emits, then republishes everything")
  func dropsUntilOutput() {
    let values = PassthroughSubject<Int, TestError>()
    let gate = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    values.drop(untilOutputFrom: gate).subscribe(recorder)
    values.send(1)
    gate.send(0)
    values.send(2)
    values.send(3)
    values.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .value(3), .completion(.finished)])
  }

  @Test("asks the other publisher for one element and cancels it once it emitted")
  func triggerDemandAndRelease() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let gate = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.drop(untilOutputFrom: gate).subscribe(recorder)
    #expect(gate.history == [.requested(.max(1))])
    #expect(gate.send(0) == .none)
    #expect(gate.history == [.requested(.max(1)), .cancelled])
    #expect(upstream.history == [.requested(.unlimited)])
    recorder.cancel()
  }

  @Test("the other publisher completing before emitting completes the stream and cancels the upstream")
  func triggerCompletesFirst() {
    let finishing = ScriptedPublisher<Int, TestError>()
    let gate = PassthroughSubject<Int, TestError>()
    let finished = Recorder()
    finishing.drop(untilOutputFrom: gate).subscribe(finished)
    gate.send(completion: .finished)
    finishing.send(1)
    #expect(finished.events == [.subscription, .completion(.finished)])
    #expect(finishing.history == [.requested(.unlimited), .cancelled])

    let values = PassthroughSubject<Int, TestError>()
    let failingGate = PassthroughSubject<Int, TestError>()
    let failed = Recorder()
    values.drop(untilOutputFrom: failingGate).subscribe(failed)
    failingGate.send(completion: .failure(.oops))
    #expect(failed.events == [.subscription, .completion(.failure(.oops))])
    #expect(values.core.subscriberCount == 0)
  }

  @Test("the upstream's failure is republished and the other publisher is cancelled")
  func upstreamFails() {
    let values = PassthroughSubject<Int, TestError>()
    let gate = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    values.drop(untilOutputFrom: gate).subscribe(recorder)
    values.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    #expect(gate.history == [.requested(.max(1)), .cancelled])
  }

  @Test("elements ignored before the gate opens count against the subscriber's demand, as in Combine")
  func ignoredElementsUseDemand() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let gate = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(4))
    upstream.drop(untilOutputFrom: gate).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    gate.send(0)
    #expect(upstream.send(2) == .none)
    #expect(upstream.history == [.requested(.max(4))])
    recorder.cancel()
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let values = PassthroughSubject<Int, TestError>()
    let gate = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    values.drop(untilOutputFrom: gate).subscribe(recorder)
    gate.send(0)
    for value in 1...3 { values.send(value) }
    recorder.request(.max(1))
    values.send(4)
    values.send(5)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4)])
    recorder.cancel()
  }

  @Test("cancel reaches both upstreams once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesBothUpstreamsOnce { $0.drop(untilOutputFrom: $1) }
  }

  @Test("an upstream and a trigger sending from different threads deliver a contiguous tail, once")
  func concurrentUpstreamAndTrigger() {
    for _ in 0..<200 {
      let values = PassthroughSubject<Int, TestError>()
      let gate = PassthroughSubject<Int, TestError>()
      let recorder = Recorder()
      values.drop(untilOutputFrom: gate).subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for value in 0..<100 { values.send(value) }
          values.send(completion: .finished)
        } else {
          gate.send(0)
        }
      }
      let received = recorder.values
      #expect(received == Array((100 - received.count)..<100))
      #expect(recorder.completion == .finished)
      #expect(values.core.subscriberCount == 0)
      #expect(gate.core.subscriberCount == 0)
    }
  }

  @Test("lifecycle: subscriber, subscription and both subjects are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.drop(untilOutputFrom: PassthroughSubject<Int, TestError>()) }
    expectLifecycleReleasesBothSubjects({ $0.drop(untilOutputFrom: $1) }) { values, gate, recorder in
      gate.send(0)
      values.send(1)
      recorder.cancel()
    }
    expectLifecycleReleasesBothSubjects({ $0.drop(untilOutputFrom: $1) }) { values, _, recorder in
      values.send(1)
      recorder.cancel()
    }
    expectLifecycleReleasesBothSubjects({ $0.drop(untilOutputFrom: $1) }) { _, gate, _ in
      gate.send(completion: .failure(.oops))
    }
    expectLifecycleReleasesBothSubjects({ $0.drop(untilOutputFrom: $1) }) { values, _, _ in
      values.send(completion: .finished)
    }
  }

  @Test(
    "a trigger that completes before the upstream subscribes: the late upstream is still asked for the demand, as in Combine"
  )
  func lateUpstreamIsAskedForTheDemand() {
    let upstream = SilentUpstream()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(14))
    upstream.drop(untilOutputFrom: Empty<Void, Never>()).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    let late = SpySubscription()
    upstream.subscriber?.receive(subscription: late)
    #expect(late.requests == [.max(14)])
    #expect(late.cancelCount == 0)
    #expect(upstream.subscriber?.receive(1) == Subscribers.Demand.none)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    upstream.subscriber = nil
  }
}

/// An upstream that keeps its subscriber and sends its subscription only when the test does.
private final class SilentUpstream: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never
  var subscriber: AnySubscriber<Int, Never>?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    self.subscriber = AnySubscriber(subscriber)
  }
}
