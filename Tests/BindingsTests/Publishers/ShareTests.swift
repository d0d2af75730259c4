import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("share", .releasesEveryObject)
struct ShareTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("one upstream subscription is shared by every subscriber")
  func shares() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.share()
    let first = RecordingSubscriber<Int, TestError>()
    let second = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    shared.subscribe(second)
    source.send(2)
    source.send(completion: .finished)
    #expect(first.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(second.events == [.subscription, .value(2), .completion(.finished)])
    #expect(source.requests == [Subscribers.Demand.unlimited])
  }

  @Test("after the upstream completed, a new subscriber gets the completion at once")
  func lateSubscriber() {
    let source = Source()
    let shared = source.share()
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(completion: .failure(.oops))
    let late = RecordingSubscriber<Int, TestError>()
    shared.subscribe(late)
    #expect(late.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test(
    "a publisher that sends and finishes at once is subscribed once for three subscribers (CombineExt's testSharingNoReplay)"
  )
  func finishedUpstreamIsNotSubscribedAgain() {
    let subscribes = SubscribeCounter()
    let producer = AnyPublisher<Int, Never>.producer { subscriber in
      subscriber.send(1)
      subscriber.send(2)
      subscriber.send(completion: .finished)
      return AnyCancellable {}
    }
    let shared = subscribes.counting(producer).share()
    let first = RecordingSubscriber<Int, Never>()
    let second = RecordingSubscriber<Int, Never>()
    let third = RecordingSubscriber<Int, Never>()
    shared.subscribe(first)
    shared.subscribe(second)
    shared.subscribe(third)
    #expect(subscribes.count == 1)
    #expect(first.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(second.events == [.subscription, .completion(.finished)])
    #expect(third.events == [.subscription, .completion(.finished)])
  }

  @Test("a share is equal only to itself")
  func identity() {
    let source = Source()
    let shared = source.share()
    #expect(shared == shared)
    #expect(shared != source.share())
  }

  @Test("cancel of the last subscriber reaches the upstream exactly once")
  func cancelPropagatesOnce() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.share()
    let recorder = RecordingSubscriber<Int, TestError>()
    shared.subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    source.send(1)
    #expect(recorder.events == [.subscription])
    #expect(source.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.share() }
  }

  @Test("concurrent subscribe, send and cancel: no crash, no value duplicated")
  func concurrentUse() {
    let source = Source()
    let shared = source.share()
    let keeper = RecordingSubscriber<Int, TestError>()
    shared.subscribe(keeper)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<200 {
        if thread % 2 == 0 {
          source.send(thread * 1000 + step)
        } else {
          let transient = RecordingSubscriber<Int, TestError>()
          shared.subscribe(transient)
          transient.cancel()
        }
      }
    }
    let expected = (0..<8).filter { $0 % 2 == 0 }.flatMap { thread in (0..<200).map { thread * 1000 + $0 } }
    #expect(keeper.values.sorted() == expected)
    source.send(completion: .finished)
  }
}
