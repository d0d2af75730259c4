import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("CurrentValueSubject", .releasesEveryObject)
struct CurrentValueSubjectTests {
  @Test("a new subscriber receives the current value, synchronously inside subscribe")
  func replaysCurrentValue() {
    let subject = CurrentValueSubject<String, Never>("Ada")
    var received: [String] = []
    let token = subject.sink { received.append($0) }
    #expect(received == ["Ada"])
    subject.value = "Grace"
    subject.send("Alan")
    #expect(received == ["Ada", "Grace", "Alan"])
    #expect(subject.value == "Alan")
    token.cancel()
  }

  @Test("setting value sends it; reading value returns the latest")
  func valueProperty() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = RecordingSubscriber<Int, Never>()
    subject.subscribe(recorder)
    subject.value = 1
    subject.value += 1
    #expect(subject.value == 2)
    #expect(recorder.values == [0, 1, 2])
    recorder.cancel()
  }

  @Test("the current value waits for demand, and is the latest when demand arrives")
  func currentValueWaitsForDemand() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(recorder)
    subject.value = 1
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    subject.value = 2
    #expect(recorder.events == [.subscription, .value(1)])
    // Demand ran out while 2 was sent: the subject holds it, and delivers it when demand returns.
    recorder.request(.max(1))
    #expect(recorder.values == [1, 2])
    subject.value = 3
    subject.value = 4
    recorder.request(.max(1))
    #expect(recorder.values == [1, 2, 4])
    recorder.cancel()
  }

  @Test("a subscriber that requests .max(2) gets exactly two values, and more only after requesting more")
  func honoursDemand() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.values == [0, 1])
    // The latest value (5) was held while demand was zero; it is the first to arrive.
    recorder.request(.max(2))
    subject.send(6)
    subject.send(7)
    #expect(recorder.values == [0, 1, 5, 6])
    recorder.cancel()
  }

  @Test("after completion, sends are ignored, setting value stores it unsent, late subscribers get the completion")
  func completion() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .failure(.oops))
    subject.send(1)
    #expect(subject.value == 0)
    subject.value = 2
    #expect(subject.value == 2)
    let late = RecordingSubscriber<Int, TestError>()
    subject.subscribe(late)
    #expect(recorder.events == [.subscription, .value(0), .completion(.failure(.oops))])
    #expect(late.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("setting the value from inside a delivery neither deadlocks nor reorders")
  func reentrantSet() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let first = RecordingSubscriber<Int, Never> { value in
      if value < 3 { subject.value = value + 1 }
    }
    let second = RecordingSubscriber<Int, Never>()
    subject.subscribe(first)
    subject.subscribe(second)
    #expect(first.values == [0, 1, 2, 3])
    #expect(second.values == [3])
    #expect(subject.value == 3)
    first.cancel()
    second.cancel()
  }

  @Test("cancel is idempotent, safe inside receive, and nothing arrives after it")
  func cancelInsideReceive() {
    let subject = CurrentValueSubject<Int, Never>(0)
    var recorder: RecordingSubscriber<Int, Never>!
    recorder = RecordingSubscriber { value in
      if value == 1 {
        recorder.cancel()
        recorder.cancel()
      }
    }
    subject.subscribe(recorder)
    subject.value = 1
    subject.value = 2
    #expect(recorder.values == [0, 1])
    #expect(subject.core.subscriberCount == 0)
    recorder = nil
  }

  @Test("lifecycle: subscriber, subscription and subject are released after cancel and completion")
  func lifecycle() {
    for ending in [Ending.cancel, .finish, .fail] {
      weak var weakSubject: CurrentValueSubject<Int, TestError>?
      weak var weakRecorder: RecordingSubscriber<Int, TestError>?
      weak var weakSubscription: AnyObject?
      do {
        let subject = CurrentValueSubject<Int, TestError>(0)
        let recorder = RecordingSubscriber<Int, TestError>()
        weakSubject = subject
        weakRecorder = recorder
        subject.subscribe(recorder)
        weakSubscription = recorder.subscription.map { $0 as AnyObject }
        subject.send(1)
        switch ending {
        case .cancel: recorder.cancel()
        case .finish: subject.send(completion: .finished)
        case .fail: subject.send(completion: .failure(.oops))
        }
        #expect(subject.core.subscriberCount == 0)
        #expect(recorder.values == [0, 1])
      }
      #expect(weakRecorder == nil)
      #expect(weakSubscription == nil)
      #expect(weakSubject == nil)
    }
  }

  @Test("a value sent from inside receive(subscription:) arrives after the current value it asked for")
  func sendDuringTheSubscriptionFollowsTheCurrentValue() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let subscriber = ScriptedSubscriber<Int>(onSubscription: { subscription in
      subscription.request(.unlimited)
      subject.send(1)
    })
    subject.subscribe(subscriber)
    #expect(subscriber.values == [0, 1])
    subject.send(2)
    #expect(subscriber.values == [0, 1, 2])
    subscriber.cancel()
  }

  @Test("a value sent from inside the current value's delivery reaches every subscriber after it")
  func sendDuringTheReplayReachesEveryone() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let first = RecordingSubscriber<Int, Never>()
    subject.subscribe(first)
    let second = RecordingSubscriber<Int, Never>(onValue: { value in
      if value == 0 { subject.send(5) }
    })
    subject.subscribe(second)
    #expect(first.values == [0, 5])
    #expect(second.values == [0, 5])
    #expect(subject.core.isIdleForTesting)
    first.cancel()
    second.cancel()
  }

  @Test("cancelling inside the current value's delivery stops every later value and releases the subscriber")
  func cancelDuringTheReplay() {
    let subject = CurrentValueSubject<Int, Never>(0)
    weak var weakSubscriber: ScriptedSubscriber<Int>?
    do {
      let subscriber = ScriptedSubscriber<Int>(onSubscription: { $0.request(.unlimited) })
      subscriber.onValue = { [unowned subscriber] _ in
        subscriber.cancel()
        subject.send(1)
      }
      weakSubscriber = subscriber
      subject.subscribe(subscriber)
      subject.send(2)
      #expect(subscriber.values == [0])
      #expect(subject.core.subscriberCount == 0)
    }
    #expect(weakSubscriber == nil)
    #expect(subject.core.isIdleForTesting)
  }

  @Test("cancelling inside receive(subscription:) after asking for values: the current value is not delivered")
  func cancelDuringTheSubscriptionAfterRequesting() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let subscriber = ScriptedSubscriber<Int>(onSubscription: { subscription in
      subscription.request(.unlimited)
      subscription.cancel()
    })
    subject.subscribe(subscriber)
    subject.send(1)
    #expect(subscriber.values.isEmpty)
    #expect(subject.core.subscriberCount == 0)
    #expect(subject.core.isIdleForTesting)
  }

  @Test("with no demand at subscribe the current value waits; a request from another thread gets the latest")
  func noDemandAtSubscribe() async {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription])
    await Task.detached { recorder.request(.max(1)) }.value
    #expect(recorder.values == [1])
    #expect(subject.core.isIdleForTesting)
    recorder.cancel()
  }

  @Test("a subscriber made inside the current value's delivery gets the value current when it asks")
  func subscribeDuringTheReplay() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let late = RecordingSubscriber<Int, Never>()
    let first = RecordingSubscriber<Int, Never>(onValue: { value in
      guard value == 0 else { return }
      subject.subscribe(late)
      subject.send(1)
    })
    subject.subscribe(first)
    #expect(first.values == [0, 1])
    #expect(late.values == [1])
    first.cancel()
    late.cancel()
  }

  @Test("concurrent sends, subscribes and cancels are safe; deliveries to one subscriber never overlap")
  func concurrentUse() {
    let subject = CurrentValueSubject<Int, Never>(-1)
    let watcher = OverlapDetectingSubscriber<Int>()
    subject.subscribe(watcher)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<200 {
        let token = subject.sink { _ in }
        subject.send(thread * 1000 + index)
        token.cancel()
      }
    }
    #expect(watcher.values.count == 1 + 8 * 200)
    #expect(watcher.maxConcurrentDeliveries == 1)
    #expect(subject.core.subscriberCount == 1)
    #expect(watcher.values.last == subject.value)
    subject.send(completion: .finished)
  }
}

/// A subscriber whose `receive(subscription:)` and `receive(_:)` run the given closures, for the
/// re-entrant calls a `RecordingSubscriber` cannot make from inside its subscription's delivery.
private final class ScriptedSubscriber<Input>: Subscriber, @unchecked Sendable {
  typealias Failure = Never

  private let onSubscription: (any Subscription) -> Void
  var onValue: (Input) -> Void = { _ in }
  private(set) var values: [Input] = []
  private var subscription: (any Subscription)?

  init(onSubscription: @escaping (any Subscription) -> Void) {
    self.onSubscription = onSubscription
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    onSubscription(subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    values.append(input)
    onValue(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}

  func cancel() {
    subscription?.cancel()
    subscription = nil
  }
}
