import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("switchToLatest", .releasesEveryObject)
struct SwitchToLatestTests {
  typealias Source = PassthroughSubject<Int, TestError>
  typealias Outer = PassthroughSubject<Source, TestError>

  @Test("republishes the latest inner publisher and cancels the previous one")
  func switches() {
    let outer = Outer()
    let first = Source()
    let second = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    outer.send(first)
    first.send(1)
    outer.send(second)
    first.send(2)
    second.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
    #expect(first.core.subscriberCount == 0)
    recorder.cancel()
  }

  @Test("finishes when the outer and the current inner publisher have finished")
  func finishes() {
    let outer = Outer()
    let inner = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    outer.send(inner)
    outer.send(completion: .finished)
    inner.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("an outer publisher that finishes without an inner one finishes")
  func finishesWithoutInner() {
    let outer = Outer()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    outer.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("a failing inner publisher fails the whole and cancels the outer one")
  func innerFailure() {
    let outer = CombiningTestPublisher<Source, TestError>()
    let inner = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    outer.send(inner)
    inner.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    #expect(outer.cancelCount == 1)
  }

  @Test("a failing outer publisher fails the whole and cancels the inner one")
  func outerFailure() {
    let outer = Outer()
    let inner = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    outer.send(Source())
    let pipe = Source()
    let token = inner.subscribe(pipe)
    outer.send(pipe)
    outer.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(pipe.core.subscriberCount == 0)
    token.cancel()
  }

  @Test("outstanding demand is passed on to each new inner publisher")
  func passesDemand() {
    let outer = CombiningTestPublisher<CombiningTestPublisher<Int, TestError>, TestError>()
    let first = CombiningTestPublisher<Int, TestError>()
    let second = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(3))
    outer.switchToLatest().subscribe(recorder)
    #expect(outer.requests == [Subscribers.Demand.unlimited])
    outer.send(first)
    first.send(1)
    outer.send(second)
    recorder.request(.max(1))
    #expect(first.requests == [Subscribers.Demand.max(3)])
    #expect(second.requests == [Subscribers.Demand.max(2), .max(1)])
    #expect(first.cancelCount == 1)
    recorder.cancel()
  }

  @Test("cancel reaches the outer and the current inner publisher exactly once")
  func cancelPropagatesOnce() {
    let outer = CombiningTestPublisher<CombiningTestPublisher<Int, TestError>, TestError>()
    let inner = CombiningTestPublisher<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    outer.switchToLatest().subscribe(recorder)
    outer.send(inner)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    inner.send(1)
    #expect(recorder.events == [.subscription])
    #expect([outer.cancelCount, inner.cancelCount] as [Int] == [1, 1])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { subject in subject.combineLatest(subject) { _, _ in subject }.switchToLatest() }
  }

  @Test("the outer and inner subjects are released after cancel, finish or failure")
  func releasesUpstreams() {
    for ending in Ending.allCases {
      var weakRefs: [() -> AnyObject?] = []
      do {
        let outer = Outer()
        let inners = [Source(), Source()]
        weakRefs.append { [weak outer] in outer }
        for inner in inners { weakRefs.append { [weak inner] in inner } }
        let recorder = RecordingSubscriber<Int, TestError>()
        weakRefs.append { [weak recorder] in recorder }
        outer.switchToLatest().subscribe(recorder)
        outer.send(inners[0])
        outer.send(inners[1])
        inners[1].send(1)
        switch ending {
        case .cancel: recorder.cancel()
        case .finish:
          outer.send(completion: .finished)
          inners[1].send(completion: .finished)
        case .fail: inners[1].send(completion: .failure(.oops))
        }
        #expect(inners.allSatisfy { $0.core.subscriberCount == 0 } && outer.core.subscriberCount == 0)
      }
      #expect(weakRefs.allSatisfy { $0() == nil })
    }
  }

  @Test("concurrent inner sends: no value lost or duplicated, deliveries never overlap")
  func concurrentSends() {
    let outer = Outer()
    let inner = Source()
    let detector = CombiningOverlapDetector()
    let recorder = detector.recorder()
    outer.switchToLatest().subscribe(recorder)
    outer.send(inner)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<500 { inner.send(thread * 1000 + step) }
    }
    let expected = (0..<8).flatMap { thread in (0..<500).map { thread * 1000 + $0 } }
    #expect(recorder.values.sorted() == expected)
    #expect(!detector.didOverlap)
    recorder.cancel()
  }

  @Test("an outer publisher that never fails takes the inner publishers' failure type")
  func neverFailingOuter() {
    let outer = PassthroughSubject<Source, Never>()
    let inner = Source()
    let recorder = RecordingSubscriber<Int, TestError>()
    let switched:
      Publishers.SwitchToLatest<Source, Publishers.SetFailureType<PassthroughSubject<Source, Never>, TestError>> =
        outer.switchToLatest()
    switched.subscribe(recorder)
    outer.send(inner)
    inner.send(1)
    inner.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
    #expect(outer.core.subscriberCount == 0)
  }

  @Test("inner publishers that never fail take the outer publisher's failure type")
  func neverFailingInners() {
    typealias Inner = PassthroughSubject<Int, Never>
    let outer = PassthroughSubject<Inner, TestError>()
    let first = Inner()
    let second = Inner()
    let recorder = RecordingSubscriber<Int, TestError>()
    let switched:
      Publishers.SwitchToLatest<
        Publishers.SetFailureType<Inner, TestError>,
        Publishers.Map<PassthroughSubject<Inner, TestError>, Publishers.SetFailureType<Inner, TestError>>
      > = outer.switchToLatest()
    switched.subscribe(recorder)
    outer.send(first)
    first.send(1)
    outer.send(second)
    first.send(2)
    second.send(3)
    outer.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.failure(.oops))])
  }

  @Test("when neither the outer nor the inner publishers fail, the result never fails")
  func neverFailingBoth() {
    typealias Inner = PassthroughSubject<Int, Never>
    let outer = PassthroughSubject<Inner, Never>()
    let inner = Inner()
    let recorder = RecordingSubscriber<Int, Never>()
    let switched: Publishers.SwitchToLatest<Inner, PassthroughSubject<Inner, Never>> = outer.switchToLatest()
    switched.subscribe(recorder)
    outer.send(inner)
    inner.send(1)
    outer.send(completion: .finished)
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }
}
