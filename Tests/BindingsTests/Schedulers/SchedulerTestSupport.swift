import Foundation

/// A thread-safe list of what happened, for scheduler tests whose actions run on other threads.
final class SchedulerTestLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ entry: String) { lock.withLock { stored.append(entry) } }

  var entries: [String] { lock.withLock { stored } }
}
