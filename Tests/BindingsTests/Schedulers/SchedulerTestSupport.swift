import Bindings
import Foundation

/// A thread-safe list of what happened, for scheduler tests whose actions run on other threads.
final class SchedulerTestLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ entry: String) { lock.withLock { stored.append(entry) } }

  var entries: [String] { lock.withLock { stored } }
}

/// Holds a scheduler's cancellation token where an action running on another thread can reach it.
final class SchedulerTestToken: @unchecked Sendable {
  private let lock = NSLock()
  private var token: (any Bindings.Cancellable)?
  private let wasSet = DispatchSemaphore(value: 0)

  func set(_ token: any Bindings.Cancellable) {
    lock.withLock { self.token = token }
    wasSet.signal()
  }

  /// Waits until ``set(_:)`` has stored the token: an action that may run before `schedule` has
  /// returned (on a loaded machine, a few ticks may) calls this first, so that its `cancel()` reaches
  /// the token.
  func waitUntilSet() {
    wasSet.wait()
    wasSet.signal()
  }

  func cancel() { lock.withLock { token }?.cancel() }
}

/// A flag one thread raises and another polls.
final class SchedulerTestFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false

  func set() { lock.withLock { raised = true } }

  var isSet: Bool { lock.withLock { raised } }
}
