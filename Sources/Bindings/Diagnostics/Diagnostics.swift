/// Where the library's diagnostics go: standard error, and, for tests, the observer of the current
/// task.
///
/// A diagnostic tells the developer about a binding refused, ended or made in a way that probably
/// loses data (see the Misuse article). The observer is a task-local value, so a test sees only the
/// diagnostics made inside its own task (on its thread, or on a thread it waits for only if that
/// thread runs in the same task), however many tests run at once:
///
/// ```swift
/// let messages = Locked<[String]>([])
/// Diagnostics.$observer.withValue({ message in messages.withLock { $0.append(message) } }) {
///   let name = MutableProperty("Ada")
///   name <~> name
/// }
/// print(messages.withLock { $0 })   // prints ["Bindings: MutableProperty<String> <~> itself does nothing; …"]
/// ```
enum Diagnostics {
  /// Called with every diagnostic made inside the task, as written to standard error (without the
  /// final line break).
  @TaskLocal static var observer: (@Sendable (String) -> Void)?

  /// Writes `message` to standard error, and hands it to the task's observer.
  static func report(_ message: String) {
    writeToStandardError(message + "\n")
    observer?(message)
  }
}
