import Bindings
import BindingsTesting
import Dispatch
import Foundation
import Synchronization
import Testing

// `AnyPublisher.producer`, written as RxSwift's `Observable.create`, ReactiveKit's `Signal { observer in … }`
// and Bond v4's `create` are written.

/// Counts how often a cleanup ran, from any thread.
private final class CleanupCounter: Sendable {
  private let count = Atomic(0)
  var value: Int { count.load(ordering: .sequentiallyConsistent) }
  func increment() { count.add(1, ordering: .sequentiallyConsistent) }
}

private final class StatusLabel: BindingOwner {
  let bindings = BindingBag()
  var text: String?
}

@Suite("Migration: AnyPublisher.producer", .releasesEveryObject)
struct ProducerMigrationTests {
  @Test("RxSwift's shape: send values and a completion, return the cleanup; the cleanup runs once")
  func rxShape() {
    let cleanups = CleanupCounter()
    let numbers = AnyPublisher<Int, Never>.producer { subscriber in
      subscriber.send(1)
      subscriber.send(2)
      subscriber.send(completion: .finished)
      return AnyCancellable { cleanups.increment() }
    }
    let recorder = RecordingSubscriber<Int, Never>()
    numbers.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(cleanups.value == 1)
    recorder.cancel()
    #expect(cleanups.value == 1)
  }

  @Test("ReactiveKit's shape: a closure returned as the cleanup runs once on cancel, and later sends are ignored")
  func closureCleanupOnCancel() {
    let cleanups = CleanupCounter()
    let sender = TestBox<Publishers.Producer<String, Never>.Sender?>(nil)
    let messages = AnyPublisher<String, Never>.producer { subscriber in
      sender.withLock { $0 = subscriber }
      subscriber.send("hello")
      return { cleanups.increment() }
    }
    let recorder = RecordingSubscriber<String, Never>()
    messages.subscribe(recorder)
    #expect(recorder.values == ["hello"])
    #expect(cleanups.value == 0)

    recorder.cancel()
    recorder.cancel()
    #expect(cleanups.value == 1)
    let kept = sender.withLock { $0 }
    #expect(kept?.isCancelled == true)
    kept?.send("after cancel")
    kept?.send(completion: .finished)
    #expect(recorder.values == ["hello"])
    #expect(recorder.completion == nil)
    #expect(cleanups.value == 1)
    sender.withLock { $0 = nil }
  }

  @Test("each subscriber runs the body once, with its own cleanup")
  func bodyPerSubscriber() {
    let runs = CleanupCounter()
    let cleanups = CleanupCounter()
    let publisher = AnyPublisher<Int, Never>.producer { subscriber in
      runs.increment()
      subscriber.send(runs.value)
      return { cleanups.increment() }
    }
    let first = publisher.sink { _ in }
    let second = publisher.sink { _ in }
    #expect(runs.value == 2)
    first.cancel()
    #expect(cleanups.value == 1)
    second.cancel()
    #expect(cleanups.value == 2)
  }

  @Test(
    "values beyond the demand are buffered in order and delivered as demand arrives; the completion comes after them")
  func demandBuffering() {
    let cleanups = CleanupCounter()
    let publisher = AnyPublisher<Int, Never>.producer { subscriber in
      for value in 1...4 { subscriber.send(value) }
      subscriber.send(completion: .finished)
      return { cleanups.increment() }
    }
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(cleanups.value == 1, "the body has finished: its cleanup runs although values still wait")

    recorder.request(.max(2))
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.completion == nil)

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
    #expect(cleanups.value == 1)
  }

  @Test("a failure is delivered, after the buffered values, and ends the subscription")
  func failure() {
    struct Offline: Error, Equatable {}
    let publisher = AnyPublisher<Int, Offline>.producer { subscriber in
      subscriber.send(1)
      subscriber.send(completion: .failure(Offline()))
      subscriber.send(2)
      return AnyCancellable {}
    }
    let recorder = RecordingSubscriber<Int, Offline>()
    publisher.subscribe(recorder)
    #expect(recorder.values == [1])
    #expect(recorder.completion == .failure(Offline()))
  }

  @Test("a subscriber that cancels while receiving its subscription never runs the body")
  func cancelBeforeBody() {
    let runs = CleanupCounter()
    let publisher = AnyPublisher<Int, Never>.producer { _ in
      runs.increment()
      return {}
    }
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    publisher.handleEvents(receiveSubscription: { $0.cancel() }).subscribe(recorder)
    #expect(runs.value == 0)
    recorder.cancel()
  }

  @Test("a cleanup returned after a cancel that came while the body ran runs at once, once")
  func cancelDuringBody() {
    let cleanups = CleanupCounter()
    let publisher = AnyPublisher<Int, Never>.producer { subscriber in
      subscriber.send(1)
      #expect(subscriber.isCancelled)
      return { cleanups.increment() }
    }
    var recorder: RecordingSubscriber<Int, Never>!
    recorder = RecordingSubscriber(onValue: { _ in recorder.cancel() })
    publisher.subscribe(recorder)
    #expect(recorder.values == [1])
    #expect(cleanups.value == 1)
    recorder.cancel()
    #expect(cleanups.value == 1)
    recorder = nil
  }

  @Test("a created publisher binds like any other source")
  func binds() {
    let label = StatusLabel()
    label.reactive.text
      <~ AnyPublisher<String, Never>.producer { subscriber in
        subscriber.send("online")
        return {}
      }
    #expect(label.text == "online")
  }

  @Test("values sent from several threads all arrive, each thread's in order, with no overlapping delivery")
  func concurrentSends() {
    let senders = 4
    let perSender = 2000
    let cleanups = CleanupCounter()
    let received = TestBox<[[Int]]>(Array(repeating: [], count: senders))
    let delivering = DeliveryFlag()
    let overlaps = CleanupCounter()
    let publisher = AnyPublisher<Int, Never>.producer { subscriber in
      DispatchQueue.concurrentPerform(iterations: senders) { sender in
        for index in 0..<perSender { subscriber.send(sender * perSender + index) }
      }
      subscriber.send(completion: .finished)
      return { cleanups.increment() }
    }
    let token = publisher.sink { value in
      if delivering.enter() { overlaps.increment() }
      received.withLock { $0[value / perSender].append(value % perSender) }
      delivering.leave()
    }
    #expect(overlaps.value == 0)
    #expect(received.withLock { $0 } == Array(repeating: Array(0..<perSender), count: senders))
    #expect(cleanups.value == 1)
    token.cancel()
  }

  @Test("a cancel racing the body's completion runs the cleanup exactly once")
  func cancelRacingCompletion() {
    for _ in 0..<200 {
      let cleanups = CleanupCounter()
      let sender = TestBox<Publishers.Producer<Int, Never>.Sender?>(nil)
      let publisher = AnyPublisher<Int, Never>.producer { subscriber in
        sender.withLock { $0 = subscriber }
        return { cleanups.increment() }
      }
      let recorder = RecordingSubscriber<Int, Never>()
      publisher.subscribe(recorder)
      let kept = sender.withLock { $0.take() }!
      DispatchQueue.concurrentPerform(iterations: 2) { side in
        if side == 0 {
          kept.send(1)
          kept.send(completion: .finished)
        } else {
          recorder.cancel()
        }
      }
      #expect(cleanups.value == 1)
    }
  }
}

/// A value behind a lock ThreadSanitizer sees, for the tests' own bookkeeping.
private final class TestBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&value) }
  }
}

/// A flag set by one delivery and cleared when it returns, to see deliveries that overlap.
private final class DeliveryFlag: Sendable {
  private let flag = Atomic(false)
  func enter() -> Bool { flag.exchange(true, ordering: .acquiringAndReleasing) }
  func leave() { flag.store(false, ordering: .releasing) }
}
