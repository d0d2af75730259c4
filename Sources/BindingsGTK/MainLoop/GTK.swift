#if GTK
import Bindings
import CGTK
import Foundation
import Synchronization

/// GTK itself: starting it, and the thread it runs on.
///
/// Call ``initialize()`` once, on the process's main thread, before making any widget;
/// ``GTKApplication/run(quitsWhenLastWindowCloses:_:)`` does it for you.
///
/// ```swift
/// try GTK.initialize()          // throws GTKError.noDisplay when there is no display
/// let label = Label("Hello")
/// print(label.text)             // prints "Hello"
/// ```
public enum GTK {
  /// Serialises starting GTK.
  private static let startLock = Locked(())

  /// Whether ``initialize()`` has succeeded in this process.
  public static var isInitialized: Bool {
    gtkThreadID.load(ordering: .acquiring) != 0
  }

  /// Starts GTK on the calling thread, and makes GTK's loop run the main dispatch queue.
  ///
  /// Safe to call more than once; later calls do nothing. After it returns, `DispatchQueue.main`,
  /// `@MainActor` work and `RunLoop.main` timers run whenever GTK's loop runs (``GTKApplication``,
  /// or ``iterateMainLoop(until:timeout:)``), with no polling.
  ///
  /// ```swift
  /// do {
  ///   try GTK.initialize()
  /// } catch {
  ///   print(error)   // "No display: DISPLAY and WAYLAND_DISPLAY are unset. …"
  /// }
  /// ```
  ///
  /// - Throws: ``GTKError/notMainThread`` off the process's main thread;
  ///   ``GTKError/noDisplay(_:)`` when there is no display to open (GTK would otherwise abort).
  public static func initialize() throws(GTKError) {
    guard Thread.isMainThread else { throw .notMainThread }
    try startLock.withLock { _ throws(GTKError) in try start() }
  }

  /// Starts GTK unless it has started; called with the start lock held.
  private static func start() throws(GTKError) {
    if isInitialized { return }
    if let problem = displayProblem(in: ProcessInfo.processInfo.environment) { throw problem }
    guard gtk_init_check() != 0 else {
      let environment = ProcessInfo.processInfo.environment
      throw .noDisplay(
        "GTK could not open the display (DISPLAY=\(environment["DISPLAY"] ?? ""), "
          + "WAYLAND_DISPLAY=\(environment["WAYLAND_DISPLAY"] ?? "")). Check that the display server is "
          + "running, or run headless with xvfb-run -a"
      )
    }
    gtkThreadID.store(UInt(pthread_self()), ordering: .releasing)
    MainQueueBridge.install()
  }

  /// Why GTK cannot open a display in `environment`, if that can be told before asking GTK (which
  /// would abort the process on some backends).
  static func displayProblem(in environment: [String: String]) -> GTKError? {
    let display = environment["DISPLAY"] ?? ""
    let wayland = environment["WAYLAND_DISPLAY"] ?? ""
    guard display.isEmpty && wayland.isEmpty else { return nil }
    return .noDisplay(
      "DISPLAY and WAYLAND_DISPLAY are unset. Run under a desktop session, or headless with "
        + "xvfb-run -a -s \"-screen 0 1024x768x24\" (apt install xvfb xauth)"
    )
  }

  /// The thread GTK was started on, as a number, for a check with no lock on every write: 0 until
  /// GTK has started.
  private static let gtkThreadID = Atomic<UInt>(0)

  /// Whether the caller is on the thread GTK runs on. Costs an atomic load and `pthread_self()`.
  public static var isGTKThread: Bool {
    let id = gtkThreadID.load(ordering: .acquiring)
    return id != 0 && id == UInt(pthread_self())
  }

  /// Stops the program with a clear message when GTK is touched before ``initialize()`` or from a
  /// thread other than GTK's. Checked in debug builds; release builds trust the caller.
  @inline(__always)
  static func assertGTKThread(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    #if DEBUG
    if !isGTKThread {
      let reason =
        isInitialized
        ? "\(what()) ran on a thread that is not GTK's; GTK may only be used on the thread that called "
          + "GTK.initialize(). Bindings into widgets hop there by themselves; hop with "
          + "DispatchQueue.main or @MainActor for calls of your own"
        : "\(what()) ran before GTK.initialize() (or GTKApplication.run)"
      preconditionFailure("BindingsGTK: \(reason)", file: file, line: line)
    }
    #endif
  }

  /// Runs GTK's loop until `condition` holds or `timeout` passes, and says whether it held.
  ///
  /// For tests and for waiting inside a synchronous main: events, redraws, the main queue and
  /// `@MainActor` jobs all run meanwhile. The loop sleeps while there is nothing to do.
  ///
  /// ```swift
  /// DispatchQueue.global().async { DispatchQueue.main.async { done = true } }
  /// GTK.iterateMainLoop(until: { done })   // true
  /// ```
  @MainActor @discardableResult
  public static func iterateMainLoop(until condition: () -> Bool, timeout: Duration = .seconds(5)) -> Bool {
    assertGTKThread("GTK.iterateMainLoop")
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      if clock.now >= deadline { return false }
      // Wakes at least every 50 ms to look at the deadline; any event wakes it sooner.
      let wakeUp = g_timeout_add(50, { _ in 0 }, nil)
      g_main_context_iteration(nil, 1)
      removeSourceIfPresent(wakeUp)
    }
    return true
  }

  /// Runs whatever GTK's loop has ready now (events, redraws, the main queue) without waiting.
  @MainActor
  public static func drainMainLoop() {
    assertGTKThread("GTK.drainMainLoop")
    var rounds = 0
    while g_main_context_iteration(nil, 0) != 0 && rounds < 10_000 { rounds += 1 }
  }
}

/// Removes the source with `id` if it is still attached (a one-shot source removes itself).
private func removeSourceIfPresent(_ id: guint) {
  if let source = g_main_context_find_source_by_id(nil, id) { g_source_destroy(source) }
}

/// Why GTK could not be used.
public enum GTKError: Error, CustomStringConvertible, Equatable {
  /// There is no display to open windows on; the message says how to get one.
  case noDisplay(String)
  /// GTK was started, or used, off the process's main thread.
  case notMainThread

  /// What went wrong and what to do about it.
  public var description: String {
    switch self {
    case .noDisplay(let message): "No display: \(message)."
    case .notMainThread:
      "GTK must be started on the process's main thread (the thread that runs main.swift, or XCTest's)."
    }
  }
}
#endif
