import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// The collections' own subscriber list: Combine's demand, cancelling, subscribing from inside a
/// delivery, and letting go of subscribers, for the edges the delivery tests leave out.
@Suite("collection subscriber list", .releasesEveryObject)
struct CollectionSubscriberListTests {
  typealias Recorder = RecordingSubscriber<ObservableArrayEvent<Int>, Never>

  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
  }

  @Test("a subscriber with limited demand gets the replay and then only as many changes as it asks for")
  func limitedDemand() {
    let array = MutableObservableArray([1])
    let recorder = Recorder(initialDemand: .max(2))
    array.subscribe(recorder)
    array.append(2)
    // Out of demand: these pass it by.
    array.append(3)
    array.append(4)
    recorder.request(.max(1))
    array.append(5)
    array.append(6)
    #expect(recorder.values.map(\.change) == [.reset, ArrayChangeset(inserts: [1]), ArrayChangeset(inserts: [4])])
    #expect(recorder.values.map(\.contents) == [[1], [1, 2], [1, 2, 3, 4, 5]])
    recorder.cancel()
  }

  @Test("the demand a subscriber returns from each event is added to what it has left")
  func demandReturnedFromReceive() {
    let array = MutableObservableArray<Int>([])
    // The replay and every even count ask for one more; an odd count asks for nothing.
    let recorder = Recorder(initialDemand: .max(1)) { event in
      event.contents.count % 2 == 0 ? .max(1) : .none
    }
    array.subscribe(recorder)
    array.append(1)  // count 1: delivered, asks for nothing more
    array.append(2)  // passed by
    recorder.request(.max(1))
    array.append(3)  // count 3: delivered
    #expect(recorder.values.map(\.contents.count) == [0, 1, 3])
    recorder.cancel()
  }

  @Test("a subscriber with limited demand and one with unlimited demand each get theirs, in edit order")
  func mixedDemand() {
    let array = MutableObservableArray<Int>([])
    let log = Log()
    let limited = Recorder(initialDemand: .max(2)) { event in
      log.add("limited \(event.change)")
      return .none
    }
    array.subscribe(limited)
    let unlimited = array.sink { log.add("unlimited \($0.change)") }
    array.append(1)
    array.append(2)
    #expect(
      log.all == [
        "limited reset", "unlimited reset", "limited inserts [0]", "unlimited inserts [0]", "unlimited inserts [1]",
      ])
    limited.cancel()
    unlimited.cancel()
  }

  @Test("a subscriber that cancels before asking for anything gets nothing and leaves the list")
  func cancelBeforeDemand() {
    let array = MutableObservableArray([1])
    let recorder = Recorder(initialDemand: .none)
    array.subscribe(recorder)
    #expect(array.core.subscriberCount == 1)
    array.append(2)
    recorder.cancel()
    #expect(array.core.subscriberCount == 0)
    array.append(3)
    #expect(recorder.values.isEmpty)
  }

  @Test("a subscription asked for more after its cancel delivers nothing")
  func requestAfterCancel() {
    let array = MutableObservableArray([1])
    let recorder = Recorder(initialDemand: .none)
    array.subscribe(recorder)
    let subscription = recorder.subscription
    recorder.cancel()
    subscription?.request(.unlimited)
    subscription?.cancel()
    array.append(2)
    #expect(recorder.values.isEmpty)
    #expect(array.core.subscriberCount == 0)
  }

  /// Keeps its subscription after cancelling it, as a subscriber may.
  final class KeepingSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = ObservableArrayEvent<Int>
    typealias Failure = Never
    var subscription: (any Subscription)?
    var received = 0
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      subscription.request(.unlimited)
    }
    func receive(_ input: Input) -> Subscribers.Demand {
      received += 1
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  @Test("a cancelled subscriber is let go even when it keeps its subscription, and so is the array")
  func cancelledSubscriberReleased() {
    weak var weakSubscriber: KeepingSubscriber?
    weak var weakArray: MutableObservableArray<Int>?
    do {
      let array = MutableObservableArray([1])
      weakArray = array
      let subscriber = KeepingSubscriber()
      weakSubscriber = subscriber
      array.subscribe(subscriber)
      array.append(2)
      #expect(subscriber.received == 2)
      subscriber.subscription?.cancel()
      array.append(3)
      #expect(subscriber.received == 2)
      #expect(array.core.subscriberCount == 0)
    }
    #expect(weakArray == nil)
    #expect(weakSubscriber == nil)
  }

  @Test(
    "a subscription kept after its cancel keeps neither the array nor its contents, and asking it for more does nothing"
  )
  func keptSubscriptionOutlivesArray() {
    let subscriber = KeepingSubscriber()
    weak var weakCore: CollectionCore<[Int], ArrayChangeset>?
    do {
      let array = MutableObservableArray([1])
      weakCore = array.core
      array.subscribe(subscriber)
      subscriber.subscription?.cancel()
    }
    #expect(weakCore == nil)
    subscriber.subscription?.request(.max(1))
    subscriber.subscription?.cancel()
    #expect(subscriber.received == 1)
    subscriber.subscription = nil
  }

  @Test("a subscriber that subscribes from inside a delivery gets the contents after it, then later changes")
  func subscribeDuringDelivery() {
    let array = MutableObservableArray([0])
    let log = Log()
    var late: AnyCancellable?
    let first = array.dropFirst().sink { event in
      log.add("first \(event.change)")
      if late == nil {
        late = array.sink { log.add("late \($0.contents) \($0.change)") }
        array.append(2)
      }
    }
    array.append(1)
    #expect(
      log.all == [
        "first inserts [1]", "late [0, 1] reset", "first inserts [2]", "late [0, 1, 2] inserts [2]",
      ])
    first.cancel()
    late?.cancel()
  }

  @Test("edits with no subscriber deliver nothing; a later subscriber gets the contents they left")
  func editsWithoutSubscribers() {
    let array = MutableObservableArray<Int>([])
    for value in 0..<10 { array.append(value) }
    array.removeLast()
    var events: [ObservableArrayEvent<Int>] = []
    let token = array.sink { events.append($0) }
    #expect(events == [ObservableArrayEvent(contents: Array(0..<9), change: .reset)])
    token.cancel()
  }

  /// The count of the event before, for a subscriber to check the next one against.
  final class Previous: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int?
    /// Records `count` and returns the count recorded before, if any.
    func exchange(_ new: Int) -> Int? {
      lock.withLock {
        defer { count = new }
        return count
      }
    }
  }

  @Test(
    "subscribers that come and go on four threads while others edit each see the replay, then every change in order")
  func subscribeAndCancelConcurrently() async {
    let array = MutableObservableArray<Int>([])
    let watcher = Log()
    let token = array.dropFirst().sink { watcher.add("\($0.contents.count) \($0.change)") }
    let failures = Log()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask {
          for value in 0..<300 {
            array.append(value)
            array.removeLast()
          }
        }
      }
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<100 {
            // Each event's count must follow from the one before: the replay's, then each change's.
            let previous = Previous()
            let token = array.sink { event in
              let count = event.contents.count
              let ok = previous.exchange(count).map { before in
                if event.change == ArrayChangeset(inserts: [before]) { return count == before + 1 }
                return event.change == ArrayChangeset(deletes: [before - 1]) && count == before - 1
              }
              // The first event is the replay.
              if !(ok ?? (event.change == .reset)) { failures.add("\(count) \(event.change)") }
            }
            token.cancel()
          }
        }
      }
    }
    token.cancel()
    #expect(failures.all.isEmpty)
    #expect(watcher.all.count == 1_200)
    #expect(array.core.subscriberCount == 0)
  }
}
