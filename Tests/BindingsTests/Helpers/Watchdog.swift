import Foundation
import Testing

/// Runs `count` bodies at once, each on its own thread, and waits for all of them — but never
/// longer than `timeout`: a deadlock then fails the test with the names of the stuck threads
/// instead of hanging the run. The timeout is a deadlock detector, generous on purpose; it says
/// nothing about speed.
///
/// ```swift
/// runOnThreads(2, name: "send") { index in subject.send(index) }
/// ```
func runOnThreads(
  _ count: Int,
  name: String,
  timeout: TimeInterval = 60,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable (Int) -> Void
) {
  let group = DispatchGroup()
  let finished = ThreadFinishLog(count: count)
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      finished.markFinished(index)
      group.leave()
    }
    thread.name = "\(name) \(index)"
    thread.start()
  }
  if group.wait(timeout: .now() + timeout) == .timedOut {
    Issue.record(
      "deadlock: \(name) threads \(finished.unfinished) did not finish within \(Int(timeout)) s",
      sourceLocation: sourceLocation)
  }
}

/// Which of a set of threads have finished.
private final class ThreadFinishLog: @unchecked Sendable {
  private let lock = NSLock()
  private var done: [Bool]

  init(count: Int) {
    done = Array(repeating: false, count: count)
  }

  func markFinished(_ index: Int) { lock.withLock { done[index] = true } }

  var unfinished: [Int] { lock.withLock { done.indices.filter { !done[$0] } } }
}

/// Waits until `condition` holds, polling, for at most `timeout`; records an issue if it never does.
/// For work that ends on another queue (a scheduler hop), never for timing.
func waitUntil(
  _ what: String,
  timeout: TimeInterval = 60,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline {
      Issue.record(
        "deadlock or lost event: \(what) did not happen within \(Int(timeout)) s", sourceLocation: sourceLocation)
      return
    }
    usleep(200)
  }
}
