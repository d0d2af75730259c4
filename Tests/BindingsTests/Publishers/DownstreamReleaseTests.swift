import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// A subscriber written the way a user may write one: it keeps its subscription for as long as it
/// lives, and never lets it go on completion or cancel. Only the operator can then break the cycle
/// between the subscriber and the subscription it holds, by releasing its downstream when the
/// stream ends, as Combine's operators do.
private final class KeepingSubscriber<Input, Failure: Error>: Subscriber, KeepsItsSubscription, @unchecked Sendable {
  private struct State {
    var subscription: (any Subscription)?
    var values = 0
    var completions = 0
  }

  private let state = Locked(State())

  func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.values += 1 }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock { $0.completions += 1 }
  }

  var hasSubscription: Bool { state.withLock { $0.subscription != nil } }

  var completions: Int { state.withLock { $0.completions } }

  /// Cancels through the kept subscription, and keeps it.
  func cancelKeepingSubscription() {
    let subscription = state.withLock { $0.subscription }
    subscription?.cancel()
  }
}

private protocol KeepsItsSubscription: AnyObject, Sendable {
  var hasSubscription: Bool { get }
  var completions: Int { get }
  func cancelKeepingSubscription()
}

/// One operator under test: how to subscribe a keeping subscriber to it, on a fresh subject.
private struct OperatorCase: Sendable, CustomTestStringConvertible {
  let name: String
  /// The endings the operator can take (`assertNoFailure` traps on a failure).
  let endings: [Ending]
  let subscribe: @Sendable (PassthroughSubject<Int, TestError>, TestScheduler) -> any KeepsItsSubscription

  init<P: Publisher & SendableMetatype>(
    _ name: String,
    endings: [Ending] = Ending.allCases,
    _ build: @escaping @Sendable (PassthroughSubject<Int, TestError>, TestScheduler) -> P
  ) {
    self.name = name
    self.endings = endings
    subscribe = { subject, scheduler in
      let subscriber = KeepingSubscriber<P.Output, P.Failure>()
      build(subject, scheduler).subscribe(subscriber)
      return subscriber
    }
  }

  var testDescription: String { name }
}

/// Operators that hand the subscriber a subscription of their own and re-subscribe, schedule or
/// keep state: each could hold its subscriber past the end of the stream.
private let operatorCases: [OperatorCase] = [
  OperatorCase("retry") { subject, _ in subject.retry(1) },
  OperatorCase("retry without limit", endings: [.cancel, .finish]) { subject, _ in
    Publishers.Retry(upstream: subject, retries: nil)
  },
  OperatorCase("throttle, latest") { subject, scheduler in
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
  },
  OperatorCase("throttle, first") { subject, scheduler in
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: false)
  },
  OperatorCase("debounce") { subject, scheduler in subject.debounce(for: .seconds(1), scheduler: scheduler) },
  OperatorCase("delay") { subject, scheduler in subject.delay(for: .seconds(1), scheduler: scheduler) },
  OperatorCase("receive(on:)") { subject, scheduler in subject.receive(on: scheduler) },
  OperatorCase("subscribe(on:)") { subject, scheduler in subject.subscribe(on: scheduler) },
  OperatorCase("timeout") { subject, scheduler in subject.timeout(.seconds(5), scheduler: scheduler) },
  OperatorCase("measureInterval") { subject, scheduler in subject.measureInterval(using: scheduler) },
  OperatorCase("catch") { subject, _ in subject.catch { _ in Just(0) } },
  OperatorCase("tryCatch") { subject, _ in subject.tryCatch { _ in Just(0) } },
  OperatorCase("replaceError") { subject, _ in subject.replaceError(with: 0) },
  OperatorCase("replaceEmpty") { subject, _ in subject.replaceEmpty(with: 0) },
  OperatorCase("assertNoFailure", endings: [.cancel, .finish]) { subject, _ in subject.assertNoFailure() },
  OperatorCase("append") { subject, _ in subject.append(7, 8) },
  OperatorCase("prepend") { subject, _ in subject.prepend(7, 8) },
  OperatorCase("prefix(while:)") { subject, _ in subject.prefix { $0 < 10 } },
  OperatorCase("drop(while:)") { subject, _ in subject.drop { $0 < 0 } },
  OperatorCase("dropFirst") { subject, _ in subject.dropFirst(2) },
  OperatorCase("prefix(_:)") { subject, _ in subject.prefix(5) },
  OperatorCase("output(at:)") { subject, _ in subject.output(at: 3) },
  OperatorCase("output(in:)") { subject, _ in subject.output(in: 0..<3) },
  OperatorCase("prefix(untilOutputFrom:)") { subject, _ in
    subject.prefix(untilOutputFrom: PassthroughSubject<Void, TestError>())
  },
  OperatorCase("drop(untilOutputFrom:)") { subject, _ in
    subject.drop(untilOutputFrom: Just(()).setFailureType(to: TestError.self))
  },
  OperatorCase("buffer") { subject, _ in
    subject.buffer(size: 4, prefetch: .byRequest, whenFull: .dropOldest)
  },
  OperatorCase("collect(_:)") { subject, _ in subject.collect(3) },
  OperatorCase("collect()") { subject, _ in subject.collect() },
  OperatorCase("reduce") { subject, _ in subject.reduce(0, +) },
  OperatorCase("scan") { subject, _ in subject.scan(0, +) },
  OperatorCase("removeDuplicates") { subject, _ in subject.removeDuplicates() },
  OperatorCase("handleEvents") { subject, _ in subject.handleEvents(receiveOutput: { _ in }) },
  OperatorCase("first(where:)") { subject, _ in subject.first { $0 > 5 } },
  OperatorCase("last") { subject, _ in subject.last() },
  OperatorCase("flatMap") { subject, _ in subject.flatMap { Just($0).setFailureType(to: TestError.self) } },
  OperatorCase("share") { subject, _ in subject.share() },
  OperatorCase("share(replaying:)") { subject, _ in subject.share(replaying: 1) },
  OperatorCase("multicast, autoconnect") { subject, _ in
    subject.multicast { PassthroughSubject<Int, TestError>() }.autoconnect()
  },
]

@Suite("operators release their subscriber when the stream ends", .releasesEveryObject)
struct DownstreamReleaseTests {
  @Test(
    "a subscriber that keeps its subscription is freed after cancel, finish or failure",
    arguments: operatorCases
  )
  fileprivate func keptSubscriptionIsFreed(_ operatorCase: OperatorCase) {
    for ending in operatorCase.endings {
      let scheduler = TestScheduler()
      weak var weakSubscriber: (any KeepsItsSubscription)?
      weak var weakSubject: PassthroughSubject<Int, TestError>?
      do {
        let subject = PassthroughSubject<Int, TestError>()
        weakSubject = subject
        let subscriber = operatorCase.subscribe(subject, scheduler)
        weakSubscriber = subscriber
        scheduler.advance()
        #expect(subscriber.hasSubscription, "\(operatorCase.name): no subscription arrived")
        subject.send(1)
        scheduler.advance()
        switch ending {
        case .cancel: subscriber.cancelKeepingSubscription()
        case .finish: subject.send(completion: .finished)
        case .fail: subject.send(completion: .failure(.oops))
        }
        // Every scheduled delivery, emission and timer runs.
        scheduler.advance(by: .seconds(100))
        if ending != .cancel {
          #expect(subscriber.completions == 1, "\(operatorCase.name), \(ending): the completion did not arrive")
        }
      }
      #expect(weakSubscriber == nil, "\(operatorCase.name), \(ending): the subscriber is still alive")
      #expect(weakSubject == nil, "\(operatorCase.name), \(ending): the upstream is still alive")
    }
  }

  @Test("retry and throttle free a kept subscriber on a dispatch queue too")
  func onDispatchQueue() {
    let queue = DispatchQueue(label: "downstream release")
    weak var weakRetrying: (any KeepsItsSubscription)?
    weak var weakThrottled: (any KeepsItsSubscription)?
    do {
      let subject = PassthroughSubject<Int, TestError>()
      let retrying = KeepingSubscriber<Int, TestError>()
      let throttled = KeepingSubscriber<Int, TestError>()
      weakRetrying = retrying
      weakThrottled = throttled
      subject.retry(2).subscribe(retrying)
      subject.throttle(for: .milliseconds(1), scheduler: queue, latest: true).subscribe(throttled)
      subject.send(1)
      subject.send(completion: .finished)
      queue.sync {}
      #expect(retrying.completions == 1)
      #expect(throttled.completions == 1)
    }
    queue.sync {}
    #expect(weakRetrying == nil)
    #expect(weakThrottled == nil)
  }
}
