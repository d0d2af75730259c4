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
/// Diagnostics.observing({ message in messages.withLock { $0.append(message) } }) {
///   let name = MutableProperty("Ada")
///   name <~> name
/// }
/// print(messages.withLock { $0 })   // prints ["Bindings: MutableProperty<String> <~> itself does nothing; …"]
/// ```
///
/// `package`, so that the package's toolkit modules (BindingsGTK) report through it too, and their
/// tests observe what they report.
package enum Diagnostics {
  /// The observer of the current task, if any.
  ///
  /// A class, not the closure itself: a task-local value of an optional `@Sendable` function type,
  /// pushed from a test module's optimised code, crashed in `swift_task_localValuePush` (its type
  /// metadata arrived null) with Swift 6.3.1 on Linux; a class's metadata always comes from its
  /// accessor.
  final class Observer: Sendable {
    let receive: @Sendable (String) -> Void

    init(_ receive: @escaping @Sendable (String) -> Void) {
      self.receive = receive
    }
  }

  /// Called with every diagnostic made inside the task, as written to standard error (without the
  /// final line break).
  @TaskLocal static var observer: Observer?

  /// Runs `body` with `receive` called for every diagnostic reported inside it, in this task.
  @inline(never)
  package static func observing(_ receive: @escaping @Sendable (String) -> Void, during body: () -> Void) {
    $observer.withValue(Observer(receive)) { body() }
  }

  /// Writes `message` to standard error, and hands it to the task's observer.
  package static func report(_ message: String) {
    writeToStandardError(message + "\n")
    observer?.receive(message)
  }
}
