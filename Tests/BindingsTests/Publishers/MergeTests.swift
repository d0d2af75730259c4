import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("merge", .releasesEveryObject)
struct MergeTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("republishes values from every upstream as they arrive, finishing when all finish")
  func mergesValues() {
    let a = Source()
    let b = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    a.send(1)
    b.send(2)
    a.send(3)
    a.send(completion: .finished)
    b.send(4)
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test("merges three to eight publishers")
  func mergesUpToEight() {
    let s = (0..<8).map { _ in Source() }
    let recorders = (3...8).map { _ in RecordingSubscriber<Int, TestError>() }
    s[0].merge(with: s[1], s[2]).subscribe(recorders[0])
    s[0].merge(with: s[1], s[2], s[3]).subscribe(recorders[1])
    s[0].merge(with: s[1], s[2], s[3], s[4]).subscribe(recorders[2])
    s[0].merge(with: s[1], s[2], s[3], s[4], s[5]).subscribe(recorders[3])
    s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6]).subscribe(recorders[4])
    s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6], s[7]).subscribe(recorders[5])
    for (index, subject) in s.enumerated().reversed() { subject.send(index) }
    for subject in s { subject.send(completion: .finished) }
    #expect(recorders.map(\.values) == (3...8).map { Array((0..<$0).reversed()) })
    #expect(recorders.allSatisfy { $0.completion == .finished })
  }

  @Test("MergeMany merges a sequence of publishers, and merge(with:) adds one")
  func mergeMany() {
    let s = (0..<3).map { _ in Source() }
    let recorder = RecordingSubscriber<Int, TestError>()
    Publishers.MergeMany(s[0], s[1]).merge(with: s[2]).subscribe(recorder)
    s[2].send(2)
    s[0].send(0)
    for subject in s { subject.send(completion: .finished) }
    #expect(recorder.events == [.subscription, .value(2), .value(0), .completion(.finished)])
  }

  @Test("MergeMany with no publishers finishes at once")
  func emptyMergeMany() {
    let recorder = RecordingSubscriber<Int, TestError>()
    Publishers.MergeMany([Source]()).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("fails at once on the first failure and cancels the other upstreams")
  func failsAtOnce() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let c = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.merge(with: b, c).subscribe(recorder)
    a.send(1)
    b.send(completion: .failure(.oops))
    c.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
    #expect([a.cancelCount, b.cancelCount, c.cancelCount] as [Int] == [1, 0, 1])
  }

  @Test("limited demand: one value at a time per upstream, waiting values delivered on request")
  func honoursDemand() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
    a.merge(with: b).subscribe(recorder)
    #expect(a.requests == [Subscribers.Demand.max(1)] && b.requests == a.requests)
    a.send(1)
    b.send(2)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(a.requests == [Subscribers.Demand.max(1), .max(1)] && b.requests == [Subscribers.Demand.max(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(b.requests == [Subscribers.Demand.max(1), .max(1)])
    recorder.cancel()
  }

  @Test("unlimited demand is passed on to every upstream")
  func unlimitedDemand() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    #expect(a.requests == [Subscribers.Demand.unlimited] && b.requests == a.requests)
    recorder.cancel()
  }

  @Test("finishes only after the waiting values were delivered")
  func finishesAfterWaitingValues() {
    let a = Source()
    let b = Source()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    a.merge(with: b).subscribe(recorder)
    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(5))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("cancel reaches every upstream exactly once, and nothing is delivered after it")
  func cancelPropagatesOnce() {
    let a = CombiningTestPublisher<Int, TestError>()
    let b = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    a.send(1)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    b.send(2)
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect([a.cancelCount, b.cancelCount] as [Int] == [1, 1])
  }

  @Test("a re-entrant send is delivered after the current delivery, not nested in it")
  func reentrantSendIsQueued() {
    let a = Source()
    let b = Source()
    let detector = CombiningOverlapDetector()
    let recorder = RecordingSubscriber<Int, TestError>(onValue: { value in
      detector.enter()
      if value == 1 { b.send(2) }
      detector.leave()
    })
    a.merge(with: b).subscribe(recorder)
    a.send(1)
    a.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(!detector.didOverlap)
    recorder.cancel()
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.merge(with: $0) }
    expectLifecycleForEveryEnding { Publishers.MergeMany($0, $0, $0) }
  }

  @Test("every upstream subject is released after cancel, finish or failure")
  func releasesEveryUpstream() {
    expectEveryUpstreamReleased { subjects in subjects[0].merge(with: subjects[1], subjects[2]) }
  }

  @Test("concurrent sends: every value arrives exactly once, deliveries never overlap")
  func concurrentSends() {
    let subjects = (0..<4).map { _ in Source() }
    let detector = CombiningOverlapDetector()
    let recorder = detector.recorder()
    Publishers.MergeMany(subjects).subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<500 { subjects[thread % 4].send(thread * 1000 + step) }
    }
    for subject in subjects { subject.send(completion: .finished) }
    let expected = (0..<8).flatMap { thread in (0..<500).map { thread * 1000 + $0 } }
    #expect(recorder.values.sorted() == expected)
    #expect(recorder.completion == .finished)
    #expect(!detector.didOverlap)
  }
}
