import Foundation
import Testing

/// A value whose deinit runs a probe, to check what may happen where the library lets a user's value
/// go: a deinit is user code, and must never run while the library holds a lock.
///
/// ```swift
/// let probe = ReleaseProbe { expectNoLockHeld { subscription.request(.max(1)) } }
/// ```
final class ReleaseProbe: @unchecked Sendable, CustomStringConvertible {
  let id: Int
  private let onDeinit: () -> Void

  init(_ id: Int, onDeinit: @escaping () -> Void = {}) {
    self.id = id
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }

  var description: String { "ReleaseProbe(\(id))" }
}

/// Runs `body` on another thread and waits for it to finish: a `body` that needs a lock the calling
/// thread holds records a deadlock (after a generous timeout) instead of hanging the run.
func expectNoLockHeld(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () -> Void
) {
  runOnThreads(1, name: "re-entry from user code", timeout: 10, sourceLocation: sourceLocation) { _ in body() }
}
