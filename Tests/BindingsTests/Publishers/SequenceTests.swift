import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("Publishers.Sequence", .releasesEveryObject)
struct SequenceTests {
  @Test("emits every element in order, then finishes")
  func emitsEveryElement() {
    let recorder = RecordingSubscriber<Int, Never>()
    [1, 2, 3].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test("an empty sequence finishes at once, without demand")
  func emptyFinishesAtOnce() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    Publishers.Sequence<[Int], TestError>(sequence: []).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("max(2) gets exactly two elements, and more after requesting more")
  func honoursDemand() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    [1, 2, 3, 4].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    recorder.request(.max(5))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test("finishes right after the last element, without waiting for more demand")
  func finishesAfterLastElement() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    [1, 2].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("adds the demand each receive returns")
  func addsReturnedDemand() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    (1...4).publisher.subscribe(recorder)
    #expect(recorder.values == [1, 2, 3, 4])
    #expect(recorder.completion == .finished)
  }

  @Test("iterates lazily, one element ahead of demand")
  func iteratesLazily() {
    let pulled = PullCounter()
    let naturals = Swift.sequence(state: 0) { (count: inout Int) -> Int? in
      pulled.increment()
      count += 1
      return count
    }
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    naturals.publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(pulled.value == 3)
    recorder.cancel()
  }

  @Test("a request from inside receive is served in order, by iteration rather than recursion")
  func reentrantRequestDoesNotRecurse() {
    let count = 100_000
    let requester = LateRequester()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), onValue: { _ in requester.request() })
    requester.target = recorder
    (0..<count).publisher.subscribe(recorder)
    #expect(recorder.values == Array(0..<count))
    #expect(recorder.completion == .finished)
  }

  @Test("emits nothing after cancel")
  func nothingAfterCancel() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    let captured = CapturedSubscription()
    [1, 2, 3].publisher.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          captured.value = $0; recorder.receive(subscription: $0)
        },
        receiveValue: { recorder.receive($0) },
        receiveCompletion: { recorder.receive(completion: $0) }
      )
    )
    captured.value?.cancel()
    captured.value?.cancel()
    captured.value?.request(.unlimited)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test("a subscriber that cancels inside receive gets nothing more")
  func cancelInsideReceive() {
    let canceller = LateCanceller()
    let recorder = RecordingSubscriber<Int, Never>(onValue: { value in if value == 2 { canceller.cancel() } })
    canceller.target = recorder
    [1, 2, 3].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test("each subscriber iterates the sequence afresh")
  func eachSubscriberIteratesAfresh() {
    let publisher = [1, 2].publisher
    let first = RecordingSubscriber<Int, Never>()
    let second = RecordingSubscriber<Int, Never>()
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(first.values == [1, 2])
    #expect(second.values == [1, 2])
  }

  @Test("requests from many threads deliver every element once, in order")
  func concurrentRequests() {
    let count = 1_000
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    (0..<count).publisher.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: count) { _ in
      recorder.request(.max(1))
    }
    #expect(recorder.values == Array(0..<count))
    #expect(recorder.completion == .finished)
  }

  @Test("is equatable by its sequence")
  func equatable() {
    #expect([1, 2].publisher == [1, 2].publisher)
    #expect([1, 2].publisher != [2, 1].publisher)
    #expect([1, 2].publisher.sequence == [1, 2])
  }

  @Test("lifetime: subscriber and subscription are released")
  func lifetime() {
    expectSourceLifetimeForEveryEnding { [1, 2, 3].publisher }
  }

  private final class PullCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
  }

  /// Lets a recorder's own closure ask it for one more value.
  private final class LateRequester: @unchecked Sendable {
    weak var target: RecordingSubscriber<Int, Never>?
    func request() { target?.request(.max(1)) }
  }

  @Test("cancel releases the iterator, and what it captured, at once")
  func cancelReleasesTheIterator() {
    final class Captured {}
    weak var released: Captured?
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    do {
      let captured = Captured()
      released = captured
      (0..<10).lazy.map { value in withExtendedLifetime(captured) { value } }.publisher.subscribe(recorder)
    }
    #expect(recorder.values == [0])
    #expect(released != nil)
    // The recorder keeps its subscription; cancelling it must still let go of the iterator.
    recorder.subscription?.cancel()
    #expect(released == nil)
    recorder.cancel()
  }
}
