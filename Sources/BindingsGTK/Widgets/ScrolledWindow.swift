#if GTK
import Bindings
import CGTK

/// A scrolling viewport around one child (`GtkScrolledWindow`): where a ``ListView`` goes.
///
/// ```swift
/// let scroller = ScrolledWindow(ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 }))
/// scroller.setSizeRequest(width: -1, height: 300)
/// ```
@MainActor
public final class ScrolledWindow: Widget {
  /// A scrolled window showing `child`.
  public init(_ child: Widget? = nil) {
    super.init(gtk_scrolled_window_new(), ownership: .transferred)
    self.child = child
  }

  /// The scrolled window as GTK's `GtkScrolledWindow *`.
  public var scrolledWindow: OpaquePointer { opaque }

  /// The widget scrolled.
  public var child: Widget? {
    get { gtk_scrolled_window_get_child(scrolledWindow).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_scrolled_window_set_child(scrolledWindow, newValue?.widget) }
  }

  /// The vertical scroll position, in pixels from the top.
  public var verticalOffset: Double {
    get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(scrolledWindow)) }
    set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scrolledWindow), newValue) }
  }

  /// How far the content can scroll: its height minus the visible height.
  public var verticalRange: Double {
    let adjustment = gtk_scrolled_window_get_vadjustment(scrolledWindow)
    return gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
  }
}
#endif
