#if GTK
import Bindings
import CGTK
import Foundation

/// Runs a GTK program from a synchronous `main`: starts GTK, lets you build windows, and runs GTK's
/// loop — which also runs `DispatchQueue.main`, `@MainActor` work and `RunLoop.main` timers —
/// until ``quit()`` or until the last window closes.
///
/// ```swift
/// // main.swift
/// import Bindings
/// import BindingsGTK
///
/// let model = CounterModel()
/// try GTKApplication.run { app in
///   let count = Label()
///   let add = Button("Add one")
///   count.reactive.text <~ model.$count.map { "Count: \($0)" }
///   add.reactive.clicked ~> model.reactive.increment
///   let window = Window(title: "Counter")
///   window.child = Box(.vertical, spacing: 8, [count, add])
///   window.present()
/// }
/// ```
///
/// With no display, `run` throws ``GTKError/noDisplay(_:)``, whose message names `DISPLAY` and
/// `xvfb-run`, instead of letting GTK abort the process.
@MainActor
public final class GTKApplication {
  private let loop: OpaquePointer

  private init(loop: OpaquePointer) {
    self.loop = loop
  }

  /// Starts GTK, calls `setUp`, and runs GTK's loop until ``quit()`` is called or, when
  /// `quitsWhenLastWindowCloses`, the last open window closes.
  ///
  /// - Parameters:
  ///   - quitsWhenLastWindowCloses: Whether closing the last window ends `run`.
  ///   - setUp: Builds the first windows; called on GTK's thread once GTK has started.
  /// - Throws: ``GTKError`` when GTK cannot start; whatever `setUp` throws.
  public static func run(
    quitsWhenLastWindowCloses: Bool = true,
    _ setUp: (GTKApplication) throws -> Void
  ) throws {
    try GTK.initialize()
    let loop = g_main_loop_new(nil, 0)!
    defer { g_main_loop_unref(loop) }
    let application = GTKApplication(loop: loop)
    var handler: gulong = 0
    let toplevels = gtk_window_get_toplevels()!
    if quitsWhenLastWindowCloses {
      // The handler is disconnected below, before the loop is unreferenced.
      handler = ItemsChangedHandler.connect(to: toplevels) { _, _, _ in
        if WidgetTree.firstToplevel == nil { g_main_loop_quit(loop) }
      }
    }
    defer { if handler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(toplevels), handler) } }
    try setUp(application)
    g_main_loop_run(loop)
  }

  /// Ends ``run(quitsWhenLastWindowCloses:_:)`` once the current event has been handled.
  ///
  /// ```swift
  /// quitButton.reactive.clicked.sink { app.quit() }.store(in: quitButton.bindings)
  /// ```
  public func quit() {
    g_main_loop_quit(loop)
  }
}
#endif
