import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("combineLatest", .releasesEveryObject)
struct CombineLatestTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("publishes the latest pair once both upstreams have a value")
  func publishesLatestPairs() {
    let left = Source()
    let right = Source()
    let recorder = RecordingSubscriber<(Int, Int), TestError>()
    left.combineLatest(right).subscribe(recorder)
    left.send(1)
    left.send(2)
    right.send(2)
    left.send(3)
    left.send(45)
    right.send(22)
    #expect(
      recorder.events.map(\.description) == [
        "subscription", "value((2, 2))", "value((3, 2))", "value((45, 2))", "value((45, 22))",
      ])
    recorder.cancel()
  }

  @Test("a transform is applied to each combination")
  func transformsCombinations() {
    let left = Source()
    let right = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    left.combineLatest(right) { $0 * $1 }.subscribe(recorder)
    left.send(2)
    right.send(3)
    left.send(4)
    #expect(recorder.events == [.subscription, .value(6), .value(12)])
    recorder.cancel()
  }

  @Test("three and four upstreams, with and without transform")
  func threeAndFourUpstreams() {
    let a = Source()
    let b = Source()
    let c = Source()
    let d = Source()
    let three = RecordingSubscriber<(Int, Int, Int), TestError>()
    let four = RecordingSubscriber<(Int, Int, Int, Int), TestError>()
    let threeSum = RecordingSubscriber<Int, TestError>()
    let fourSum = RecordingSubscriber<Int, TestError>()
    a.combineLatest(b, c).subscribe(three)
    a.combineLatest(b, c, d).subscribe(four)
    a.combineLatest(b, c) { $0 + $1 + $2 }.subscribe(threeSum)
    a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 }.subscribe(fourSum)
    a.send(1)
    b.send(2)
    c.send(3)
    d.send(4)
    a.send(10)
    #expect(three.events.map(\.description) == ["subscription", "value((1, 2, 3))", "value((10, 2, 3))"])
    #expect(four.events.map(\.description) == ["subscription", "value((1, 2, 3, 4))", "value((10, 2, 3, 4))"])
    #expect(threeSum.events == [.subscription, .value(6), .value(15)])
    #expect(fourSum.events == [.subscription, .value(10), .value(19)])
    three.cancel()
    four.cancel()
    threeSum.cancel()
    fourSum.cancel()
  }

  @Test("finishes only when every upstream has finished")
  func finishesWhenAllFinish() {
    let left = Source()
    let right = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    left.combineLatest(right, +).subscribe(recorder)
    left.send(1)
    right.send(2)
    left.send(completion: .finished)
    right.send(3)
    right.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(3), .value(4), .completion(.finished)])
  }

  @Test("finishes even when an upstream never published")
  func finishesWithoutValues() {
    let left = Source()
    let right = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    left.combineLatest(right, +).subscribe(recorder)
    left.send(1)
    left.send(completion: .finished)
    right.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("fails at once on the first failure and cancels the other upstreams")
  func failsAtOnce() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let c = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.combineLatest(b, c) { $0 + $1 + $2 }.subscribe(recorder)
    a.send(1)
    b.send(completion: .failure(.oops))
    a.send(2)
    c.send(3)
    c.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    #expect([a.cancelCount, b.cancelCount, c.cancelCount] as [Int] == [1, 0, 1])
  }

  @Test("downstream demand is requested from every upstream, and honoured")
  func honoursDemand() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    a.combineLatest(b, +).subscribe(recorder)
    #expect(a.requests == [Subscribers.Demand.max(2)] && b.requests == a.requests)
    a.send(1)
    b.send(10)
    a.send(2)
    a.send(3)
    recorder.request(.max(1))
    b.send(20)
    b.send(30)
    #expect(recorder.events == [.subscription, .value(11), .value(12), .value(23)])
    #expect(a.requests == [Subscribers.Demand.max(2), .max(1)] && b.requests == a.requests)
    recorder.cancel()
  }

  @Test("demand returned by the downstream reaches the upstreams")
  func returnedDemandReachesUpstreams() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(1))
    a.combineLatest(b, +).subscribe(recorder)
    a.send(1)
    b.send(10)
    b.send(20)
    #expect(recorder.events == [.subscription, .value(11), .value(21)])
    #expect(a.requests == [Subscribers.Demand.max(1), .max(1), .max(1)])
    recorder.cancel()
  }

  @Test("cancel reaches every upstream exactly once, and nothing is delivered after it")
  func cancelPropagatesOnce() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let c = CombiningTestPublisher<Int, TestError>()
    let d = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 }.subscribe(recorder)
    a.send(1)
    b.send(1)
    c.send(1)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    d.send(1)
    d.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect([a.cancelCount, b.cancelCount, c.cancelCount, d.cancelCount] as [Int] == [1, 1, 1, 1])
  }

  @Test("cancelling from inside a delivery stops further deliveries")
  func cancelInsideDelivery() {
    let left = Source()
    let right = Source()
    var recorder: RecordingSubscriber<Int, TestError>!
    recorder = RecordingSubscriber<Int, TestError>(onValue: { _ in recorder.cancel() })
    left.combineLatest(right, +).subscribe(recorder)
    left.send(1)
    right.send(1)
    left.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(left.core.subscriberCount == 0 && right.core.subscriberCount == 0)
    recorder = nil
  }

  @Test("a re-entrant send is delivered after the current delivery, not nested in it")
  func reentrantSendIsQueued() {
    let left = Source()
    let right = Source()
    let detector = CombiningOverlapDetector()
    let recorder = RecordingSubscriber<Int, TestError>(onValue: { value in
      detector.enter()
      if value == 2 { left.send(5) }
      detector.leave()
    })
    left.combineLatest(right, +).subscribe(recorder)
    left.send(1)
    right.send(1)
    #expect(recorder.events == [.subscription, .value(2), .value(6)])
    #expect(!detector.didOverlap)
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.combineLatest($0) }
    expectLifecycleForEveryEnding { $0.combineLatest($0, $0) { $0 + $1 + $2 } }
    expectLifecycleForEveryEnding { Publishers.CombineLatestMany([$0, $0, $0]) }
  }

  @Test("every upstream subject is released after cancel, finish or failure")
  func releasesEveryUpstream() {
    expectEveryUpstreamReleased { subjects in
      subjects[0].combineLatest(subjects[1], subjects[2]) { $0 + $1 + $2 }
    }
  }

  @Test("concurrent sends: no crash, deliveries never overlap, the latest combination arrives")
  func concurrentSends() {
    let left = Source()
    let right = Source()
    let detector = CombiningOverlapDetector()
    let recorder = detector.recorder()
    left.combineLatest(right, +).subscribe(recorder)
    right.send(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<500 {
        if thread % 2 == 0 { left.send(step) } else { right.send(0) }
      }
    }
    left.send(1_000_000)
    #expect(!detector.didOverlap)
    #expect(recorder.values.last == 1_000_000)
    #expect(recorder.values.count <= 1 + 8 * 500 + 1)
    recorder.cancel()
  }

  @Test("CombineLatestMany combines an array of publishers into arrays")
  func combinesCollections() {
    let subjects = [Source(), Source(), Source()]
    let recorder = RecordingSubscriber<[Int], TestError>()
    Publishers.CombineLatestMany(subjects).subscribe(recorder)
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[2].send(3)
    subjects[1].send(20)
    for subject in subjects { subject.send(completion: .finished) }
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .value([1, 20, 3]), .completion(.finished)])
  }

  @Test("CombineLatestMany of an empty array finishes at once")
  func emptyCollectionFinishes() {
    let recorder = RecordingSubscriber<[Int], TestError>()
    Publishers.CombineLatestMany([Source]()).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("a value replaced by a newer one is released after the lock, so its deinit may send into the same operator")
  func replacedValueIsReleasedAfterTheLock() {
    final class Value: Sendable {
      let onRelease: @Sendable () -> Void
      init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
      deinit { onRelease() }
    }
    let left = PassthroughSubject<Value, Never>()
    let right = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    left.combineLatest(right) { _, number in number }.subscribe(recorder)
    // A deadlock here (the lock is not recursive) fails the test through the watchdog.
    runOnThreads(1, name: "send") { _ in
      left.send(Value { right.send(100) })
      left.send(Value {})
    }
    #expect(recorder.values == [100])
    recorder.cancel()
  }
}
