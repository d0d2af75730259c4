import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("prefix(untilOutputFrom:)", .releasesEveryObject)
struct PrefixUntilOutputTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("republishes elements until the other publisher emits, then finishes")
  func prefixUntilOutput() {
    let values = PassthroughSubject<Int, TestError>()
    let stop = PassthroughSubject<Void, Never>()
    let recorder = Recorder()
    values.prefix(untilOutputFrom: stop).subscribe(recorder)
    values.send(1)
    values.send(2)
    stop.send(())
    values.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(values.core.subscriberCount == 0)
    #expect(stop.core.subscriberCount == 0)
  }

  @Test("the trigger firing cancels both subscriptions once")
  func triggerCancelsBoth() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let stop = ScriptedPublisher<Int, Never>()
    let recorder = Recorder()
    upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
    #expect(stop.send(0) == .none)
    recorder.subscription?.cancel()
    stop.send(1)
    upstream.send(1)
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    #expect(stop.history == [.requested(.max(1)), .cancelled])
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("a trigger that fires before the upstream subscribes finishes right after the subscription")
  func triggerFiresFirst() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.prefix(untilOutputFrom: CurrentValueSubject<Int, Never>(0)).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(upstream.history == [.cancelled])
  }

  @Test("a trigger fired from inside the subscriber finishes the stream after that delivery returns")
  func triggerFromInsideDelivery() {
    let values = PassthroughSubject<Int, TestError>()
    let stop = PassthroughSubject<Void, Never>()
    var eventsSeenWhileReceiving: [Recorder.Event] = []
    var recorder: Recorder!
    recorder = Recorder(onValue: { _ in
      stop.send(())
      eventsSeenWhileReceiving = recorder.events
    })
    values.prefix(untilOutputFrom: stop).subscribe(recorder)
    values.send(1)
    values.send(2)
    #expect(eventsSeenWhileReceiving == [.subscription, .value(1)])
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    recorder = nil  // breaks the cycle through the closure
  }

  @Test("a trigger that completes without emitting is ignored")
  func triggerCompletes() {
    let values = PassthroughSubject<Int, TestError>()
    let stop = PassthroughSubject<Void, TestError>()
    let recorder = Recorder()
    values.prefix(untilOutputFrom: stop).subscribe(recorder)
    stop.send(completion: .failure(.other))
    values.send(1)
    values.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
  }

  @Test("the upstream's completion is republished and the trigger is cancelled")
  func upstreamCompletes() {
    let values = PassthroughSubject<Int, TestError>()
    let stop = ScriptedPublisher<Int, Never>()
    let recorder = Recorder()
    values.prefix(untilOutputFrom: stop).subscribe(recorder)
    values.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(stop.history == [.requested(.max(1)), .cancelled])
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    expectPassThroughHonoursDemand { $0.prefix(untilOutputFrom: PassthroughSubject<Void, Never>()) }
  }

  @Test("cancel reaches both upstreams once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesBothUpstreamsOnce { $0.prefix(untilOutputFrom: $1) }
  }

  @Test("an upstream and a trigger sending from different threads deliver a contiguous head, then one finish")
  func concurrentUpstreamAndTrigger() {
    for _ in 0..<200 {
      let values = PassthroughSubject<Int, TestError>()
      let stop = PassthroughSubject<Void, Never>()
      let recorder = Recorder()
      values.prefix(untilOutputFrom: stop).subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for value in 0..<100 { values.send(value) }
        } else {
          stop.send(())
        }
      }
      let events = recorder.events
      #expect(recorder.values == Array(0..<recorder.values.count))
      #expect(events.last == .completion(.finished))
      #expect(events.filter { if case .completion = $0 { true } else { false } }.count == 1)
      #expect(values.core.subscriberCount == 0)
      #expect(stop.core.subscriberCount == 0)
    }
  }

  @Test("lifecycle: subscriber, subscription and both subjects are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) }
    expectLifecycleReleasesBothSubjects({ $0.prefix(untilOutputFrom: $1) }) { values, _, recorder in
      values.send(1)
      recorder.cancel()
    }
    expectLifecycleReleasesBothSubjects({ $0.prefix(untilOutputFrom: $1) }) { values, stop, _ in
      values.send(1)
      stop.send(0)
    }
    expectLifecycleReleasesBothSubjects({ $0.prefix(untilOutputFrom: $1) }) { values, stop, _ in
      stop.send(completion: .finished)
      values.send(completion: .failure(.oops))
    }
  }
}
