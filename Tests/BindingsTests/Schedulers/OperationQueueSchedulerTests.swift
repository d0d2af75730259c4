import Foundation
import Testing

@testable import Bindings

@Suite("OperationQueue as a scheduler", .releasesEveryObject)
struct OperationQueueSchedulerTests {
  @Test("runs immediate and delayed actions as operations on the queue")
  func runsActions() async {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let log = SchedulerTestLog()
    let date = queue.now.advanced(by: .milliseconds(3))
    let onTime = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      queue.schedule { log.append(OperationQueue.current === queue ? "now, on queue" : "now, elsewhere") }
      queue.schedule(after: date) {
        log.append(OperationQueue.current === queue ? "after, on queue" : "after, elsewhere")
        continuation.resume(returning: queue.now >= date)
      }
    }
    #expect(onTime)
    #expect(log.entries == ["now, on queue", "after, on queue"])
  }

  @Test("a repeating action stops when cancelled and never overlaps itself")
  func repeatingAction() async {
    let queue = OperationQueue()
    let log = SchedulerTestLog()
    let token = SchedulerTestToken()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      token.set(
        queue.schedule(after: queue.now, interval: .milliseconds(1)) {
          // Under load the first ticks can come before `schedule` returns and the token is stored.
          token.waitUntilSet()
          log.append("tick")
          if log.entries.count == 3 {
            token.cancel()
            continuation.resume()
          }
        })
    }
    #expect(log.entries == ["tick", "tick", "tick"])
    // Twenty intervals later, still three.
    try? await Task.sleep(for: .milliseconds(20))
    #expect(log.entries == ["tick", "tick", "tick"])
  }
}
