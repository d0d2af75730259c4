import BindingsTesting

@testable import Bindings

/// Runs `body` and returns the diagnostics the library reported inside it (what it also wrote to
/// standard error), through the task-local observer, so tests running at the same time do not mix.
func diagnostics(_ body: () -> Void) -> [String] {
  let messages = Locked<[String]>([])
  Diagnostics.observing({ message in messages.withLock { $0.append(message) } }, during: body)
  return messages.withLock { $0 }
}
