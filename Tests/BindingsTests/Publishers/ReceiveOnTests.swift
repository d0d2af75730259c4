import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("receive(on:)", .releasesEveryObject)
struct ReceiveOnTests {
  @Test("hands over the subscription at once, and delivers values and the completion on the scheduler")
  func deliversOnTheScheduler() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.receive(on: scheduler).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.oops))])
  }

  @Test("demand goes upstream, including demand returned from a delivered value")
  func honoursDemand() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    subject.receive(on: scheduler).subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    scheduler.advance()
    recorder.request(.max(1))
    subject.send(5)
    subject.send(6)
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(5)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and scheduled deliveries are dropped")
  func cancelPropagates() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.receive(on: scheduler).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    recorder.cancel()
    #expect(subject.core.subscriberCount == 0)
    scheduler.advance()
    #expect(recorder.events == [.subscription])
  }

  @Test("values sent from many threads all arrive, in one serial queue's order")
  func concurrentSendsToASerialQueue() async {
    let queue = DispatchQueue(label: "ReceiveOnTests")
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.receive(on: queue).subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 500) { subject.send($0) }
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    #expect(recorder.values.sorted() == Array(0..<500))
    recorder.cancel()
  }

  @Test("cancelling the subscription itself releases the subscriber that holds it")
  func cancelThroughTheSubscriptionReleasesTheSubscriber() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    weak var released: RecordingSubscriber<Int, TestError>?
    do {
      let recorder = RecordingSubscriber<Int, TestError>()
      released = recorder
      subject.receive(on: scheduler).subscribe(recorder)
      subject.send(1)
      // The recorder keeps its subscription: only the relay letting go of it breaks the cycle.
      recorder.subscription?.cancel()
    }
    scheduler.advance()
    #expect(released == nil)
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.receive(on: ImmediateScheduler.shared) }
  }
}
