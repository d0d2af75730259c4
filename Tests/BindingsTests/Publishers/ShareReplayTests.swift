import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("share(replaying:)", .releasesEveryObject)
struct ShareReplayTests {
  typealias Source = PassthroughSubject<Int, TestError>

  @Test("a new subscriber is replayed the last values, then receives live ones")
  func replaysLastValues() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.share(replaying: 2)
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    source.send(2)
    source.send(3)
    let second = RecordingSubscriber<Int, TestError>()
    shared.subscribe(second)
    source.send(4)
    #expect(first.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
    #expect(second.events == [.subscription, .value(2), .value(3), .value(4)])
    #expect(source.subscriberCount == 1)
    #expect(source.requests == [Subscribers.Demand.unlimited])
    first.cancel()
    second.cancel()
  }

  @Test("a subscriber that arrives after completion gets the buffered values, then the completion")
  func lateSubscriberAfterCompletion() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.share(replaying: 2)
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    source.send(2)
    source.send(3)
    source.send(completion: .finished)
    let late = RecordingSubscriber<Int, TestError>()
    shared.subscribe(late)
    #expect(late.events == [.subscription, .value(2), .value(3), .completion(.finished)])
    #expect(source.requests == [Subscribers.Demand.unlimited])
  }

  @Test("a failure is replayed after the buffered values")
  func failureReplay() {
    let source = Source()
    let shared = source.share(replaying: 1)
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    source.send(2)
    source.send(completion: .failure(.oops))
    let late = RecordingSubscriber<Int, TestError>()
    shared.subscribe(late)
    #expect(late.events == [.subscription, .value(2), .completion(.failure(.oops))])
  }

  @Test("replayed values wait for the subscriber's demand")
  func demandHonoured() {
    let source = Source()
    let shared = source.share(replaying: 3)
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    source.send(2)
    source.send(3)
    let slow = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
    shared.subscribe(slow)
    let afterSubscribing = slow.events
    slow.request(.max(1))
    let afterOneMore = slow.events
    slow.request(.unlimited)
    source.send(4)
    #expect(afterSubscribing == [.subscription, .value(1)])
    #expect(afterOneMore == [.subscription, .value(1), .value(2)])
    #expect(slow.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
    first.cancel()
    slow.cancel()
  }

  @Test("a subscriber without demand keeps only the newest values it did not request")
  func slowSubscriberKeepsNewest() {
    let source = Source()
    let shared = source.share(replaying: 2)
    let slow = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    shared.subscribe(slow)
    for value in 1...5 { source.send(value) }
    slow.request(.unlimited)
    #expect(slow.events == [.subscription, .value(4), .value(5)])
    slow.cancel()
  }

  @Test("demand returned from receive is honoured")
  func demandFromReceive() {
    let source = Source()
    let shared = source.share(replaying: 3)
    shared.subscribe(RecordingSubscriber<Int, TestError>())
    source.send(1)
    source.send(2)
    source.send(3)
    let stepper = RecordingSubscriber<Int, TestError>(initialDemand: .max(1)) { $0 < 2 ? .max(1) : .none }
    shared.subscribe(stepper)
    #expect(stepper.events == [.subscription, .value(1), .value(2)])
    stepper.cancel()
    source.send(completion: .finished)
  }

  @Test("replay of zero behaves like share()")
  func zeroReplay() {
    let source = Source()
    let shared = source.share(replaying: 0)
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    let second = RecordingSubscriber<Int, TestError>()
    shared.subscribe(second)
    source.send(2)
    source.send(completion: .finished)
    let late = RecordingSubscriber<Int, TestError>()
    shared.subscribe(late)
    #expect(first.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(second.events == [.subscription, .value(2), .completion(.finished)])
    #expect(late.events == [.subscription, .completion(.finished)])
  }

  @Test("a subscriber that attaches during a send gets that value once")
  func attachDuringSend() {
    let source = Source()
    let shared = source.share(replaying: 2)
    let second = RecordingSubscriber<Int, TestError>()
    let first = RecordingSubscriber<Int, TestError>(onValue: { value in
      if value == 2 { shared.subscribe(second) }
    })
    shared.subscribe(first)
    source.send(1)
    source.send(2)
    source.send(3)
    #expect(second.events == [.subscription, .value(1), .value(2), .value(3)])
    second.cancel()
    first.cancel()
  }

  @Test("the connection is kept when every subscriber cancels, and the buffer keeps filling")
  func keepsConnection() {
    let source = CombiningTestPublisher<Int, TestError>()
    let shared = source.share(replaying: 1)
    let first = RecordingSubscriber<Int, TestError>()
    shared.subscribe(first)
    source.send(1)
    first.cancel()
    source.send(2)
    let next = RecordingSubscriber<Int, TestError>()
    shared.subscribe(next)
    source.send(3)
    #expect(first.events == [.subscription, .value(1)])
    #expect(next.events == [.subscription, .value(2), .value(3)])
    #expect(source.cancelCount == 0)
    #expect(source.requests == [Subscribers.Demand.unlimited])
    first.cancel()
    next.cancel()
  }

  @Test("releasing the publisher and its subscribers cancels the upstream once")
  func releaseCancels() {
    let source = CombiningTestPublisher<Int, TestError>()
    do {
      let recorder = RecordingSubscriber<Int, TestError>()
      source.share(replaying: 1).subscribe(recorder)
      source.send(1)
      #expect(source.cancelCount == 0)
      recorder.cancel()
    }
    #expect(source.cancelCount == 1)
  }

  @Test("subscription, subscriber and upstream are released however the subscription ends")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.share(replaying: 2) }
  }

  @Test("a share is equal only to itself")
  func identity() {
    let source = Source()
    let shared = source.share(replaying: 1)
    #expect(shared == shared)
    #expect(shared != source.share(replaying: 1))
  }

  @Test("a negative replay count traps")
  func negativeCountTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = PassthroughSubject<Int, Never>().share(replaying: -1)
    }
  }

  @Test("subscribers that attach while another thread sends get no duplicate and no gap")
  func concurrentAttach() {
    let count = 2_000
    let replay = 3
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(replaying: replay)
    let recorders = (0..<40).map { _ in RecordingSubscriber<Int, Never>() }
    shared.subscribe(recorders[0])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 {
        for value in 0..<count { source.send(value) }
        source.send(completion: .finished)
      } else {
        for recorder in recorders.dropFirst() {
          shared.subscribe(recorder)
          for _ in 0..<200 { _ = ProcessInfo.processInfo.processIdentifier }
        }
      }
    }
    let broken = recorders.filter { recorder in
      let values = recorder.values
      return values.count < replay || values != Array((count - values.count)..<count)
        || recorder.completion == nil
    }
    #expect(broken.isEmpty, "\(broken.map(\.values.first))")
    #expect(recorders[0].values == Array(0..<count))
  }
}
