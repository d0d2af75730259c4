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
/// Foundation's `RunLoop.main` timers (`Timer.publish(every:on: .main, in:)`,
/// `Timer.scheduledTimer`) are fired by a second source. Before GTK's loop sleeps, the source reads
/// the main run loop's next timer date (a read with no side effects) and asks GLib to wake it then;
/// when it is due, it runs the run loop once without waiting, which fires the due timers. A timer
/// made at any point, by any code that runs on GTK's thread, is seen before the loop next sleeps;
/// with no timer, the source adds no wake-up.
enum MainQueueBridge {
  /// How many times each source has run: tests check that an idle loop runs neither.
  nonisolated(unsafe) private(set) static var mainQueueWakeUps = 0
  nonisolated(unsafe) private(set) static var runLoopChecks = 0

  /// Installs both sources on GTK's (the default) main context. Called once, by `GTK.initialize()`.
  static func install() {
    let handle = _dispatch_get_main_queue_handle_4CF()
    g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, handle, G_IO_IN,
      { fd, _, _ in
        MainQueueBridge.mainQueueWakeUps += 1
        cgtk_eventfd_clear(fd)
        _dispatch_main_queue_callback_4CF(nil)
        return 1  // G_SOURCE_CONTINUE
      }, nil, nil)

    let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    funcs.initialize(to: GSourceFuncs())
    funcs.pointee.prepare = { _, timeout in
      let wait = MainQueueBridge.secondsUntilNextTimer()
      guard let wait else {
        timeout?.pointee = -1
        return 0
      }
      if wait <= 0 { return 1 }
      timeout?.pointee = gint(min((wait * 1000).rounded(.up), Double(Int32.max)))
      return 0
    }
    funcs.pointee.check = { _ in
      guard let wait = MainQueueBridge.secondsUntilNextTimer() else { return 0 }
      return wait <= 0 ? 1 : 0
    }
    funcs.pointee.dispatch = { _, _, _ in
      MainQueueBridge.runLoopChecks += 1
      _ = RunLoop.main.limitDate(forMode: .default)
      return 1
    }
    // Never freed: the source lives as long as the process.
    let source = g_source_new(funcs, guint(MemoryLayout<GSource>.size))!
    g_source_set_name(source, "BindingsGTK RunLoop.main timers")
    g_source_attach(source, nil)
  }

  /// Seconds until the main run loop's next timer is due (zero or less: due now), or `nil` when it
  /// has no timer.
  private static func secondsUntilNextTimer() -> Double? {
    let next = cgtk_CFRunLoopGetNextTimerFireDate(cgtk_CFRunLoopGetMain(), cgtk_kCFRunLoopDefaultMode)
    guard next != 0 else { return nil }
    return next - cgtk_CFAbsoluteTimeGetCurrent()
  }
}
#endif
