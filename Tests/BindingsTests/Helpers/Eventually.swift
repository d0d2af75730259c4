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
