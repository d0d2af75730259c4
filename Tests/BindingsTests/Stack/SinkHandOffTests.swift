import Dispatch
import Foundation
import Testing

@testable import Bindings

/// The sink hands values to its closure with no lock; a cancel or a completion that comes while a
/// delivery runs leaves the closure's release to that delivery.
@Suite("Sink: lock-free hand-over of values", .releasesEveryObject)
struct SinkHandOffTests {
  final class Captured: @unchecked Sendable {}

  @Test("a cancel on another thread during a delivery releases the closure when that delivery returns")
  func cancelDuringDeliveryReleasesAfterIt() {
    weak var weakCaptured: Captured?
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let delivered = DispatchSemaphore(value: 0)
    let subject = PassthroughSubject<Int, Never>()
    let sink: Subscribers.Sink<Int, Never>
    do {
      let captured = Captured()
      weakCaptured = captured
      sink = Subscribers.Sink(receiveCompletion: { _ in }) { _ in
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
    // The running delivery calls the closure in place: the sink must not let go of it yet. (In a
    // debug build the call also holds a reference of its own, so a weak reference would not show it.)
    #expect(sink.receiveValue.body != nil, "the cancel released the closure while a delivery was running it")
    proceed.signal()
    delivered.wait()
    // The sink itself is still alive here: only the hand-over can have released the closure.
    #expect(weakCaptured == nil)
    withExtendedLifetime(sink) {}
  }

  @Test("a cancel from inside the value closure stops later values and releases the closure")
  func cancelFromInsideTheClosure() {
    weak var weakCaptured: Captured?
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let box = HandOffSinkBox()
    do {
      let captured = Captured()
      weakCaptured = captured
      box.sink = Subscribers.Sink(receiveCompletion: { _ in }) { value in
        withExtendedLifetime(captured) {}
        received.append(value)
        box.sink?.cancel()
      }
    }
    subject.subscribe(box.sink!)
    subject.send(1)
    subject.send(2)
    #expect(received == [1])
    #expect(weakCaptured == nil)
  }

  @Test("values and cancels racing on several threads: nothing after the cancel's delivery, closure released once")
  func racingCancels() {
    for _ in 0..<200 {
      weak var weakCaptured: Captured?
      let subject = PassthroughSubject<Int, Never>()
      let counter = HandOffCounter()
      let sink: Subscribers.Sink<Int, Never>
      do {
        let captured = Captured()
        weakCaptured = captured
        sink = Subscribers.Sink(receiveCompletion: { _ in }) { _ in
          withExtendedLifetime(captured) {}
          counter.increment()
        }
      }
      subject.subscribe(sink)
      raceCancel({ sink.cancel() }, againstSends: { subject.send($0) })
      let afterCancel = counter.value
      subject.send(-1)
      #expect(counter.value == afterCancel)
      #expect(weakCaptured == nil)
    }
  }
}

private final class HandOffSinkBox: @unchecked Sendable {
  var sink: Subscribers.Sink<Int, Never>?
}

private final class HandOffCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
