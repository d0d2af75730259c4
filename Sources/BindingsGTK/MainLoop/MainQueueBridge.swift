#if GTK
import CGTK
import Foundation

/// Makes GTK's loop run the main dispatch queue and the main run loop's timers, with no polling.
///
/// libdispatch signals work for the main queue on a handle meant for a run loop (on Linux an
/// eventfd; CoreFoundation's run loop watches it on Apple platforms). A GLib source watches that
/// handle: when it becomes readable, the source reads it (which clears it) and asks libdispatch to
/// drain the main queue, on GTK's thread, which is the thread the main queue is bound to. So
/// `DispatchQueue.main.async`, `@MainActor` jobs (the main actor's executor is the main queue),
/// `MainThreadScheduler` hops and `receive(on: DispatchQueue.main)` run inside GTK's loop, and an
/// idle application sleeps in `poll` with nothing to wake it.
///
/// Foundation's `RunLoop.main` timers (`Timer.publish(every:on: .main, in:)`) are fired by a second
/// source whose ready time is the run loop's next timer date. It looks at the run loop again after
/// every main-queue drain and every signal a binding handles, the moments at which new timers are
/// made; a timer added from another thread with no main-queue work after it waits for the next such
/// moment (documented in the article "Binding GTK widgets").
enum MainQueueBridge {
  /// The source that fires the main run loop's timers, once installed.
  nonisolated(unsafe) private static var runLoopSource: UnsafeMutablePointer<GSource>?
  nonisolated(unsafe) private(set) static var mainQueueWakeUps = 0

  /// Installs both sources on GTK's (the default) main context. Called once, by `GTK.initialize()`.
  static func install() {
    let handle = _dispatch_get_main_queue_handle_4CF()
    g_unix_fd_add_full(G_PRIORITY_DEFAULT, handle, G_IO_IN, { fd, _, _ in
      MainQueueBridge.mainQueueWakeUps += 1
      cgtk_eventfd_clear(fd)
      _dispatch_main_queue_callback_4CF(nil)
      MainQueueBridge.runLoopMayHaveChanged()
      return 1  // G_SOURCE_CONTINUE
    }, nil, nil)

    let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    funcs.initialize(to: GSourceFuncs())
    funcs.pointee.dispatch = { source, _, _ in
      MainQueueBridge.fireRunLoopTimers(source!)
      return 1
    }
    let source = g_source_new(funcs, guint(MemoryLayout<GSource>.size))!
    g_source_set_name(source, "BindingsGTK RunLoop.main timers")
    g_source_set_ready_time(source, 0)
    g_source_attach(source, nil)
    runLoopSource = source
  }

  /// Makes the timer source look at `RunLoop.main` on the loop's next turn.
  static func runLoopMayHaveChanged() {
    if let runLoopSource { g_source_set_ready_time(runLoopSource, 0) }
  }

  /// Fires the main run loop's due timers and sleeps until its next one.
  private static func fireRunLoopTimers(_ source: UnsafeMutablePointer<GSource>) {
    let next = RunLoop.main.limitDate(forMode: .default)
    guard let next, next != .distantFuture else {
      g_source_set_ready_time(source, -1)
      return
    }
    let microseconds = max(0, next.timeIntervalSinceNow) * 1_000_000
    g_source_set_ready_time(source, g_get_monotonic_time() + gint64(min(microseconds, 86_400_000_000)))
  }
}
#endif
