import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// Records values and the thread that delivered each; the first delivery can be held until released.
private final class HoldingSubscriber: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  private let lock = NSLock()
  private var received: [(value: Int, thread: UInt)] = []
  private var holdsFirst: Bool
  let holding = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)

  init(holdsFirst: Bool) { self.holdsFirst = holdsFirst }

  var values: [Int] { lock.withLock { received.map(\.value) } }
  func values(deliveredOn thread: UInt) -> [Int] {
    lock.withLock { received.filter { $0.thread == thread }.map(\.value) }
  }

  func receive(subscription: any Subscription) { subscription.request(.unlimited) }

  func receive(_ input: Int) -> Subscribers.Demand {
    let holds = lock.withLock {
      received.append((input, currentThreadIdentity()))
      defer { holdsFirst = false }
      return holdsFirst
    }
    if holds {
      holding.signal()
      release.wait()
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}

private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

private final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

@Suite("Subject engine (Contracts.md, subjects)", .releasesEveryObject)
struct SubjectEngineTests {
  @Test("a current-value subscriber out of demand gets the latest value when demand returns")
  func latestValueHeldWhileDemandIsZero() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(recorder.values == [0])
    recorder.request(.max(2))
    #expect(recorder.values == [0, 3])
    subject.send(4)
    subject.send(5)
    #expect(recorder.values == [0, 3, 4])
    recorder.cancel()
  }

  @Test("a passthrough subject requests from its upstream only once a subscriber demands")
  func passthroughRequestsUpstreamOnDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let link = [1, 2, 3].publisher.subscribe(subject)
    let recorder = RecordingSubscriber<Int, Never>()
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    link.cancel()
  }

  @Test("a passthrough subject gives its upstream no demand while nobody demands")
  func passthroughHoldsUpstreamDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let spy = SpySubscription()
    subject.send(subscription: spy)
    #expect(spy.requests.isEmpty)
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(recorder)
    #expect(spy.requests.isEmpty)
    recorder.request(.max(1))
    #expect(spy.requests == [.unlimited])
    recorder.cancel()
  }

  @Test("multicast(subject:) with a passthrough subject delivers everything after connect()")
  func multicastThroughPassthrough() {
    let multicast = [1, 2, 3].publisher.multicast(subject: PassthroughSubject<Int, Never>())
    let recorder = RecordingSubscriber<Int, Never>()
    multicast.subscribe(recorder)
    let connection = multicast.connect()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    connection.cancel()
  }

  @Test("setting a current-value subject's value after completion stores it without sending it")
  func valueSettableAfterCompletion() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = RecordingSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.value = 7
    subject.send(8)
    #expect(subject.value == 7)
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
  }

  @Test("a sender delivers at most the drain budget of values other threads queued behind it")
  func drainBudgetBound() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = HoldingSubscriber(holdsFirst: true)
    subject.subscribe(subscriber)
    let senderThread = Box<UInt>(0)
    let senderDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      senderThread.value = currentThreadIdentity()
      subject.send(0)
      senderDone.signal()
    }
    subscriber.holding.wait()
    // While the first sender delivers 0, another thread sends 100 values.
    let limit = SubjectStateMachine<Int, Never>.drainBudget
    let otherDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      for value in 1...100 { subject.send(value) }
      otherDone.signal()
    }
    #expect(waitUntil { subject.core.pendingCountForTesting == limit + 1 })
    subscriber.release.signal()
    senderDone.wait()
    otherDone.wait()
    // Every value is delivered once both senders have returned, in order.
    #expect(subscriber.values == Array(0...100))
    #expect(subscriber.values(deliveredOn: senderThread.value) == Array(0...limit))
    subject.send(completion: .finished)
  }

  @Test("a sender that finds the drainer's budget used up waits: the queue stays bounded")
  func boundedQueue() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = HoldingSubscriber(holdsFirst: true)
    subject.subscribe(subscriber)
    Thread.detachNewThread { subject.send(0) }
    subscriber.holding.wait()
    let limit = SubjectStateMachine<Int, Never>.drainBudget
    let producerDone = Flag()
    Thread.detachNewThread {
      for value in 1...1000 { subject.send(value) }
      producerDone.set()
    }
    #expect(waitUntil { subject.core.pendingCountForTesting == limit + 1 })
    #expect(!producerDone.isSet)
    #expect(subject.core.pendingCountForTesting == limit + 1)
    subscriber.release.signal()
    #expect(waitUntil { producerDone.isSet })
    #expect(subscriber.values == Array(0...1000))
    subject.send(completion: .finished)
  }

  @Test("a subject that feeds itself stops after the cascade limit, dropping the value that came back")
  func selfFeedingSubjectTerminates() {
    let subject = PassthroughSubject<Int, Never>()
    let count = Box(0)
    let token = subject.sink { value in
      count.value += 1
      subject.send(value + 1)
    }
    subject.send(0)
    #expect(count.value == SubjectStateMachine<Int, Never>.maximumCascadeDepth + 1)
    #expect(subject.core.droppedByCycleForTesting == 1)
    #expect(subject.core.isIdleForTesting)
    token.cancel()
  }

  @Test("two current-value subjects feeding each other terminate")
  func twoSubjectCycleTerminates() {
    let a = CurrentValueSubject<Int, Never>(0)
    let b = CurrentValueSubject<Int, Never>(0)
    let forward = a.sink { b.send($0 + 1) }
    let backward = b.sink { a.send($0 + 1) }
    a.send(10)
    #expect(a.core.isIdleForTesting && b.core.isIdleForTesting)
    #expect(a.core.droppedByCycleForTesting + b.core.droppedByCycleForTesting >= 1)
    forward.cancel()
    backward.cancel()
  }

  @Test("after cancel() returns on another thread, at most the one value already being delivered arrives")
  func cancelFromAnotherThreadMidDelivery() {
    for _ in 0..<20 {
      let subject = PassthroughSubject<Int, Never>()
      let received = Box(0)
      let token = subject.sink { _ in received.value += 1 }
      let stop = Flag()
      let senderDone = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        var value = 0
        while !stop.isSet {
          subject.send(value)
          value += 1
        }
        senderDone.signal()
      }
      waitUntil { received.value > 100 }
      token.cancel()
      let atCancel = received.value
      stop.set()
      senderDone.wait()
      #expect(waitUntil { subject.core.isIdleForTesting })
      #expect(received.value - atCancel <= 1)
    }
  }

  @Test("a subscriber cancelled from inside another's delivery does not get the value being delivered")
  func cancelInsideDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    let canceller = subject.sink { value in
      if value == 1 { recorder.cancel() }
    }
    subject.subscribe(recorder)
    subject.send(0)
    subject.send(1)
    subject.send(2)
    #expect(recorder.values == [0])
    canceller.cancel()
  }
}
