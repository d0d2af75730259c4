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
public final class Window: Widget {
  /// A new, hidden window.
  public init(title: String? = nil, width: Int = -1, height: Int = -1) {
    // GTK keeps the reference gtk_window_new returns in its list of toplevels until the window is
    // destroyed; the wrapper takes one of its own.
    super.init(gtk_window_new(), ownership: .borrowed)
    if let title { self.title = title }
    if width > 0 || height > 0 { setDefaultSize(width: width, height: height) }
  }

  /// The window as GTK's `GtkWindow *`.
  public var window: UnsafeMutablePointer<GtkWindow> { cast() }

  /// The title (`title`).
  public var title: String? {
    get { gtk_window_get_title(window).map { String(cString: $0) } }
    set { gtk_window_set_title(window, newValue) }
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

  /// Destroys the window at once, without `close-request`.
  public func destroy() { gtk_window_destroy(window) }
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
