import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("PassthroughSubject", .releasesEveryObject)
struct PassthroughSubjectTests {
  @Test("delivers values sent after subscription, then the completion")
  func deliversValuesAndCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(0)
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("a second completion is ignored")
  func secondCompletionIgnored() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    subject.send(completion: .finished)
    subject.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber that arrives after completion gets its subscription, then the completion")
  func lateSubscriberGetsCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(.oops))
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("a subscriber that requests .max(2) gets exactly two values, and more only after requesting more")
  func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.values == [1, 2])
    recorder.request(.max(1))
    subject.send(6)
    subject.send(7)
    #expect(recorder.values == [1, 2, 6])
    recorder.cancel()
  }

  @Test("demand returned from receive(_:) adds to the outstanding demand")
  func demandFromReceiveAccumulates() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    subject.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.values == [1, 2, 3, 4])
    recorder.cancel()
  }

  @Test("a subscriber with no demand receives nothing but still gets the completion")
  func noDemandNoValues() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("receive(subscription:) is called exactly once per subscriber")
  func subscriptionOnce() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.subscribe(recorder)
    subject.send(1)
    // Subscribing the same subscriber twice makes two independent subscriptions, as in Combine.
    #expect(recorder.events == [.subscription, .subscription, .value(1), .value(1)])
    recorder.cancel()
    subject.send(completion: .finished)
  }

  @Test("cancel is idempotent and nothing arrives after it")
  func cancelIdempotent() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.subscribe(recorder)
    let subscription = recorder.subscription
    subject.send(1)
    subscription?.cancel()
    subscription?.cancel()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(subject.core.subscriberCount == 0)
  }

  @Test("cancelling from inside receive(_:) stops deliveries at once")
  func cancelInsideReceive() {
    let subject = PassthroughSubject<Int, Never>()
    var recorder: RecordingSubscriber<Int, Never>!
    recorder = RecordingSubscriber { value in
      if value == 2 { recorder.cancel() }
    }
    subject.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder = nil
  }

  @Test("one subscriber cancelling another during a delivery keeps the other from receiving it")
  func cancelOtherDuringDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    let second = RecordingSubscriber<Int, Never>()
    let first = RecordingSubscriber<Int, Never> { _ in second.cancel() }
    subject.subscribe(first)
    subject.subscribe(second)
    subject.send(1)
    #expect(first.values == [1])
    #expect(second.events == [.subscription])
    second.cancel()
    first.cancel()
  }

  @Test("a send from inside a delivery neither deadlocks nor reorders values for any subscriber")
  func reentrantSendKeepsOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let first = RecordingSubscriber<Int, Never> { value in
      if value == 1 {
        subject.send(2)
        subject.send(3)
      }
    }
    let second = RecordingSubscriber<Int, Never>()
    subject.subscribe(first)
    subject.subscribe(second)
    subject.send(1)
    #expect(first.values == [1, 2, 3])
    #expect(second.values == [1, 2, 3])
    first.cancel()
    second.cancel()
  }

  @Test("a completion sent from inside a delivery arrives after the values sent before it")
  func reentrantCompletionKeepsOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let first = RecordingSubscriber<Int, Never> { value in
      if value == 1 { subject.send(completion: .finished) }
    }
    let second = RecordingSubscriber<Int, Never>()
    subject.subscribe(first)
    subject.subscribe(second)
    subject.send(1)
    subject.send(2)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a subscriber added from inside a delivery receives the later values only")
  func reentrantSubscribe() {
    let subject = PassthroughSubject<Int, Never>()
    let late = RecordingSubscriber<Int, Never>()
    let first = RecordingSubscriber<Int, Never> { value in
      if value == 1 { subject.subscribe(late) }
    }
    subject.subscribe(first)
    subject.send(1)
    subject.send(2)
    #expect(late.events == [.subscription, .value(2)])
    late.cancel()
    first.cancel()
  }

  @Test("send(subscription:) requests unlimited values from the upstream and republishes them")
  func forwardsUpstream() {
    let upstream = PassthroughSubject<Int, Never>()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    subject.subscribe(recorder)
    let link = upstream.subscribe(subject)
    upstream.send(1)
    upstream.send(2)
    link.cancel()
    upstream.send(3)
    #expect(recorder.values == [1, 2])
    #expect(upstream.core.subscriberCount == 0)
    recorder.cancel()
  }

  @Test("send(subscription:) after completion cancels the new upstream")
  func upstreamAfterCompletionCancelled() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    let spy = SpySubscription()
    subject.send(subscription: spy)
    #expect(spy.cancelCount == 1)
    #expect(spy.requests.isEmpty)
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0 }
  }

  @Test("cancelling one subscriber among many leaves the others subscribed, in order")
  func cancelAmongMany() {
    let subject = PassthroughSubject<Int, Never>()
    let recorders = (0..<100).map { _ in RecordingSubscriber<Int, Never>() }
    for recorder in recorders { subject.subscribe(recorder) }
    for (index, recorder) in recorders.enumerated() where index % 3 != 0 { recorder.cancel() }
    subject.send(7)
    for (index, recorder) in recorders.enumerated() {
      #expect(recorder.values == (index % 3 == 0 ? [7] : []))
    }
    #expect(subject.core.subscriberCount == 34)
    for recorder in recorders { recorder.cancel() }
  }

  @Test("a subject whose many subscribers left gives back its subscriber list's memory, and keeps order")
  func listShrinksAfterChurn() {
    let subject = PassthroughSubject<Int, Never>()
    let many = (0..<10_000).map { _ in subject.sink { _ in } }
    let peak = subject.core.state.withLock { $0.subscribers.capacity }
    #expect(peak >= 10_000)
    for token in many { token.cancel() }
    let survivors = (0..<3).map { _ in RecordingSubscriber<Int, Never>() }
    for survivor in survivors { subject.subscribe(survivor) }
    subject.send(1)
    #expect(survivors.map(\.values) == [[1], [1], [1]])
    #expect(subject.core.subscriberCount == 3)
    #expect(subject.core.state.withLock { $0.subscribers.capacity } <= 64)
    for survivor in survivors { survivor.cancel() }
  }

  @Test("concurrent sends from several threads reach every subscriber once, never overlapping")
  func concurrentSends() {
    let subject = PassthroughSubject<Int, Never>()
    let subscribers = (0..<4).map { _ in OverlapDetectingSubscriber<Int>() }
    for subscriber in subscribers { subject.subscribe(subscriber) }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<250 { subject.send(thread * 1000 + index) }
    }
    let expected = (0..<8).flatMap { thread in (0..<250).map { thread * 1000 + $0 } }.sorted()
    for subscriber in subscribers {
      #expect(subscriber.values.sorted() == expected)
      #expect(subscriber.maxConcurrentDeliveries == 1)
    }
    // Every subscriber sees the values in the same order.
    let order = subscribers[0].values
    for subscriber in subscribers.dropFirst() { #expect(subscriber.values == order) }
    subject.send(completion: .finished)
  }

  @Test("values sent from one thread arrive in the order they were sent")
  func perThreadOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = OverlapDetectingSubscriber<Int>()
    subject.subscribe(subscriber)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<200 { subject.send(thread * 1000 + index) }
    }
    let values = subscriber.values
    for thread in 0..<4 {
      let mine = values.filter { $0 / 1000 == thread }
      #expect(mine == (0..<200).map { thread * 1000 + $0 })
    }
    subject.send(completion: .finished)
  }

  @Test("concurrent subscribe, send and cancel from several threads are safe and leave nothing behind")
  func concurrentChurn() {
    let subject = PassthroughSubject<Int, Never>()
    let delivered = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<200 {
        let token = subject.sink { _ in delivered.increment() }
        subject.send(index)
        if index % 2 == 0 { token.cancel() }
      }
    }
    #expect(subject.core.subscriberCount == 0)
    #expect(delivered.value >= 8 * 200)
  }
}
