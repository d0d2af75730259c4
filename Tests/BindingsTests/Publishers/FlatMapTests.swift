import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("flatMap", .releasesEveryObject)
struct FlatMapTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("republishes the values of every inner publisher; finishes when outer and inners finish")
  func flattens() {
    let outer = Source()
    let inners = [Source(), Source()]
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.flatMap { inners[$0] }.subscribe(recorder)
    outer.send(0)
    inners[0].send(1)
    outer.send(1)
    inners[1].send(2)
    inners[0].send(3)
    outer.send(completion: .finished)
    inners[0].send(completion: .finished)
    inners[1].send(4)
    inners[1].send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test("asks the upstream for maxPublishers values, then one more per finished inner publisher")
  func maxPublishers() {
    let outer = CombiningTestPublisher<Int, TestError>()
    let inners = [Source(), Source(), Source()]
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.flatMap(maxPublishers: .max(2)) { inners[$0] }.subscribe(recorder)
    #expect(outer.requests == [Subscribers.Demand.max(2)])
    outer.send(0)
    outer.send(1)
    inners[0].send(completion: .finished)
    #expect(outer.requests == [Subscribers.Demand.max(2), .max(1)])
    recorder.cancel()
  }

  @Test("an unlimited flat map asks the upstream for unlimited values once")
  func unlimitedOuter() {
    let outer = CombiningTestPublisher<Int, TestError>()
    let inner = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.flatMap { _ in inner }.subscribe(recorder)
    outer.send(0)
    inner.send(completion: .finished)
    #expect(outer.requests == [Subscribers.Demand.unlimited])
    recorder.cancel()
  }

  @Test("a failing inner publisher fails the whole and cancels the upstream and other inners")
  func innerFailure() {
    let outer = CombiningTestPublisher<Int, TestError>()
    let inners = [CombiningTestPublisher<Int, TestError>(), CombiningTestPublisher<Int, TestError>()]
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.flatMap { inners[$0] }.subscribe(recorder)
    outer.send(0)
    outer.send(1)
    inners[1].send(7)
    inners[1].send(completion: .failure(.oops))
    inners[0].send(8)
    #expect(recorder.events == [.subscription, .value(7), .completion(.failure(.oops))])
    #expect([outer.cancelCount, inners[0].cancelCount, inners[1].cancelCount] as [Int] == [1, 1, 0])
  }

  @Test("a failing upstream fails the whole and cancels the inners")
  func outerFailure() {
    let outer = Source()
    let inner = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.flatMap { _ in inner }.subscribe(recorder)
    outer.send(0)
    outer.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(inner.cancelCount == 1)
  }

  @Test("limited downstream demand is honoured across inner publishers")
  func honoursDemand() {
    let outer = Source()
    let inners = [CombiningTestPublisher<Int, TestError>(), CombiningTestPublisher<Int, TestError>()]
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
    outer.flatMap { inners[$0] }.subscribe(recorder)
    outer.send(0)
    outer.send(1)
    inners[0].send(1)
    inners[1].send(2)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(inners[1].requests == [Subscribers.Demand.max(1), .max(1)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream and every inner exactly once; nothing after it")
  func cancelPropagatesOnce() {
    let outer = CombiningTestPublisher<Int, TestError>()
    let inners = [CombiningTestPublisher<Int, TestError>(), CombiningTestPublisher<Int, TestError>()]
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.flatMap { inners[$0] }.subscribe(recorder)
    outer.send(0)
    outer.send(1)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    inners[0].send(1)
    #expect(recorder.events == [.subscription])
    #expect([outer.cancelCount, inners[0].cancelCount, inners[1].cancelCount] as [Int] == [1, 1, 1])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { subject in subject.flatMap { _ in subject } }
  }

  @Test("every inner subject is released after cancel, finish or failure")
  func releasesEveryInner() {
    for ending in Ending.allCases {
      var weakRefs: [() -> AnyObject?] = []
      do {
        let outer = Source()
        let inners = [Source(), Source()]
        for subject in inners + [outer] { weakRefs.append { [weak subject] in subject } }
        let recorder = RecordingSubscriber<Int, TestError>()
        weakRefs.append { [weak recorder] in recorder }
        outer.flatMap { inners[$0] }.subscribe(recorder)
        outer.send(0)
        outer.send(1)
        switch ending {
        case .cancel: recorder.cancel()
        case .finish: for subject in inners + [outer] { subject.send(completion: .finished) }
        case .fail: inners[1].send(completion: .failure(.oops))
        }
        #expect((inners + [outer]).allSatisfy { $0.core.subscriberCount == 0 })
      }
      #expect(weakRefs.allSatisfy { $0() == nil })
    }
  }

  @Test("concurrent inner sends: every value arrives exactly once, deliveries never overlap")
  func concurrentSends() {
    let outer = Source()
    let inners = (0..<4).map { _ in Source() }
    let detector = CombiningOverlapDetector()
    let recorder = detector.recorder()
    outer.flatMap { inners[$0] }.subscribe(recorder)
    for index in inners.indices { outer.send(index) }
    outer.send(completion: .finished)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<500 { inners[thread % 4].send(thread * 1000 + step) }
    }
    for inner in inners { inner.send(completion: .finished) }
    let expected = (0..<8).flatMap { thread in (0..<500).map { thread * 1000 + $0 } }
    #expect(recorder.values.sorted() == expected)
    #expect(recorder.completion == .finished)
    #expect(!detector.didOverlap)
  }

  @Test("inner publishers that never fail take the upstream's failure type")
  func neverFailingInners() {
    let outer = Source()
    let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
    let recorder = RecordingSubscriber<Int, TestError>()
    let flattened: Publishers.FlatMap<Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError>, Source> =
      outer.flatMap(maxPublishers: .max(1)) { inners[$0] }
    flattened.subscribe(recorder)
    outer.send(0)
    inners[0].send(1)
    outer.send(1)
    inners[1].send(2)
    outer.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
  }

  @Test("an upstream that never fails takes the inner publishers' failure type")
  func neverFailingUpstream() {
    let outer = PassthroughSubject<Int, Never>()
    let inner = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    let flattened: Publishers.FlatMap<Source, Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError>> =
      outer.flatMap { _ in inner }
    flattened.subscribe(recorder)
    outer.send(0)
    inner.send(1)
    inner.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
    #expect(outer.core.subscriberCount == 0)
  }

  @Test("when neither the upstream nor the inner publishers fail, the result never fails")
  func neverFailingBoth() {
    let outer = PassthroughSubject<Int, Never>()
    let inner = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    let flattened: Publishers.FlatMap<PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>> =
      outer.flatMap { _ in inner }
    flattened.subscribe(recorder)
    outer.send(0)
    inner.send(1)
    outer.send(completion: .finished)
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }
}
