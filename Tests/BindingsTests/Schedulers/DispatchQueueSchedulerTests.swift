import Dispatch
import Testing

@testable import Bindings

@Suite("DispatchQueue as a scheduler", .releasesEveryObject)
struct DispatchQueueSchedulerTests {
  typealias Stride = DispatchQueue.SchedulerTimeType.Stride

  @Test("strides convert units, treat literals as seconds, and saturate")
  func strideArithmetic() {
    #expect(Stride.seconds(1) == .milliseconds(1000))
    #expect(Stride.milliseconds(1) == .microseconds(1000))
    #expect(Stride.microseconds(1) == .nanoseconds(1000))
    #expect(Stride.seconds(1.5) == .milliseconds(1500))
    #expect((2 as Stride) == .seconds(2))
    #expect((0.25 as Stride) == .milliseconds(250))
    #expect(Stride.seconds(Int.max).nanoseconds == .max)
    #expect(Stride.milliseconds(300) - .milliseconds(500) == .milliseconds(-200))
    #expect((2 as Stride) * 1.5 == .seconds(3))
    #expect(Stride(.milliseconds(7)) == .milliseconds(7))
    #expect(Stride(.never).nanoseconds == .max)
  }

  @Test("time types measure signed distances and advance")
  func timeArithmetic() {
    let start = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000))
    let later = start.advanced(by: .nanoseconds(500))
    #expect(start.distance(to: later) == .nanoseconds(500))
    #expect(later.distance(to: start) == .nanoseconds(-500))
    #expect(later.advanced(by: .nanoseconds(-500)) == start)
    #expect(start < later)
  }

  @Test("runs actions on the queue, delayed ones no sooner than their date")
  func runsActionsOnTheQueue() async {
    let queue = DispatchQueue(label: "DispatchQueueSchedulerTests")
    let log = SchedulerTestLog()
    let date = queue.now.advanced(by: .milliseconds(5))
    let elapsed = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      queue.schedule { log.append("now") }
      queue.schedule(after: date) {
        log.append("after")
        continuation.resume(returning: queue.now >= date)
      }
    }
    #expect(elapsed)
    #expect(log.entries == ["now", "after"])
  }

  @Test("a repeating action stops when cancelled")
  func repeatingActionStops() async {
    let queue = DispatchQueue(label: "DispatchQueueSchedulerTests.repeating")
    let log = SchedulerTestLog()
    nonisolated(unsafe) var token: (any Cancellable)?
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.sync {
        token = queue.schedule(after: queue.now, interval: .milliseconds(1)) {
          log.append("tick")
          if log.entries.count == 3 {
            token?.cancel()
            continuation.resume()
          }
        }
      }
    }
    queue.sync {}
    #expect(log.entries == ["tick", "tick", "tick"])
  }
}
