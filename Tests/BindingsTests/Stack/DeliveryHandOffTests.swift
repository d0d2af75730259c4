import Dispatch
import Foundation
import Testing

@testable import Bindings

/// An object the value closures capture, to see when a closure is released.
private final class Captured: @unchecked Sendable {
  var touches = 0
}

/// Two deliveries inside a closure at once, against the rule that deliveries to one subscriber never
/// overlap, and a cancel while both run: the closure must outlive the later of the two. Under
/// ThreadSanitizer or AddressSanitizer an early release is also a use after free.
private struct OverlappingDeliveries {
  let firstInside = DispatchSemaphore(value: 0)
  let secondInside = DispatchSemaphore(value: 0)
  let releaseFirst = DispatchSemaphore(value: 0)
  let releaseSecond = DispatchSemaphore(value: 0)

  /// The body of the value closure: value 1 waits for `releaseFirst`, value 2 for `releaseSecond`;
  /// each then touches the captured object.
  func body(_ value: Int, _ captured: Captured) {
    if value == 1 {
      firstInside.signal()
      releaseFirst.wait()
    } else {
      secondInside.signal()
      releaseSecond.wait()
    }
    captured.touches += 1
  }

  /// Delivers 1 and 2 on two threads, cancels while both are inside the closure, lets the first
  /// return, and checks that the closure is still held until the second returns.
  func run(
    deliver: @escaping @Sendable (Int) -> Void, cancel: () -> Void, holdsClosure: () -> Bool,
    capturedIsAlive: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let group = DispatchGroup()
    let first = DispatchGroup()
    first.enter()
    DispatchQueue.global().async(group: group) {
      deliver(1)
      first.leave()
    }
    #expect(firstInside.wait(timeout: .now() + 10) == .success, sourceLocation: sourceLocation)
    DispatchQueue.global().async(group: group) { deliver(2) }
    #expect(secondInside.wait(timeout: .now() + 10) == .success, sourceLocation: sourceLocation)

    cancel()
    // In a debug build a running call holds a reference of its own to the closure's context, so the
    // captured object alone would not show an early release: the subscriber must still hold the closure.
    #expect(holdsClosure(), "the cancel released the closure while two calls ran it", sourceLocation: sourceLocation)
    releaseFirst.signal()
    #expect(first.wait(timeout: .now() + 10) == .success, sourceLocation: sourceLocation)
    #expect(
      holdsClosure(), "the closure was released while a call was still running it", sourceLocation: sourceLocation)
    releaseSecond.signal()
    #expect(group.wait(timeout: .now() + 10) == .success, sourceLocation: sourceLocation)
    #expect(!holdsClosure(), "the closure outlived the last call", sourceLocation: sourceLocation)
    #expect(!capturedIsAlive(), "what the closure captured outlived the last call", sourceLocation: sourceLocation)
  }
}

/// ``DeliveryHandOff``, the hand-off ``Subscribers/Sink`` and ``BindingSink`` share, when an upstream
/// breaks the serial rule on purpose.
@Suite("DeliveryHandOff: overlapping deliveries", .releasesEveryObject)
struct DeliveryHandOffTests {
  @Test("Sink: a cancel during overlapping deliveries never frees the closure while one of them runs it")
  func sinkWithOverlappingDeliveries() {
    let script = OverlappingDeliveries()
    weak var weakCaptured: Captured?
    let sink: Subscribers.Sink<Int, Never>
    do {
      let captured = Captured()
      weakCaptured = captured
      sink = Subscribers.Sink(receiveCompletion: { _ in }) { value in script.body(value, captured) }
    }
    script.run(
      deliver: { _ = sink.receive($0) }, cancel: { sink.cancel() },
      holdsClosure: { sink.receiveValue.body != nil }, capturedIsAlive: { weakCaptured != nil })
  }

  @Test("BindingSink: a cancel during overlapping deliveries never frees the closure while one of them runs it")
  func bindingSinkWithOverlappingDeliveries() {
    let script = OverlappingDeliveries()
    let owner = BindingTestLabel()
    weak var weakCaptured: Captured?
    let sink: BindingSink<BindingTestLabel, Int>
    do {
      let captured = Captured()
      weakCaptured = captured
      sink = BindingSink(owner: owner) { _, value in script.body(value, captured) }
    }
    script.run(
      deliver: { _ = sink.receive($0) }, cancel: { sink.cancel() },
      holdsClosure: { sink.receiveValue.body != nil }, capturedIsAlive: { weakCaptured != nil })
    withExtendedLifetime(owner) {}
  }

  @Test("a delivery that starts after the end calls nothing, and the closure is released once")
  func deliveryAfterTheEnd() {
    let handOff = DeliveryHandOff()
    var calls = 0
    var releases = 0
    let calledBeforeTheEnd = handOff.deliver {
      calls += 1
    } emptyClosure: {
      releases += 1
    }
    let ended = handOff.end { releases += 1 }
    let endedAgain = handOff.end { releases += 1 }
    let calledAfterTheEnd = handOff.deliver {
      calls += 1
    } emptyClosure: {
      releases += 1
    }
    let hasEnded = handOff.hasEnded
    #expect(calledBeforeTheEnd)
    #expect(ended)
    #expect(!endedAgain, "ended twice")
    #expect(!calledAfterTheEnd)
    #expect(calls == 1)
    #expect(releases == 1)
    #expect(hasEnded)
  }
}
