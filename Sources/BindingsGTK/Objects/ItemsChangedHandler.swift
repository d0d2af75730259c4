#if GTK
import CGTK

/// A Swift closure connected to a `GListModel`'s `items-changed` signal that has no wrapper (the
/// list of toplevel windows): GLib holds the closure from connecting until the handler is
/// disconnected or the model is finalized, and releases it then through the destroy notify.
///
/// ```swift
/// ItemsChangedHandler.connect(to: gtk_window_get_toplevels()) { _, removed, _ in
///   if removed > 0 { print("a window closed") }
/// }
/// ```
final class ItemsChangedHandler {
  /// Called on GTK's thread with the signal's position, removed and added counts.
  private let body: @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void

  private init(_ body: @escaping @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void) {
    self.body = body
  }

  /// Connects `body` to `items-changed` of `model`; returns the handler's ID, for
  /// `g_signal_handler_disconnect`.
  @discardableResult
  static func connect(
    to model: OpaquePointer,
    _ body: @escaping @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void
  ) -> gulong {
    let callback: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
      _, position, removed, added, handler in
      guard let handler else { return }
      let body = Unmanaged<ItemsChangedHandler>.fromOpaque(handler).takeUnretainedValue().body
      MainActor.assumeIsolated { body(position, removed, added) }
    }
    return g_signal_connect_data(
      UnsafeMutableRawPointer(model),
      "items-changed",
      unsafeBitCast(callback, to: GCallback.self),
      Unmanaged.passRetained(ItemsChangedHandler(body)).toOpaque(),
      { handler, _ in handler.map { Unmanaged<ItemsChangedHandler>.fromOpaque($0).release() } },
      GConnectFlags(0)
    )
  }
}
#endif
