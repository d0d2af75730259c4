import BindingsTesting
import Dispatch
import Foundation
import Testing

@testable import Bindings

/// A view model that is not generic over its scheduler.
private final class SearchModel {
  let scheduler: AnyScheduler<TestScheduler.SchedulerTimeType, Never>
  private(set) var results: [String] = []
  private var token: AnyCancellable?

  init(queries: PassthroughSubject<String, Never>, scheduler: AnyScheduler<TestScheduler.SchedulerTimeType, Never>) {
    self.scheduler = scheduler
    token = queries.debounce(for: .milliseconds(300), scheduler: scheduler).sink { [unowned self] in
      results.append($0)
    }
  }
}

@Suite("AnyScheduler, UIScheduler and DispatchQueue time edge cases", .releasesEveryObject)
struct AnySchedulerTests {
  @Test("AnyScheduler forwards now, immediate, delayed and repeating work to the wrapped scheduler")
  func forwardsEverything() {
    let test = TestScheduler()
    let scheduler = test.eraseToAnyScheduler()
    var log: [String] = []
    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("later") }
    let repeating = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2)), interval: .seconds(1)) {
      log.append("tick")
    }
    test.advance(by: .seconds(3))
    repeating.cancel()
    test.advance(by: .seconds(3))
    #expect(log == ["now", "later", "tick", "tick"])
    #expect(scheduler.now == test.now)
    #expect(scheduler.minimumTolerance == test.minimumTolerance)
  }

  @Test("a view model holding an AnyScheduler runs on a test scheduler in tests")
  func viewModelNeedNotBeGeneric() {
    let test = TestScheduler()
    let queries = PassthroughSubject<String, Never>()
    let model = SearchModel(queries: queries, scheduler: AnyScheduler(test))
    queries.send("a")
    queries.send("ab")
    test.advance(by: .milliseconds(300))
    #expect(model.results == ["ab"])
  }

  @Test("AnySchedulerOf<DispatchQueue>.main is the main-thread scheduler, also named UIScheduler")
  func mainAndUIScheduler() {
    let main: AnySchedulerOf<DispatchQueue> = .main
    #expect(main.now.dispatchTime.uptimeNanoseconds > 0)
    #expect(UIScheduler.shared === MainThreadScheduler.shared)
    let queue = DispatchQueue(label: "any-scheduler").eraseToAnyScheduler()
    let done = DispatchSemaphore(value: 0)
    queue.schedule { done.signal() }
    done.wait()
  }

  @Test("advanced(by: .nanoseconds(.max)) saturates to distantFuture, as in Combine")
  func advancedSaturates() {
    let time = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 10_000))
    #expect(time.advanced(by: .nanoseconds(.max)) == DispatchQueue.SchedulerTimeType(.distantFuture))
    #expect(time.advanced(by: .nanoseconds(5)).dispatchTime.uptimeNanoseconds == 10_005)
  }

  @Test("distance(to:) saturates instead of overflowing")
  func distanceSaturates() {
    let start = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1))
    let end = DispatchQueue.SchedulerTimeType(.distantFuture)
    #expect(start.distance(to: end) == .nanoseconds(.max))
    #expect(end.distance(to: start) == .nanoseconds(.min))
  }
}
