import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("TestScheduler", .timeLimit(.minutes(1)), .releasesEveryObject)
struct TestSchedulerTests {
  typealias Time = TestScheduler.SchedulerTimeType

  @Test("nothing runs until the scheduler is advanced")
  func nothingRunsUntilAdvanced() {
    let scheduler = TestScheduler()
    var log: [String] = []
    scheduler.schedule { log.append("now") }
    #expect(log.isEmpty)
    scheduler.advance()
    #expect(log == ["now"])
  }

  @Test("advancing runs due actions in time order, with the clock at each action's time")
  func runsInTimeOrder() {
    let scheduler = TestScheduler()
    var log: [String] = []
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { log.append("2s at \(scheduler.now)") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("1s at \(scheduler.now)") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(3))) { log.append("3s at \(scheduler.now)") }
    scheduler.advance(by: .milliseconds(2500))
    #expect(log == ["1s at 1000000000ns", "2s at 2000000000ns"])
    #expect(scheduler.now == Time(nanoseconds: 2_500_000_000))
    scheduler.advance(to: Time(nanoseconds: 3_000_000_000))
    #expect(log.last == "3s at 3000000000ns")
  }

  @Test("actions due at the same instant run in the order they were scheduled")
  func equalTimesAreFIFO() {
    let scheduler = TestScheduler()
    var log: [Int] = []
    let date = scheduler.now.advanced(by: .seconds(1))
    for index in 0..<5 { scheduler.schedule(after: date) { log.append(index) } }
    scheduler.schedule { log.append(-1) }
    scheduler.advance(by: .seconds(1))
    #expect(log == [-1, 0, 1, 2, 3, 4])
  }

  @Test("an action scheduled inside an action runs in the same advance if it is due")
  func nestedSchedulingRunsWhenDue() {
    let scheduler = TestScheduler()
    var log: [String] = []
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
      log.append("outer")
      scheduler.schedule { log.append("inner now") }
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("inner +1s") }
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { log.append("inner +5s") }
    }
    scheduler.advance(by: .seconds(2))
    #expect(log == ["outer", "inner now", "inner +1s"])
    #expect(scheduler.scheduledActionCount == 1)
  }

  @Test("an action scheduled in the past runs on the next advance without moving the clock back")
  func pastDatesRunOnNextAdvance() {
    let scheduler = TestScheduler(now: Time(nanoseconds: 1_000))
    var ranAt: Time?
    scheduler.schedule(after: Time(nanoseconds: 0)) { ranAt = scheduler.now }
    scheduler.advance()
    #expect(ranAt == Time(nanoseconds: 1_000))
  }

  @Test("a repeating action runs at its date and every interval until cancelled")
  func repeatingActions() {
    let scheduler = TestScheduler()
    var ticks: [Int64] = []
    let token = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(2)) {
      ticks.append(scheduler.now.nanoseconds / 1_000_000_000)
    }
    scheduler.advance(by: .seconds(6))
    #expect(ticks == [1, 3, 5])
    token.cancel()
    scheduler.advance(by: .seconds(10))
    #expect(ticks == [1, 3, 5])
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test("a repeating action can cancel itself from inside its own tick")
  func repeatingActionCancelsItself() {
    let scheduler = TestScheduler()
    var ticks = 0
    var token: (any Cancellable)?
    token = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {
      ticks += 1
      if ticks == 2 { token?.cancel() }
    }
    scheduler.run()
    #expect(ticks == 2)
  }

  @Test("run() runs everything, moving the clock to the last action")
  func runDrainsAll() {
    let scheduler = TestScheduler()
    var log: [String] = []
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) {
      log.append("10s")
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { log.append("15s") }
    }
    scheduler.run()
    #expect(log == ["10s", "15s"])
    #expect(scheduler.now == Time(nanoseconds: 15_000_000_000))
  }

  @Test("a released repeating-action token cancels the action")
  func releasedTokenCancels() {
    let scheduler = TestScheduler()
    var ticks = 0
    do {
      let token = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks += 1 }
      scheduler.advance()
      _ = token
    }
    scheduler.advance(by: .seconds(5))
    #expect(ticks == 1)
  }

  @Test("time arithmetic is in nanoseconds and saturates")
  func timeArithmetic() {
    let start = Time(nanoseconds: 0)
    #expect(start.advanced(by: .milliseconds(1)) == Time(nanoseconds: 1_000_000))
    #expect(Time(nanoseconds: 5).distance(to: Time(nanoseconds: 2)) == .nanoseconds(-3))
    #expect(Time(nanoseconds: .max).advanced(by: .seconds(1)) == Time(nanoseconds: .max))
  }

  @Test("scheduling from many threads at once is safe, and everything runs once")
  func concurrentScheduling() {
    let scheduler = TestScheduler()
    let counter = SchedulerTestLog()
    DispatchQueue.concurrentPerform(iterations: 100) { index in
      scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(index))) { counter.append("\(index)") }
    }
    scheduler.advance(by: .seconds(1))
    #expect(counter.entries == (0..<100).map { "\($0)" })
  }

  @Test("sleep(for:) resumes when the scheduler is advanced past its deadline")
  func sleepResumesOnAdvance() async throws {
    let scheduler = TestScheduler()
    let log = SchedulerTestLog()
    let task = Task {
      try await scheduler.sleep(for: .seconds(1))
      log.append("woke at \(scheduler.now)")
      try await scheduler.sleep(for: .seconds(1))
      log.append("woke again at \(scheduler.now)")
    }
    await scheduler.advance(by: .milliseconds(999))
    #expect(log.entries.isEmpty)
    await scheduler.advance(by: .milliseconds(1001))
    try await task.value
    #expect(log.entries == ["woke at 1000000000ns", "woke again at 2000000000ns"])
  }

  @Test("run() async lets a looping sleeper go through all its steps")
  func runAsyncDrivesALoop() async throws {
    let scheduler = TestScheduler()
    let log = SchedulerTestLog()
    let task = Task {
      for step in 1...3 {
        try await scheduler.sleep(for: .seconds(1))
        log.append("step \(step) at \(scheduler.now)")
      }
    }
    await scheduler.run()
    try await task.value
    #expect(log.entries == ["step 1 at 1000000000ns", "step 2 at 2000000000ns", "step 3 at 3000000000ns"])
  }

  @Test("sleep(until:) a past date returns at once")
  func sleepUntilPastReturns() async throws {
    let scheduler = TestScheduler(now: Time(nanoseconds: 100))
    try await scheduler.sleep(until: Time(nanoseconds: 50))
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test("cancelling a sleeping task throws CancellationError and removes its wake-up")
  func sleepIsCancellable() async {
    let scheduler = TestScheduler()
    let task = Task { try await scheduler.sleep(for: .seconds(1)) }
    await scheduler.advance()
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(scheduler.scheduledActionCount == 0)
  }
}
