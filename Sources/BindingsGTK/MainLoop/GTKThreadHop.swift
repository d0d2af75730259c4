#if GTK
import CGTK
import Foundation
import Synchronization

/// The one way BindingsGTK's own code gets to GTK's thread: writes into widgets, connecting and
/// disconnecting signal handlers, redraws.
///
/// The ordering guarantee: **work handed over here runs on GTK's thread, in the order it was handed
/// over** — from one thread in program order, and across threads in any order consistent with what
/// happens before what. Work handed over on GTK's thread runs at once, unless earlier work handed
/// over elsewhere is still on its way there; then it queues behind it. Work handed over on any other
/// thread queues on the main dispatch queue, which GTK's loop runs (``MainQueueBridge``).
///
/// So a value sent on a background thread and then one sent on GTK's thread are written in that
/// order, and a subscription made on GTK's thread in a program that never leaves it connects at once.
/// Work queued on the main queue by other means (`DispatchQueue.main.async` in user code) is not
/// ordered with it.
enum GTKThreadHop {
  /// How many pieces of work have been queued for GTK's thread and not yet started: while any has,
  /// work handed over on GTK's thread queues behind them instead of overtaking them.
  private static let queued = Atomic<Int>(0)

  /// Whether the caller may do GTK work now without overtaking earlier work: it is on GTK's thread
  /// and nothing handed over earlier is still queued. Costs two atomic loads and `pthread_self()`.
  ///
  /// For hot paths that avoid making a closure when they can run at once:
  /// `if GTKThreadHop.mayRunNow { write() } else { GTKThreadHop.enqueue { write() } }`.
  @inline(__always)
  static var mayRunNow: Bool {
    queued.load(ordering: .acquiring) == 0 && GTK.isGTKThread
  }

  /// Runs `work` on GTK's thread, keeping the order above: at once when ``mayRunNow``, otherwise
  /// after everything queued before it.
  @inline(__always)
  static func perform(_ work: @escaping @MainActor () -> Void) {
    if mayRunNow {
      MainActor.runUnchecked(work)
    } else {
      enqueue(work)
    }
  }

  /// Queues `work` for GTK's thread behind everything queued before it; call only when
  /// ``mayRunNow`` is false (or to run it later on purpose).
  static func enqueue(_ work: @escaping @MainActor () -> Void) {
    queued.add(1, ordering: .acquiringAndReleasing)
    DispatchQueue.main.async {
      queued.subtract(1, ordering: .acquiringAndReleasing)
      GTK.assertGTKThread("Work hopped to GTK's thread")
      MainActor.runUnchecked(work)
    }
  }
}
#endif
