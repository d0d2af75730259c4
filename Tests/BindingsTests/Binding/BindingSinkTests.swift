import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("BindingSink", .releasesEveryObject)
struct BindingSinkTests {
  @Test("delivers each value with its owner, and requests an unlimited number")
  func delivers() {
    let label = BindingTestLabel()
    let probe = UpstreamProbe<String, Never>()
    probe.subscribe(BindingSink(owner: label) { label, text in label.text = text })
    probe.send("Ada")
    #expect(label.text == "Ada")
    #expect(probe.requests == [.unlimited])
    #expect(probe.returnedDemands == [.none])
  }

  @Test("does not retain its owner")
  func weakOwner() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakOwner: BindingTestLabel?
    do {
      let owner = BindingTestLabel()
      weakOwner = owner
      subject.subscribe(BindingSink(owner: owner) { owner, value in owner.count = value })
    }
    #expect(weakOwner == nil)
    subject.send(completion: .finished)
  }

  @Test("cancels its upstream exactly once when a value arrives after the owner is gone, and delivers nothing")
  func cancelsWhenOwnerIsGone() {
    let probe = UpstreamProbe<Int, Never>()
    var delivered: [Int] = []
    do {
      let owner = BindingTestLabel()
      probe.subscribe(BindingSink(owner: owner) { _, value in delivered.append(value) })
      probe.send(1)
    }
    probe.send(2)
    probe.send(3)
    #expect(delivered == [1])
    #expect(probe.cancelCount == 1)
  }

  @Test("refuses a subscription when its owner is already gone")
  func ownerGoneBeforeSubscription() {
    let probe = UpstreamProbe<Int, Never>()
    var sink: BindingSink<BindingTestLabel, Int>?
    do {
      let owner = BindingTestLabel()
      sink = BindingSink(owner: owner) { _, _ in }
    }
    probe.subscribe(sink!)
    #expect(probe.cancelCount == 1)
    #expect(probe.requests == [])
  }

  @Test("cancel is idempotent, propagates once, and stops delivery")
  func cancel() {
    let probe = UpstreamProbe<Int, Never>()
    let owner = BindingTestLabel()
    let sink = BindingSink(owner: owner) { owner, value in owner.count = value }
    probe.subscribe(sink)
    sink.cancel()
    sink.cancel()
    probe.send(4)
    #expect(probe.cancelCount == 1)
    #expect(owner.count == 0)
  }

  @Test("a second subscription is cancelled")
  func secondSubscription() {
    let first = UpstreamProbe<Int, Never>()
    let second = UpstreamProbe<Int, Never>()
    let owner = BindingTestLabel()
    let sink = BindingSink<BindingTestLabel, Int>(owner: owner) { _, _ in }
    first.subscribe(sink)
    second.subscribe(sink)
    #expect(second.cancelCount == 1)
    #expect(first.cancelCount == 0)
  }

  @Test("nothing is delivered after completion")
  func nothingAfterCompletion() {
    let probe = UpstreamProbe<Int, Never>()
    let owner = BindingTestLabel()
    probe.subscribe(BindingSink(owner: owner) { owner, value in owner.count = value })
    probe.send(1)
    probe.send(completion: .finished)
    probe.send(2)
    #expect(owner.count == 1)
  }

  @Test("a Void sink receives just the owner")
  func voidInput() {
    let taps = PassthroughSubject<Void, Never>()
    let owner = BindingTestLabel()
    taps.subscribe(BindingSink(owner: owner) { owner in owner.count += 1 })
    taps.send()
    taps.send()
    #expect(owner.count == 2)
    taps.send(completion: .finished)
  }

  @Test("a Never sink keeps a subscription alive and releases it on completion")
  func neverInput() {
    let subject = PassthroughSubject<Never, Never>()
    let owner = BindingTestLabel()
    let sink = BindingSink<BindingTestLabel, Never>(owner: owner)
    subject.subscribe(sink)
    #expect(subject.core.subscriberCount == 1)
    subject.send(completion: .finished)
    #expect(subject.core.subscriberCount == 0)
  }

  @Test("sink, subscription and source are released after cancel, completion or the owner's death")
  func lifecycle() {
    for ending in ["cancel", "finish", "owner"] {
      weak var weakSubject: PassthroughSubject<Int, Never>?
      weak var weakSink: BindingSink<BindingTestLabel, Int>?
      var owner: BindingTestLabel? = BindingTestLabel()
      do {
        let subject = PassthroughSubject<Int, Never>()
        let probe = BindingLifetimeProbe()
        weakSubject = subject
        let sink = BindingSink(owner: owner!) { owner, value in owner.count = value }
        weakSink = sink
        subject.probed(probe, "subject").subscribe(sink)
        subject.send(1)
        switch ending {
        case "cancel": sink.cancel()
        case "finish": subject.send(completion: .finished)
        default:
          owner = nil
          subject.send(2)
        }
        #expect(subject.core.subscriberCount == 0, "\(ending)")
        #expect(probe.survivors.filter { $0 == "subscription above subject" } == [], "\(ending)")
      }
      #expect(weakSink == nil, "\(ending)")
      #expect(weakSubject == nil, "\(ending)")
    }
  }

  @Test("owner deallocated on one thread while another thread sends: no crash, no late delivery")
  func ownerDiesDuringSends() {
    for _ in 0..<100 {
      let subject = PassthroughSubject<Int, Never>()
      let deaths = BindingDeathLog()
      var owner: BindingDeathWatchedOwner? = BindingDeathWatchedOwner(log: deaths)
      subject.subscribe(BindingSink(owner: owner!) { owner, value in owner.receive(value) })
      let box = SendableBox(BindingOwnerSlot(owner))
      owner = nil
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          box.value.drop()
        } else {
          for value in 0..<100 { subject.send(value) }
        }
      }
      // This sink is in no bag, so it learns of the owner's death from the next value. The sends
      // above may all have come before the drop (they are fast): one more makes sure one comes after.
      subject.send(100)
      #expect(deaths.deliveriesAfterDeath == 0)
      #expect(subject.core.subscriberCount == 0)
    }
  }
}

final class BindingDeathLog: @unchecked Sendable {
  private let lock = NSLock()
  private var isDead = false
  private var late = 0

  func died() { lock.withLock { isDead = true } }
  func delivered() { lock.withLock { if isDead { late += 1 } } }
  var deliveriesAfterDeath: Int { lock.withLock { late } }
}

final class BindingDeathWatchedOwner: BindingOwner {
  let bindings = BindingBag()
  let log: BindingDeathLog

  init(log: BindingDeathLog) { self.log = log }
  deinit { log.died() }

  func receive(_ value: Int) { log.delivered() }
}

final class BindingOwnerSlot: @unchecked Sendable {
  private let lock = NSLock()
  private var owner: AnyObject?

  init(_ owner: AnyObject?) { self.owner = owner }

  func drop() {
    let released = lock.withLock {
      let taken = owner
      owner = nil
      return taken
    }
    _ = released
  }
}

/// Keeps a weak reference to an object a closure captured, to see when the closure is released.
private final class CapturedByClosure: @unchecked Sendable {}

@Suite("BindingSink hand-off", .releasesEveryObject)
struct BindingSinkHandOffTests {
  @Test("overlapping deliveries on a concurrent scheduler and a cancel: the closure is released after the last one")
  func overlappingDeliveriesAndCancel() {
    let subject = PassthroughSubject<Int, Never>()
    let owner = BindingTestLabel()
    let queue = DispatchQueue(label: "binding-sink-concurrent", attributes: .concurrent)
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let delivered = Recorded()
    weak var weakCaptured: CapturedByClosure?
    let sink: BindingSink<BindingTestLabel, Int>
    do {
      let captured = CapturedByClosure()
      weakCaptured = captured
      sink = BindingSink(owner: owner, scheduler: queue) { _, value in
        withExtendedLifetime(captured) {
          entered.signal()
          proceed.wait()
          delivered.append(value)
        }
        finished.signal()
      }
    }
    subject.subscribe(sink)
    subject.send(1)
    subject.send(2)
    // Both deliveries are inside the closure at once.
    #expect(entered.wait(timeout: .now() + 10) == .success)
    #expect(entered.wait(timeout: .now() + 10) == .success)

    sink.cancel()
    subject.send(3)
    #expect(weakCaptured != nil, "the closure was released while deliveries were running it")
    // In a debug build a running call holds a reference of its own to the closure, so the weak
    // reference alone would not show an early release: the sink must still hold the closure too.
    #expect(sink.receiveValue.body != nil, "the sink let go of the closure while deliveries were running it")
    proceed.signal()
    #expect(finished.wait(timeout: .now() + 10) == .success)
    #expect(weakCaptured != nil, "the closure was released while a delivery was still running it")
    #expect(sink.receiveValue.body != nil, "the sink let go of the closure while a delivery was running it")
    proceed.signal()
    #expect(finished.wait(timeout: .now() + 10) == .success)

    // The last delivery releases the closure as it returns.
    let deadline = Date().addingTimeInterval(10)
    while weakCaptured != nil, Date() < deadline { usleep(1000) }
    #expect(weakCaptured == nil, "the closure outlived the last delivery")
    #expect(delivered.values.sorted() == [1, 2])
    queue.sync(flags: .barrier) {}
  }

  @Test("values racing a cancel on several threads: the closure is released exactly once, and not while it runs")
  func racingCancel() {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let owner = BindingTestLabel()
      let releases = Counter()
      let callsAfterRelease = Counter()
      let sink: BindingSink<BindingTestLabel, Int>
      do {
        let guardian = ReleaseCounter { releases.increment() }
        sink = BindingSink(owner: owner) { _, _ in
          withExtendedLifetime(guardian) {
            if releases.value != 0 { callsAfterRelease.increment() }
          }
        }
      }
      subject.subscribe(sink)
      raceCancel({ sink.cancel() }, againstSends: { subject.send($0) })
      #expect(releases.value == 1)
      #expect(callsAfterRelease.value == 0, "the closure ran after it was released")
    }
  }
}

/// Values recorded from several threads.
private final class Recorded: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Int] = []
  var values: [Int] { lock.withLock { stored } }
  func append(_ value: Int) { lock.withLock { stored.append(value) } }
}

/// Runs `onRelease` when deinitialized.
private final class ReleaseCounter: @unchecked Sendable {
  private let onRelease: @Sendable () -> Void
  init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
  deinit { onRelease() }
}
