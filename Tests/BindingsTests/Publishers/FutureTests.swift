import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("Future", .releasesEveryObject)
struct FutureTests {
  @Test("runs its closure once, at creation")
  func runsClosureOnceAtCreation() {
    let runs = Counter()
    let future = Future<Int, Never> { promise in
      runs.increment()
      promise(.success(1))
    }
    #expect(runs.value == 1)
    future.subscribe(RecordingSubscriber<Int, Never>())
    future.subscribe(RecordingSubscriber<Int, Never>())
    #expect(runs.value == 1)
  }

  @Test("a subscriber before the fulfilment gets the value, then finishes")
  func earlySubscriberGetsValue() {
    let box = PromiseBox<Int, TestError>()
    let future = Future<Int, TestError> { box.promise = $0 }
    let recorder = RecordingSubscriber<Int, TestError>()
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    box.promise?(.success(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a subscriber after the fulfilment gets the stored result")
  func lateSubscriberGetsStoredResult() {
    let future = Future<Int, TestError> { $0(.success(1)) }
    let failing = Future<Int, TestError> { $0(.failure(.oops)) }
    let first = RecordingSubscriber<Int, TestError>()
    let second = RecordingSubscriber<Int, TestError>()
    let third = RecordingSubscriber<Int, TestError>()
    future.subscribe(first)
    future.subscribe(second)
    failing.subscribe(third)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == first.events)
    #expect(third.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("only the first fulfilment counts")
  func firstFulfilmentWins() {
    let box = PromiseBox<Int, TestError>()
    let future = Future<Int, TestError> { box.promise = $0 }
    let early = RecordingSubscriber<Int, TestError>()
    future.subscribe(early)
    box.promise?(.success(1))
    box.promise?(.success(2))
    box.promise?(.failure(.oops))
    let late = RecordingSubscriber<Int, TestError>()
    future.subscribe(late)
    #expect(early.events == [.subscription, .value(1), .completion(.finished)])
    #expect(late.events == early.events)
  }

  @Test("a value waits for demand; a failure does not")
  func valueWaitsForDemand() {
    let future = Future<Int, TestError> { $0(.success(1)) }
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])

    let box = PromiseBox<Int, TestError>()
    let failing = Future<Int, TestError> { box.promise = $0 }
    let waiting = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    failing.subscribe(waiting)
    box.promise?(.failure(.oops))
    #expect(waiting.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("each subscriber gets the value when it has demand")
  func eachSubscriberByItsDemand() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.promise = $0 }
    let eager = RecordingSubscriber<Int, Never>()
    let patient = RecordingSubscriber<Int, Never>(initialDemand: .none)
    future.subscribe(eager)
    future.subscribe(patient)
    box.promise?(.success(7))
    #expect(eager.events == [.subscription, .value(7), .completion(.finished)])
    #expect(patient.events == [.subscription])
    patient.request(.max(1))
    #expect(patient.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test("emits nothing after cancel")
  func nothingAfterCancel() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.promise = $0 }
    let recorder = RecordingSubscriber<Int, Never>()
    future.subscribe(recorder)
    recorder.cancel()
    recorder.cancel()
    box.promise?(.success(1))
    #expect(recorder.events == [.subscription])
  }

  @Test("an unfulfilled future forgets a cancelled subscriber and its subscription")
  func forgetsCancelledSubscriber() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.promise = $0 }
    weak var weakRecorder: RecordingSubscriber<Int, Never>?
    weak var weakSubscription: AnyObject?
    do {
      let recorder = RecordingSubscriber<Int, Never>()
      weakRecorder = recorder
      future.subscribe(recorder)
      weakSubscription = recorder.subscription.map { $0 as AnyObject }
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
    #expect(weakSubscription == nil, "the future still holds the cancelled subscription")
    withExtendedLifetime(future) {}
  }

  @Test("a subscriber that cancels inside receive gets no completion")
  func cancelInsideReceive() {
    let canceller = LateCanceller()
    let recorder = RecordingSubscriber<Int, Never>(onValue: { _ in canceller.cancel() })
    canceller.target = recorder
    Future<Int, Never> { $0(.success(1)) }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test("a subscriber may subscribe to the same future from inside receive, without deadlock")
  func reentrantSubscribe() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.promise = $0 }
    let inner = RecordingSubscriber<Int, Never>()
    let outer = RecordingSubscriber<Int, Never>(onValue: { _ in future.subscribe(inner) })
    future.subscribe(outer)
    box.promise?(.success(1))
    #expect(outer.events == [.subscription, .value(1), .completion(.finished)])
    #expect(inner.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("fulfilment racing with subscribers on many threads delivers exactly once to each")
  func fulfilmentRacesWithSubscribe() {
    let subscribers = 64
    let box = PromiseBox<Int, Never>()
    let runs = Counter()
    let future = Future<Int, Never> { promise in
      runs.increment()
      box.promise = promise
    }
    let promise = box.promise!
    let recorders = (0..<subscribers).map { _ in RecordingSubscriber<Int, Never>() }
    DispatchQueue.concurrentPerform(iterations: subscribers * 2) { index in
      if index.isMultiple(of: 2) {
        future.subscribe(recorders[index / 2])
      } else {
        promise(.success(index))
      }
    }
    #expect(runs.value == 1)
    let winner = recorders[0].values.first
    #expect(winner.map { !$0.isMultiple(of: 2) } == true)
    for recorder in recorders {
      #expect(recorder.events == [.subscription, .value(winner ?? -1), .completion(.finished)])
    }
  }

  @Test("requests racing with the fulfilment deliver the value exactly once")
  func requestsRaceWithFulfilment() {
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.promise = $0 }
    let promise = box.promise!
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    future.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 32) { index in
      if index == 16 { promise(.success(1)) } else { recorder.request(.max(1)) }
    }
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("lifetime: subscriber and subscription are released, fulfilled or not")
  func lifetime() {
    expectSourceLifetimeForEveryEnding { Future<Int, TestError> { $0(.success(1)) } }
    expectSourceLifetimeForEveryEnding { Future<Int, TestError> { $0(.failure(.oops)) } }
    expectSourceLifetime(Future<Int, TestError> { _ in }, ending: .cancel)
  }

  @Test("lifetime: a subscriber waiting for the result is released once it arrives")
  func lifetimeWaitingSubscriber() {
    let box = PromiseBox<Int, TestError>()
    let future = Future<Int, TestError> { box.promise = $0 }
    weak var weakRecorder: RecordingSubscriber<Int, TestError>?
    do {
      let recorder = RecordingSubscriber<Int, TestError>()
      weakRecorder = recorder
      future.subscribe(recorder)
    }
    #expect(weakRecorder != nil, "the future holds a subscriber until it delivers")
    box.promise?(.success(1))
    #expect(weakRecorder == nil)
  }

  private final class PromiseBox<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Future<Output, Failure>.Promise?
    var promise: Future<Output, Failure>.Promise? {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }
  }

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
  }

  @Test("an unfulfilled future does not keep a subscription cancelled as it arrived")
  func forgetsSubscriptionCancelledOnArrival() {
    final class CancelOnSubscribe: Subscriber {
      weak var subscription: AnyObject?
      func receive(subscription: any Subscription) {
        self.subscription = subscription as AnyObject
        subscription.cancel()
      }
      func receive(_ input: Int) -> Subscribers.Demand { .none }
      func receive(completion: Subscribers.Completion<Never>) {}
    }
    let box = PromiseBox<Int, Never>()
    let future = Future<Int, Never> { box.promise = $0 }
    let subscriber = CancelOnSubscribe()
    future.subscribe(subscriber)
    #expect(subscriber.subscription == nil, "the future still holds the cancelled subscription")
    withExtendedLifetime(future) {}
  }
}
