import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("zip", .releasesEveryObject)
struct ZipTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("pairs values in order, once both have arrived")
  func pairsInOrder() {
    let a = Source()
    let b = Source()
    let recorder = RecordingSubscriber<(Int, Int), TestError>()
    a.zip(b).subscribe(recorder)
    a.send(1)
    a.send(2)
    b.send(10)
    a.send(3)
    b.send(20)
    b.send(30)
    #expect(
      recorder.events.map(\.description) == ["subscription", "value((1, 10))", "value((2, 20))", "value((3, 30))"])
    recorder.cancel()
  }

  @Test("three and four upstreams, with and without transform")
  func threeAndFour() {
    let s = (0..<4).map { _ in Source() }
    let pair = RecordingSubscriber<Int, TestError>()
    let three = RecordingSubscriber<(Int, Int, Int), TestError>()
    let threeSum = RecordingSubscriber<Int, TestError>()
    let four = RecordingSubscriber<(Int, Int, Int, Int), TestError>()
    let fourSum = RecordingSubscriber<Int, TestError>()
    s[0].zip(s[1]) { $0 * $1 }.subscribe(pair)
    s[0].zip(s[1], s[2]).subscribe(three)
    s[0].zip(s[1], s[2]) { $0 + $1 + $2 }.subscribe(threeSum)
    s[0].zip(s[1], s[2], s[3]).subscribe(four)
    s[0].zip(s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }.subscribe(fourSum)
    for (index, subject) in s.enumerated() { subject.send(index + 1) }
    #expect(pair.values == [2])
    #expect(three.events.map(\.description) == ["subscription", "value((1, 2, 3))"])
    #expect(threeSum.values == [6])
    #expect(four.events.map(\.description) == ["subscription", "value((1, 2, 3, 4))"])
    #expect(fourSum.values == [10])
    pair.cancel()
    three.cancel()
    threeSum.cancel()
    four.cancel()
    fourSum.cancel()
  }

  @Test("finishes when an upstream finished with nothing left to pair, cancelling the others")
  func finishes() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.zip(b, +).subscribe(recorder)
    a.send(1)
    a.send(2)
    a.send(completion: .finished)
    b.send(10)
    #expect(recorder.events == [.subscription, .value(11)])
    b.send(20)
    #expect(recorder.events == [.subscription, .value(11), .value(22), .completion(.finished)])
    #expect([a.cancelCount, b.cancelCount] as [Int] == [0, 1])
  }

  @Test("fails at once on the first failure and cancels the other upstreams")
  func failsAtOnce() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.zip(b, +).subscribe(recorder)
    a.send(1)
    b.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    #expect([a.cancelCount, b.cancelCount] as [Int] == [1, 0])
  }

  @Test("downstream demand reaches every upstream; tuples wait for demand")
  func honoursDemand() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
    a.zip(b, +).subscribe(recorder)
    #expect(a.requests == [Subscribers.Demand.max(1)] && b.requests == a.requests)
    a.send(1)
    a.send(2)
    b.send(10)
    b.send(20)
    #expect(recorder.events == [.subscription, .value(11)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(11), .value(22)])
    #expect(a.requests == [Subscribers.Demand.max(1), .max(1)] && b.requests == a.requests)
    recorder.cancel()
  }

  @Test("cancel reaches every upstream exactly once, and nothing is delivered after it")
  func cancelPropagatesOnce() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.zip(b, +).subscribe(recorder)
    a.send(1)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    b.send(1)
    #expect(recorder.events == [.subscription])
    #expect([a.cancelCount, b.cancelCount] as [Int] == [1, 1])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.zip($0) }
    expectLifecycleForEveryEnding { $0.zip($0, $0, $0) { $0 + $1 + $2 + $3 } }
  }

  @Test("every upstream subject is released after cancel, finish or failure")
  func releasesEveryUpstream() {
    expectEveryUpstreamReleased(send: { $0[0].send(2) }, finish: { $0[2].send(completion: .finished) }) { subjects in
      subjects[0].zip(subjects[1], subjects[2]) { $0 + $1 + $2 }
    }
  }

  @Test("concurrent sends: every pair arrives exactly once, in order, without overlap")
  func concurrentSends() {
    let a = Source()
    let b = Source()
    let detector = CombiningOverlapDetector()
    let recorder = detector.recorder()
    a.zip(b) { $0 * 10_000 + $1 }.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for step in 0..<2000 { (thread == 0 ? a : b).send(step) }
    }
    #expect(recorder.values == (0..<2000).map { $0 * 10_000 + $0 })
    #expect(!detector.didOverlap)
    recorder.cancel()
  }
}
