import Dispatch
import Foundation
import Testing

@testable import Bindings

/// `sink(receiveValue:)` attaches a ``ValueSink``, a sink with no completion closure. These tests
/// hold it to what `Subscribers.Sink` promises with an empty completion closure.
@Suite("sink(receiveValue:): the value-only sink", .releasesEveryObject)
struct ValueSinkTests {
  final class Captured: @unchecked Sendable {}

  @Test("requests unlimited values, hands them to the closure, and calls itself Sink")
  func requestsUnlimitedAndDelivers() {
    let subscription = ValueSinkProbeSubscription()
    var received: [Int] = []
    let sink = ValueSink<Int> { received.append($0) }
    sink.receive(subscription: subscription)
    #expect(subscription.requests == [.unlimited])
    #expect(sink.receive(1) == .none)
    #expect(sink.receive(2) == .none)
    #expect(received == [1, 2])
    #expect(sink.description == "Sink")
    sink.cancel()
  }

  @Test("cancelling the token cancels the subscription once and releases the closure")
  func cancelReleasesTheClosure() {
    weak var weakCaptured: Captured?
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let token: AnyCancellable
    do {
      let captured = Captured()
      weakCaptured = captured
      token = subject.sink { value in withExtendedLifetime(captured) { received.append(value) } }
    }
    subject.send(1)
    #expect(weakCaptured != nil)
    token.cancel()
    token.cancel()
    subject.send(2)
    #expect(received == [1])
    #expect(weakCaptured == nil, "the cancelled sink kept its closure")
    #expect(subject.core.subscriberCount == 0)

    let subscription = ValueSinkProbeSubscription()
    let sink = ValueSink<Int> { _ in }
    sink.receive(subscription: subscription)
    sink.cancel()
    sink.cancel()
    #expect(subscription.cancels == 1)
  }

  @Test("releasing the token cancels the subscription and releases the closure")
  func releasingTheTokenCancels() {
    weak var weakCaptured: Captured?
    weak var weakSink: ValueSink<Int>?
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var token: AnyCancellable?
    do {
      let captured = Captured()
      weakCaptured = captured
      token = subject.sink { value in withExtendedLifetime(captured) { received.append(value) } }
      weakSink = token?.target as? ValueSink<Int>
    }
    #expect(weakSink != nil, "sink(receiveValue:) should attach a value-only sink")
    subject.send(1)
    token = nil
    subject.send(2)
    #expect(received == [1])
    #expect(subject.core.subscriberCount == 0)
    #expect(weakCaptured == nil)
    #expect(weakSink == nil, "the subject kept the sink after its token was released")
  }

  @Test("completion releases the closure while the token lives on; later values are not delivered")
  func completionReleasesTheClosure() {
    weak var weakCaptured: Captured?
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let token: AnyCancellable
    do {
      let captured = Captured()
      weakCaptured = captured
      token = subject.sink { value in withExtendedLifetime(captured) { received.append(value) } }
    }
    subject.send(1)
    subject.send(completion: .finished)
    subject.send(2)
    #expect(received == [1])
    #expect(weakCaptured == nil, "the completed sink kept its closure")
    #expect(subject.core.subscriberCount == 0)
    token.cancel()

    // Straight to the sink: the end releases the subscription, and cancels nothing.
    let subscription = ValueSinkProbeSubscription()
    let sink = ValueSink<Int> { _ in }
    sink.receive(subscription: subscription)
    sink.receive(completion: .finished)
    sink.cancel()
    #expect(subscription.cancels == 0)
  }

  @Test("a cancel from inside the value closure stops later values and releases the closure")
  func cancelFromInsideTheClosure() {
    weak var weakCaptured: Captured?
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let box = ValueSinkTokenBox()
    do {
      let captured = Captured()
      weakCaptured = captured
      box.token = subject.sink { value in
        withExtendedLifetime(captured) {}
        received.append(value)
        box.token?.cancel()
      }
    }
    subject.send(1)
    subject.send(2)
    #expect(received == [1])
    #expect(weakCaptured == nil)
    #expect(subject.core.subscriberCount == 0)
    box.token = nil
  }

  @Test("cancels a second subscription, and any subscription after the end")
  func cancelsSecondSubscription() {
    let first = ValueSinkProbeSubscription()
    let second = ValueSinkProbeSubscription()
    let third = ValueSinkProbeSubscription()
    let sink = ValueSink<Int> { _ in }
    sink.receive(subscription: first)
    sink.receive(subscription: second)
    sink.receive(completion: .finished)
    sink.receive(subscription: third)
    #expect(first.cancels == 0)
    #expect(second.cancels == 1)
    #expect(second.requests.isEmpty)
    #expect(third.cancels == 1)
    #expect(third.requests.isEmpty)
  }

  @Test("a cancel on another thread during a delivery releases the closure when that delivery returns")
  func cancelDuringDeliveryReleasesAfterIt() {
    weak var weakCaptured: Captured?
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let delivered = DispatchSemaphore(value: 0)
    let subject = PassthroughSubject<Int, Never>()
    let sink: ValueSink<Int>
    do {
      let captured = Captured()
      weakCaptured = captured
      sink = ValueSink { _ in
        withExtendedLifetime(captured) {}
        entered.signal()
        proceed.wait()
      }
    }
    subject.subscribe(sink)
    Thread {
      subject.send(1)
      delivered.signal()
    }.start()
    entered.wait()
    sink.cancel()
    #expect(sink.receiveValue.body != nil, "the cancel released the closure while a delivery was running it")
    proceed.signal()
    delivered.wait()
    #expect(weakCaptured == nil)
    withExtendedLifetime(sink) {}
  }

  @Test("values and cancels racing on several threads: nothing after the cancel, closure released")
  func racingCancels() {
    for _ in 0..<200 {
      weak var weakCaptured: Captured?
      let subject = PassthroughSubject<Int, Never>()
      let counter = ValueSinkCounter()
      let token: AnyCancellable
      do {
        let captured = Captured()
        weakCaptured = captured
        token = subject.sink { _ in
          withExtendedLifetime(captured) {}
          counter.increment()
        }
      }
      raceCancel({ token.cancel() }, againstSends: { subject.send($0) })
      let afterCancel = counter.value
      subject.send(-1)
      #expect(counter.value == afterCancel)
      #expect(weakCaptured == nil)
      #expect(subject.core.subscriberCount == 0)
    }
  }
}

private final class ValueSinkTokenBox: @unchecked Sendable {
  var token: AnyCancellable?
}

private final class ValueSinkCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// A subscription that records the demand it is asked for and how often it is cancelled.
private final class ValueSinkProbeSubscription: Subscription, @unchecked Sendable {
  private let lock = NSLock()
  private var storedRequests: [Subscribers.Demand] = []
  private var storedCancels = 0
  var requests: [Subscribers.Demand] { lock.withLock { storedRequests } }
  var cancels: Int { lock.withLock { storedCancels } }
  func request(_ demand: Subscribers.Demand) { lock.withLock { storedRequests.append(demand) } }
  func cancel() { lock.withLock { storedCancels += 1 } }
}
