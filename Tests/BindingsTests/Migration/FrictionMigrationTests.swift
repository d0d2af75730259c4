import BindingsTesting
import Dispatch
import Testing

@testable import Bindings

// Frictions migrating users met, each written as they write the code.

/// pointfree's search example: a view model that takes the scheduler it debounces on.
private final class SearchModel {
  @Published var query = ""
  @Published private(set) var results: [String] = []
  init(scheduler: AnySchedulerOf<DispatchQueue>) {
    $query.dropFirst().debounce(for: .milliseconds(300), scheduler: scheduler).map { ["\($0)…"] }
      .assign(to: &$results)
  }
}

/// Values seen by a subscriber on any thread, behind the library's lock (which ThreadSanitizer sees).
private final class Seen<Value>: @unchecked Sendable {
  private let values = Locked<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

@Suite("Migration: frictions", .releasesEveryObject)
struct FrictionMigrationTests {
  @Test("ReactiveSwift's modify { $0 += 1 } from several threads loses no increment, and subscribers see each one")
  func modifyIsAtomic() {
    let count = MutableProperty(0)
    let seen = Seen<Int>()
    let token = count.sink { value in seen.append(value) }
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<1_000 { count.modify { $0 += 1 } }
    }
    #expect(count.value == 4_000)
    let values = seen.all
    #expect(values.count == 4_001)
    #expect(values.sorted() == Array(0...4_000))
    token.cancel()
  }

  @Test("modify returns what its body returns, and sends the new value once")
  func modifyReturnsTheBodysResult() {
    let names = MutableProperty(["Ada"])
    let seen = Seen<[String]>()
    let token = names.sink { value in seen.append(value) }
    let count = names.modify { list -> Int in
      list.append("Grace")
      return list.count
    }
    #expect(count == 2)
    #expect(seen.all == [["Ada"], ["Ada", "Grace"]])
    token.cancel()
  }

  @Test("AnySchedulerOf<DispatchQueue> holds a TestScheduler: a view model written for a queue runs on virtual time")
  func anySchedulerHoldsTestScheduler() {
    let testScheduler = TestScheduler()
    let model = SearchModel(scheduler: AnySchedulerOf<DispatchQueue>(testScheduler))
    model.query = "s"
    model.query = "sw"
    testScheduler.advance(by: .milliseconds(299))
    #expect(model.results == [])
    testScheduler.advance(by: .milliseconds(1))
    #expect(model.results == ["sw…"])
  }

  @Test("the wrapped test scheduler's now and deadlines follow its virtual clock")
  func anySchedulerFollowsTheTestClock() {
    let testScheduler = TestScheduler()
    let scheduler = AnySchedulerOf<DispatchQueue>(testScheduler)
    let start = scheduler.now
    let ran = Seen<String>()
    scheduler.schedule(after: start.advanced(by: .seconds(2))) { ran.append("later") }
    scheduler.schedule { ran.append("now") }
    testScheduler.advance(by: .seconds(1))
    #expect(start.distance(to: scheduler.now) == .seconds(1))
    #expect(ran.all == ["now"])
    testScheduler.advance(by: .seconds(1))
    #expect(ran.all == ["now", "later"])
  }
}
