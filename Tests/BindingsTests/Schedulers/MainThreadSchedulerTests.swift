import Dispatch
import Foundation
import Testing

@testable import Bindings

// Serialized: an action pending from a parallel test would rightly make a main-thread action wait.
extension MainThreadSerialized {
  @Suite("MainThreadScheduler", .serialized, .releasesEveryObject)
  struct MainThreadSchedulerTests {
    @Test("under swift test the main queue is serviced, on the thread that runs the main actor")
    @MainActor
    func mainQueueIsServiced() async {
      #expect(MainThreadScheduler.shared.isMainThread)
      let ranOnMainQueue = await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume(returning: MainThreadScheduler.shared.isMainThread) }
      }
      #expect(ranOnMainQueue)
    }

    @Test("a background thread is not the main thread")
    func backgroundIsNotMain() async {
      let onMain = await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: MainThreadScheduler.shared.isMainThread) }
      }
      #expect(!onMain)
    }

    @Test("the process's main thread is remembered per thread: threads asked first do not decide for others")
    func mainThreadIdentityIsPerThread() async {
      // Several threads ask, each twice; every answer must agree with Foundation's own.
      let answers = await withTaskGroup(of: [Bool].self) { group in
        for _ in 0..<4 {
          group.addTask {
            await withCheckedContinuation { continuation in
              Thread.detachNewThread {
                let first = ProcessMainThread.isCurrent
                let second = ProcessMainThread.isCurrent
                continuation.resume(returning: [first, second, Thread.isMainThread])
              }
            }
          }
        }
        var all: [[Bool]] = []
        for await answer in group { all.append(answer) }
        return all
      }
      #expect(answers.count == 4)
      for answer in answers { #expect(answer == [false, false, false]) }
      let here = (ProcessMainThread.isCurrent, ProcessMainThread.isCurrent)
      #expect(here.0 == Thread.isMainThread)
      #expect(here.1 == Thread.isMainThread)
    }

    @Test("on the main thread, the action runs before schedule returns")
    @MainActor
    func runsSynchronouslyOnTheMainThread() {
      let log = SchedulerTestLog()
      MainThreadScheduler.shared.schedule { log.append("action") }
      log.append("returned")
      #expect(log.entries == ["action", "returned"])
    }

    @Test("from a background thread, the action runs later on the main thread")
    func hopsFromABackgroundThread() async {
      let ranOnMainThread = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        DispatchQueue.global().async {
          MainThreadScheduler.shared.schedule {
            continuation.resume(returning: MainThreadScheduler.shared.isMainThread)
          }
        }
      }
      #expect(ranOnMainThread)
    }

    @Test("an action scheduled on the main thread waits behind one still pending from another thread")
    @MainActor
    func keepsOrderBehindPendingActions() async {
      let log = SchedulerTestLog()
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        // The main actor is busy with this test, so the hop cannot run before the next line.
        DispatchQueue.global().sync {
          MainThreadScheduler.shared.schedule { log.append("from background") }
        }
        MainThreadScheduler.shared.schedule {
          log.append("from main")
          continuation.resume()
        }
        #expect(log.entries.isEmpty)
      }
      #expect(log.entries == ["from background", "from main"])
      MainThreadScheduler.shared.schedule { log.append("once drained, at once again") }
      #expect(log.entries.last == "once drained, at once again")
    }

    @Test("a delayed action runs on the main thread")
    func delayedActionRunsOnTheMainThread() async {
      let scheduler = MainThreadScheduler.shared
      let ranOnMainThread = await withCheckedContinuation { continuation in
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1))) {
          continuation.resume(returning: MainThreadScheduler.shared.isMainThread)
        }
      }
      #expect(ranOnMainThread)
    }

    @Test("a repeating action runs on the main thread until cancelled")
    @MainActor
    func repeatingActionStopsWhenCancelled() async {
      let scheduler = MainThreadScheduler.shared
      let log = SchedulerTestLog()
      var token: (any Cancellable)?
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        token = scheduler.schedule(after: scheduler.now, interval: .milliseconds(1)) {
          log.append("tick")
          if log.entries.count == 3 {
            token?.cancel()
            continuation.resume()
          }
        }
      }
      #expect(log.entries == ["tick", "tick", "tick"])
    }
  }
}
