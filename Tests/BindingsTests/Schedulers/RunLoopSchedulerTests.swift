import Foundation
import Testing

@testable import Bindings

@Suite("RunLoop as a scheduler", .releasesEveryObject)
struct RunLoopSchedulerTests {
  typealias Stride = RunLoop.SchedulerTimeType.Stride

  @Test("strides are seconds")
  func strideArithmetic() {
    #expect(Stride.milliseconds(250) == 0.25)
    #expect(Stride.seconds(2) + .microseconds(500_000) == 2.5)
    let start = RunLoop.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 100))
    #expect(start.distance(to: start.advanced(by: .seconds(3))) == 3)
  }

  @Test(
    "runs immediate, delayed and repeating actions on the loop's own thread, including from other threads, waking a waiting loop"
  )
  func runsActionsOnTheLoop() async {
    let log = SchedulerTestLog()
    let done = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let thread = Thread {
        nonisolated(unsafe) let loop = RunLoop.current
        let loopThread = pthread_self()
        let finished = SchedulerTestFlag()
        var ticks = 0
        var token: (any Cancellable)?
        loop.schedule { log.append("now") }
        loop.schedule(after: loop.now.advanced(by: .milliseconds(2))) { log.append("after") }
        token = loop.schedule(after: loop.now.advanced(by: .milliseconds(5)), interval: .milliseconds(1)) {
          ticks += 1
          if ticks == 2 {
            token?.cancel()
            log.append("two ticks")
            DispatchQueue.global().async {
              loop.schedule {
                log.append(pthread_equal(pthread_self(), loopThread) != 0 ? "hop on loop thread" : "hop elsewhere")
                finished.set()
              }
            }
          }
        }
        let deadline = Date().addingTimeInterval(5)
        while !finished.isSet && Date() < deadline {
          _ = loop.run(mode: .default, before: Date().addingTimeInterval(2))
        }
        continuation.resume(returning: finished.isSet)
      }
      thread.start()
    }
    #expect(done)
    #expect(log.entries == ["now", "after", "two ticks", "hop on loop thread"])
  }
}
