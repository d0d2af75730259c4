#if GTK
import Bindings
import CGTK

/// A window's title bar with widgets of its own (`GtkHeaderBar`): buttons at its start and end,
/// and a title widget in the middle (the window's title when there is none).
///
/// ```swift
/// let header = HeaderBar()
/// header.packStart(Button("Back"))
/// header.packEnd(Button("Save"))
/// header.titleWidget = StackSwitcher(stack)
/// window.titlebar = header
/// ```
@MainActor
public final class HeaderBar: Widget {
  /// A header bar with `start` widgets from its start and `end` widgets from its end, inwards.
  ///
  /// ```swift
  /// window.titlebar = HeaderBar(start: [newButton], end: [searchButton])
  /// ```
  public init(start: [Widget] = [], title: Widget? = nil, end: [Widget] = []) {
    super.init(gtk_header_bar_new(), ownership: .transferred)
    start.forEach(packStart)
    end.forEach(packEnd)
    titleWidget = title
  }

  /// Adds `child` at the start, after the widgets already there.
  ///
  /// ```swift
  /// header.packStart(Button("New"))
  /// ```
  public func packStart(_ child: Widget) { gtk_header_bar_pack_start(opaque, child.widget) }

  /// Adds `child` at the end, before (inwards of) the widgets already there.
  ///
  /// ```swift
  /// header.packEnd(Button("Save"))
  /// ```
  public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(opaque, child.widget) }

  /// Takes `child` out of the header bar.
  public func remove(_ child: Widget) { gtk_header_bar_remove(opaque, child.widget) }

  /// The widget in the middle (`title-widget`); `nil` shows the window's title.
  ///
  /// ```swift
  /// header.titleWidget = StackSwitcher(stack)
  /// ```
  public var titleWidget: Widget? {
    get { gtk_header_bar_get_title_widget(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_header_bar_set_title_widget(opaque, newValue?.widget) }
  }

  /// Whether the window's buttons (close, and others the desktop sets) are shown
  /// (`show-title-buttons`).
  public var showsTitleButtons: Bool {
    get { gtk_header_bar_get_show_title_buttons(opaque) != 0 }
    set { gtk_header_bar_set_show_title_buttons(opaque, newValue ? 1 : 0) }
  }
}

extension Window {
  /// The widget shown as the window's title bar, usually a ``HeaderBar``; `nil` for the desktop's
  /// own. Set it before the window is shown: GTK replaces the title bar of a shown window too, but
  /// writes a warning.
  ///
  /// ```swift
  /// window.titlebar = HeaderBar(start: [addButton])
  /// ```
  public var titlebar: Widget? {
    get { gtk_window_get_titlebar(window).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_window_set_titlebar(window, newValue?.widget) }
  }
}
#endif
