#if GTK
import Bindings
import CGTK
import Foundation

/// A top-level window (`GtkWindow`).
///
/// ```swift
/// let window = Window(title: "Profile")
/// window.child = Label("Hello")
/// window.reactive.title <~ viewModel.$name.map { "Profile — \($0)" }
/// window.present()
/// ```
///
/// GTK owns an open window; the wrapper and everything bound into the window's widgets are released
/// when it is closed or destroyed.
@MainActor
public class Window: Widget {
  /// A new, hidden window.
  public init(title: String? = nil, width: Int = -1, height: Int = -1) {
    // GTK keeps the reference gtk_window_new returns in its list of toplevels until the window is
    // destroyed; the wrapper takes one of its own.
    super.init(gtk_window_new(), ownership: .borrowed)
    DestroyedWindows.watch(self)
    if let title { self.title = title }
    if width > 0 || height > 0 { setDefaultSize(width: width, height: height) }
  }

  /// The open windows that have a Swift wrapper, in GTK's order (the order they were made).
  ///
  /// A window is open from the moment it is made (shown or not) until it is closed or destroyed. Windows
  /// that GTK made without a wrapper (its own dialogs) are not listed. Use it to find an app's windows
  /// wherever they were made:
  ///
  /// ```swift
  /// let editor = Window(title: "Editor")
  /// let preview = Window(title: "Preview")
  /// print(Window.open.map(\.title))  // [Optional("Editor"), Optional("Preview")]
  /// preview.destroy()
  /// print(Window.open.map(\.title))  // [Optional("Editor")]
  /// for window in Window.open { window.close() }
  /// ```
  ///
  /// - Complexity: O(n) in the number of open windows.
  public static var open: [Window] {
    WidgetTree.toplevels().compactMap { GObjectWrapper.wrapper(for: $0) as? Window }
  }

  /// The window as GTK's `GtkWindow *`.
  public var window: UnsafeMutablePointer<GtkWindow> { cast() }

  /// The title (`title`).
  public var title: String? {
    get { gtk_window_get_title(window).map { String(cString: $0) } }
    set { lendingOptionalCString(newValue) { gtk_window_set_title(window, $0) } }
  }

  /// The window's one child.
  public var child: Widget? {
    get { gtk_window_get_child(window).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_window_set_child(window, newValue?.widget) }
  }

  /// The size the window opens at.
  public func setDefaultSize(width: Int, height: Int) {
    gtk_window_set_default_size(window, Int32(width), Int32(height))
  }

  /// Shows the window and brings it to the front.
  public func present() { gtk_window_present(window) }

  /// Asks the window to close, as its close button does: `close-request` is emitted first.
  public func close() { gtk_window_close(window) }

  /// Destroys the window at once, without `close-request`: its bindings end, its children are
  /// released, and the wrapper takes no more bindings.
  public func destroy() {
    gtk_window_destroy(window)
    // GTK disposes only a window nobody else references; this wrapper does, so it disposes it.
    if !isDisposed { g_object_run_dispose(object) }
  }
}

/// Disposes a window that GTK has destroyed while Swift still holds its wrapper.
///
/// `gtk_window_destroy` (what closing a window ends in) drops GTK's own reference and hides the
/// window, but does not dispose an object someone else still references. Held by a wrapper, the
/// window would keep its children and their bindings alive, hidden. So each window wrapper is
/// watched, and once its window has left GTK's list of toplevels it is disposed on the loop's next
/// turn, as GTK 3's `gtk_widget_destroy` did: its bindings end and its children are released.
@MainActor
private enum DestroyedWindows {
  private static var watched: [ObjectIdentifier: WeakWindow] = [:]
  private static var isConnected = false
  private static var isCheckScheduled = false

  private struct WeakWindow {
    weak var window: Window?
  }

  static func watch(_ window: Window) {
    watched = watched.filter { $0.value.window != nil }
    watched[ObjectIdentifier(window)] = WeakWindow(window: window)
    guard !isConnected else { return }
    isConnected = true
    ItemsChangedHandler.connect(to: gtk_window_get_toplevels()) { _, removed, _ in
      if removed > 0 { DestroyedWindows.scheduleCheck() }
    }
  }

  /// Checks after GTK has finished destroying the window, not in the middle of it.
  private static func scheduleCheck() {
    guard !isCheckScheduled else { return }
    isCheckScheduled = true
    g_idle_add_full(
      G_PRIORITY_HIGH_IDLE,
      { _ in
        MainActor.assumeIsolated { DestroyedWindows.disposeDestroyedWindows() }
        return 0
      }, nil, nil)
  }

  private static func disposeDestroyedWindows() {
    isCheckScheduled = false
    let open = Set(WidgetTree.toplevels().map { UnsafeMutableRawPointer($0) })
    let destroyed = watched.values.compactMap(\.window).filter {
      !$0.isDisposed && !open.contains(UnsafeMutableRawPointer($0.object))
    }
    for window in destroyed { g_object_run_dispose(window.object) }
  }
}

@MainActor
extension Reactive where Base: Window {
  /// The window's title: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// window.reactive.title <~ document.$name.map { "\($0) — Editor" }
  /// ```
  public var title: BindingEndpoint<Base, String?> {
    property("title", get: { $0.title }, set: { $0.title = $1 })
  }

  /// One `Void` each time the user (or ``Window/close()``) asks to close the window. The window
  /// closes as usual afterwards.
  ///
  /// ```swift
  /// window.reactive.closeRequest ~> viewModel.reactive.saveDraft
  /// ```
  public var closeRequest: SignalPublisher<Void> {
    SignalPublisher(base, signal: "close-request", shape: .returningBoolean) { _ in () }
  }
}
#endif
