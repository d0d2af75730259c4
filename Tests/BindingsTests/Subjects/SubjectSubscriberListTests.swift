import Foundation
import Testing

@testable import Bindings

/// Keeps the subscription it is given, asks for `initialDemand`, and records what it receives.
private final class KeepingSubscriber: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  private let lock = NSLock()
  private var storedSubscription: (any Subscription)?
  private var storedValues: [Int] = []
  private var storedCompletions = 0
  private let initialDemand: Subscribers.Demand

  init(initialDemand: Subscribers.Demand) {
    self.initialDemand = initialDemand
  }

  var subscription: (any Subscription)? { lock.withLock { storedSubscription } }
  var values: [Int] { lock.withLock { storedValues } }
  var completions: Int { lock.withLock { storedCompletions } }

  func receive(subscription: any Subscription) {
    lock.withLock { storedSubscription = subscription }
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    lock.withLock { storedValues.append(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    lock.withLock { storedCompletions += 1 }
  }
}

/// Asks for unlimited values and does not keep its subscription.
private final class ForgetfulSubscriber: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  func receive(subscription: any Subscription) { subscription.request(.unlimited) }
  func receive(_ input: Int) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<Never>) {}
}

private final class Tracked: @unchecked Sendable {}

/// Marks a ``TypedSubscriber``'s type: each tag makes a subscriber type of its own.
private enum TagA {}
private enum TagB {}
private enum TagC {}
private enum TagD {}
private enum TagE {}

/// A subscriber class generic over a tag, so that a test can subscribe many subscriber types; it
/// records what it receives, with its tag's name, so that a delivery through another type's thunk
/// would show.
private final class TypedSubscriber<Tag>: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  private let lock = NSLock()
  private var storedSubscription: (any Subscription)?
  private var storedValues: [String] = []
  private var storedCompletions = 0

  var subscription: (any Subscription)? { lock.withLock { storedSubscription } }
  var values: [String] { lock.withLock { storedValues } }
  var completions: Int { lock.withLock { storedCompletions } }

  func receive(subscription: any Subscription) {
    lock.withLock { storedSubscription = subscription }
    subscription.request(.unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    lock.withLock { storedValues.append("\(Tag.self) \(input)") }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    lock.withLock { storedCompletions += 1 }
  }
}

/// One subscriber of any of the types the thunk-table test subscribes, seen the same way.
private struct AnyTypedSubscriber {
  let tag: String
  let values: () -> [String]
  let completions: () -> Int
  let cancel: () -> Void

  init<Tag>(_ subscriber: TypedSubscriber<Tag>) {
    tag = "\(Tag.self)"
    values = { subscriber.values }
    completions = { subscriber.completions }
    cancel = { subscriber.subscription?.cancel() }
  }
}

/// A subject keeps no object per subscriber: it holds each subscriber in its list, and hands it a
/// subscription that names the subscriber's place there. These tests check what that must not
/// change: a subscription reaches its own subscriber and no other, however the list changed since.
@Suite("Subject subscriber list", .releasesEveryObject)
struct SubjectSubscriberListTests {
  @Test("a subscription kept after cancel reaches nobody: not the subscriber that came after")
  func staleSubscriptionReachesNobody() {
    let subject = PassthroughSubject<Int, Never>()
    let first = KeepingSubscriber(initialDemand: .max(1))
    subject.subscribe(first)
    let stale = first.subscription
    stale?.cancel()

    let second = KeepingSubscriber(initialDemand: .max(1))
    subject.subscribe(second)
    stale?.request(.max(10))
    stale?.cancel()
    subject.send(1)
    subject.send(2)

    #expect(first.values == [])
    #expect(second.values == [1], "the stale subscription added demand to, or cancelled, the next subscriber")
    #expect(subject.core.subscriberCount == 1)
    // A subscriber that keeps its subscription and the subject hold each other until it cancels.
    second.subscription?.cancel()
  }

  @Test("after the list is compacted, each subscription still reaches its own subscriber")
  func subscriptionsSurviveCompaction() {
    let subject = PassthroughSubject<Int, Never>()
    let subscribers = (0..<100).map { _ in KeepingSubscriber(initialDemand: .none) }
    for subscriber in subscribers { subject.subscribe(subscriber) }
    let peak = subject.core.state.withLock { $0.subscribers.used }
    // Cancelling 60 of 100 leaves more holes than subscribers: the list compacts, and the 40 left
    // move to other places.
    for (index, subscriber) in subscribers.enumerated() where index % 5 != 0 || index >= 50 {
      if index < 75 { subscriber.subscription?.cancel() }
    }
    #expect(subject.core.state.withLock { $0.subscribers.used } < peak, "the list did not compact")

    for subscriber in subscribers { subscriber.subscription?.request(.max(1)) }
    subject.send(7)
    subject.send(8)

    for (index, subscriber) in subscribers.enumerated() {
      let cancelled = (index % 5 != 0 || index >= 50) && index < 75
      #expect(subscriber.values == (cancelled ? [] : [7]), "subscriber \(index)")
    }
    #expect(subject.core.subscriberCount == 35)
    for subscriber in subscribers { subscriber.subscription?.cancel() }
  }

  @Test("cancelling through a subscription after compaction takes out that subscriber only")
  func cancelAfterCompaction() {
    let subject = PassthroughSubject<Int, Never>()
    let subscribers = (0..<80).map { _ in KeepingSubscriber(initialDemand: .unlimited) }
    for subscriber in subscribers { subject.subscribe(subscriber) }
    for subscriber in subscribers[0..<60] { subscriber.subscription?.cancel() }
    subscribers[70].subscription?.cancel()
    subject.send(1)

    for (index, subscriber) in subscribers.enumerated() {
      #expect(subscriber.values == (index < 60 || index == 70 ? [] : [1]), "subscriber \(index)")
    }
    for subscriber in subscribers { subscriber.subscription?.cancel() }
  }

  @Test("a value-type subscriber is held in the list and released when cancelled")
  func valueTypeSubscriberIsReleased() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakTracked: Tracked?
    var received: [Int] = []
    var subscription: (any Subscription)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscriber = AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        },
        receiveValue: { value in
          withExtendedLifetime(tracked) { received.append(value) }
          return .none
        },
        receiveCompletion: { _ in })
      subject.subscribe(subscriber)
    }
    subject.send(1)
    #expect(weakTracked != nil)
    subscription?.cancel()
    subject.send(2)
    #expect(received == [1])
    #expect(weakTracked == nil, "the subject kept the value-type subscriber after cancel")
  }

  @Test("a subscriber that dropped its subscription is released with the subject")
  func forgetfulSubscriberIsReleasedWithTheSubject() {
    weak var weakSubscriber: ForgetfulSubscriber?
    var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
    do {
      let subscriber = ForgetfulSubscriber()
      weakSubscriber = subscriber
      subject?.subscribe(subscriber)
    }
    subject?.send(1)
    #expect(weakSubscriber != nil, "the subject must hold its subscriber")
    subject = nil
    #expect(weakSubscriber == nil, "the subscriber outlived the subject")
  }

  @Test("each subscription has its own combine identifier, stable while it lives")
  func combineIdentifiers() {
    let subject = PassthroughSubject<Int, Never>()
    let first = KeepingSubscriber(initialDemand: .unlimited)
    let second = KeepingSubscriber(initialDemand: .unlimited)
    subject.subscribe(first)
    subject.subscribe(second)
    let firstIdentifier = first.subscription?.combineIdentifier
    #expect(firstIdentifier != nil)
    #expect(firstIdentifier == first.subscription?.combineIdentifier)
    #expect(firstIdentifier != second.subscription?.combineIdentifier)
    #expect(firstIdentifier != CombineIdentifier())
    first.subscription?.cancel()
    second.subscription?.cancel()
  }

  @Test("a subject linked to a subject and unlinked keeps no upstream, and the source no subscriber")
  func subjectToSubjectUnlink() {
    let source = PassthroughSubject<Int, Never>()
    let target = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let token = target.sink { received.append($0) }
    let link = source.subscribe(target)
    source.send(1)
    #expect(target.core.upstreamsForTesting.count == 1)
    link.cancel()
    source.send(2)
    #expect(received == [1])
    #expect(target.core.upstreamsForTesting.isEmpty, "the target kept the ended link's subscription")
    #expect(source.core.subscriberCount == 0)
    token.cancel()
  }

  @Test("subscribers of many types, subscribed in turn, each get their own events through compaction and completion")
  func manySubscriberTypes() {
    let subject = PassthroughSubject<Int, Never>()
    func attach<Tag>(_: Tag.Type) -> AnyTypedSubscriber {
      let subscriber = TypedSubscriber<Tag>()
      subject.subscribe(subscriber)
      return AnyTypedSubscriber(subscriber)
    }
    // Five class types in turn, with a value-type subscriber (held in a box) and a sink among them:
    // the thunk table grows past its first capacity, and consecutive newcomers change type.
    var typed: [AnyTypedSubscriber] = []
    var boxedValues: [Int] = []
    var sinkValues: [Int] = []
    var tokens: [AnyCancellable] = []
    for index in 0..<100 {
      switch index % 5 {
      case 0: typed.append(attach(TagA.self))
      case 1: typed.append(attach(TagB.self))
      case 2: typed.append(attach(TagC.self))
      case 3: typed.append(attach(TagD.self))
      default: typed.append(attach(TagE.self))
      }
      if index % 25 == 0 {
        subject.subscribe(
          AnySubscriber<Int, Never>(
            receiveSubscription: { $0.request(.unlimited) },
            receiveValue: { value in
              boxedValues.append(value)
              return .none
            },
            receiveCompletion: { _ in }))
        tokens.append(subject.sink { sinkValues.append($0) })
      }
    }
    // One entry per type: five tags, the box, the sink.
    #expect(subject.core.state.withLock { $0.subscribers.thunkCount } == 7)
    subject.send(1)

    // Cancelling 60 of the 100 typed subscribers compacts the list: records move, with their thunks'
    // places.
    let used = subject.core.state.withLock { $0.subscribers.used }
    for (index, subscriber) in typed.enumerated() where index % 5 != 4 && index < 75 { subscriber.cancel() }
    #expect(subject.core.state.withLock { $0.subscribers.used } < used, "the list did not compact")
    subject.send(2)
    subject.send(completion: .finished)

    for (index, subscriber) in typed.enumerated() {
      let cancelled = index % 5 != 4 && index < 75
      let expected = cancelled ? ["\(subscriber.tag) 1"] : ["\(subscriber.tag) 1", "\(subscriber.tag) 2"]
      #expect(subscriber.values() == expected, "subscriber \(index)")
      #expect(subscriber.completions() == (cancelled ? 0 : 1), "subscriber \(index)")
    }
    #expect(boxedValues == [1, 1, 1, 1, 2, 2, 2, 2])
    #expect(sinkValues == [1, 1, 1, 1, 2, 2, 2, 2])
    #expect(subject.core.subscriberCount == 0)
    tokens.removeAll()
  }

  @Test("a subject with many subscribers of one type keeps one thunk")
  func oneTypeOneThunk() {
    let subject = PassthroughSubject<Int, Never>()
    var count = 0
    var tokens = (0..<1000).map { _ in subject.sink { _ in count += 1 } }
    #expect(subject.core.state.withLock { $0.subscribers.thunkCount } == 1)
    subject.send(1)
    #expect(count == 1000)
    tokens.removeAll()
    tokens.append(subject.sink { _ in count += 1 })
    #expect(subject.core.state.withLock { $0.subscribers.thunkCount } == 1)
    tokens.removeAll()
  }

  @Test("subscribers that complete are handed the completion once, and the list is empty after")
  func completionEmptiesTheList() {
    let subject = PassthroughSubject<Int, Never>()
    let subscribers = (0..<10).map { _ in KeepingSubscriber(initialDemand: .unlimited) }
    for subscriber in subscribers { subject.subscribe(subscriber) }
    subscribers[3].subscription?.cancel()
    subject.send(completion: .finished)
    subscribers[4].subscription?.cancel()
    subscribers[4].subscription?.request(.max(1))

    for (index, subscriber) in subscribers.enumerated() {
      #expect(subscriber.completions == (index == 3 ? 0 : 1), "subscriber \(index)")
    }
    #expect(subject.core.subscriberCount == 0)
    #expect(subject.core.state.withLock { $0.subscribers.used } == 0)
  }

  @Test("a value holding references is lent to each subscriber whole, whatever their kind, and released after")
  func referenceValuesAreLentWhole() {
    weak var weakToken: Tracked?
    let long = String(repeating: "a string long enough to live on the heap ", count: 3)
    do {
      let subject = PassthroughSubject<(String, Tracked), Never>()
      var bySink: [String] = []
      var byValueType: [(String, Tracked)] = []
      var valueTypeSubscription: (any Subscription)?
      // A closure sink, a value-type subscriber (held in a box), and a subscriber whose demand is
      // counted: each reaches its subscriber through a different path of the list.
      let sink = subject.sink { value in
        bySink.append("\(value.0 == long || value.0 == long + "!") \(value.1 === weakToken)")
      }
      subject.subscribe(
        AnySubscriber<(String, Tracked), Never>(
          receiveSubscription: {
            valueTypeSubscription = $0
            $0.request(.unlimited)
          },
          receiveValue: {
            byValueType.append($0)
            return .none
          },
          receiveCompletion: { _ in }))
      let limited = LimitedDemandSubscriber()
      subject.subscribe(limited)
      do {
        let token = Tracked()
        weakToken = token
        subject.send((long, token))
        subject.send((long + "!", token))
      }
      #expect(bySink == ["true true", "true true"])
      #expect(byValueType.map(\.0) == [long, long + "!"])
      #expect(byValueType.allSatisfy { $0.1 === weakToken })
      #expect(limited.values == [long])
      #expect(weakToken != nil, "the value-type subscriber keeps the values it received")
      byValueType.removeAll()
      #expect(weakToken == nil, "a value lent to subscribers is released once, by its sender")
      valueTypeSubscription?.cancel()
      limited.subscription?.cancel()
      sink.cancel()
    }
    #expect(weakToken == nil)
  }

  @Test("a current value holding references is lent whole on a first demand and on demand that comes later")
  func replayedAndLatestValuesAreLentWhole() {
    weak var weakFirst: Tracked?
    weak var weakLast: Tracked?
    let long = String(repeating: "kept as the current value ", count: 3)
    do {
      let first = Tracked()
      weakFirst = first
      let subject = CurrentValueSubject<(String, Tracked), Never>((long, first))
      // Asks for one value from `receive(subscription:)`: the current value is replayed.
      let limited = LimitedDemandSubscriber()
      subject.subscribe(limited)
      #expect(limited.values == [long])
      // With no demand left, later values wait; demand that comes later gets the latest one.
      let last = Tracked()
      weakLast = last
      subject.send((long + " 2", Tracked()))
      subject.send((long + " 3", last))
      #expect(limited.values == [long])
      limited.subscription?.request(.max(1))
      #expect(limited.values == [long, long + " 3"])
      #expect(subject.value.1 === weakLast)
      limited.subscription?.cancel()
    }
    #expect(weakFirst == nil && weakLast == nil, "a replayed or latest value is released once, with the subject")
  }

  @Test("a subscriber that cancels itself during a delivery leaves the value whole for the subscribers after it")
  func selfCancelLeavesTheLentValueWhole() {
    let subject = PassthroughSubject<String, Never>()
    let sent = String(repeating: "shared by every subscriber ", count: 4)
    var received: [String] = []
    var tokens: [AnyCancellable] = []
    for index in 0..<4 {
      tokens.append(
        subject.sink { value in
          received.append("\(index) \(value == sent)")
          if index == 1 { tokens[1].cancel() }
        })
    }
    subject.send(sent)
    subject.send(sent)
    #expect(received == ["0 true", "1 true", "2 true", "3 true", "0 true", "2 true", "3 true"])
    tokens.removeAll()
  }

  @Test("a value sent from inside a delivery does not disturb the value being delivered to later subscribers")
  func reentrantSendLeavesTheLentValueWhole() {
    let subject = PassthroughSubject<String, Never>()
    let sent = String(repeating: "first ", count: 10)
    let again = String(repeating: "again ", count: 10)
    var first: [String] = []
    var second: [String] = []
    let a = subject.sink { value in
      first.append(value)
      if value == sent { subject.send(again) }
    }
    let b = subject.sink { second.append($0) }
    subject.send(sent)
    #expect(first == [sent, again])
    #expect(second == [sent, again])
    a.cancel()
    b.cancel()
  }
}

/// Asks for one value, and records what it receives: its deliveries count demand.
private final class LimitedDemandSubscriber: Subscriber, @unchecked Sendable {
  typealias Input = (String, Tracked)
  typealias Failure = Never

  private(set) var subscription: (any Subscription)?
  private(set) var values: [String] = []

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.max(1))
  }

  func receive(_ input: (String, Tracked)) -> Subscribers.Demand {
    values.append(input.0)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
