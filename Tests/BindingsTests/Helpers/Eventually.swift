import Foundation

/// Waits until `condition` holds, for at most `seconds`; returns whether it held. For work that another
/// thread finishes asynchronously (a subject's drain handed to a background thread), not for timing.
@discardableResult
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while !condition() {
    if Date() > deadline { return false }
    Thread.sleep(forTimeInterval: 0.001)
  }
  return true
}

/// Waits in an async test until `condition` holds, polling it once a millisecond at most `polls` times;
/// returns whether it held.
///
/// It counts polls, not wall time, on purpose: the tasks a condition waits for run on the same
/// cooperative pool as the polling task, and while other tests keep that pool's threads busy (a
/// stress test on a 2-core machine, a thread-join in a synchronous test) neither runs. A wall-clock
/// deadline would expire during such a stall and fail a test whose tasks were merely queued; a poll
/// count pauses with them. A real hang still fails, after `polls` chances the waited-for tasks had.
///
/// ```swift
/// #expect(await eventuallyPolled { outcomes.count == 2 })
/// ```
func eventuallyPolled(polls: Int = 10_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<polls {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}
