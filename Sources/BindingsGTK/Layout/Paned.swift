#if GTK
import Bindings
import CGTK

/// Two panes side by side or one above the other, with a handle the user drags between them
/// (`GtkPaned`).
///
/// ```swift
/// let split = Paned(.horizontal, start: sidebar, end: content)
/// split.reactive.position <~> settings.$sidebarWidth
/// ```
@MainActor
public final class Paned: Widget {
  /// Two panes, side by side unless `orientation` is vertical.
  public init(_ orientation: Orientation = .horizontal, start: Widget? = nil, end: Widget? = nil) {
    super.init(gtk_paned_new(orientation.gtkValue), ownership: .transferred)
    startChild = start
    endChild = end
  }

  /// The first pane: the left one (the right one in right-to-left text), or the top one.
  ///
  /// ```swift
  /// split.startChild = sidebar
  /// ```
  public var startChild: Widget? {
    get { gtk_paned_get_start_child(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_paned_set_start_child(opaque, newValue?.widget) }
  }

  /// The second pane: the right one (the left one in right-to-left text), or the bottom one.
  ///
  /// ```swift
  /// split.endChild = details
  /// ```
  public var endChild: Widget? {
    get { gtk_paned_get_end_child(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_paned_set_end_child(opaque, newValue?.widget) }
  }

  /// Which way the panes are laid out (`orientation`).
  public var orientation: Orientation {
    get { Orientation(gtk_orientable_get_orientation(opaque)) }
    set { gtk_orientable_set_orientation(opaque, newValue.gtkValue) }
  }

  /// Where the handle is: the first pane's size, in pixels (`position`).
  ///
  /// ```swift
  /// split.position = 240
  /// ```
  public var position: Int {
    get { Int(gtk_paned_get_position(opaque)) }
    set { gtk_paned_set_position(opaque, Int32(newValue)) }
  }

  /// Whether the handle is drawn wide, easier to grab (`wide-handle`).
  public var hasWideHandle: Bool {
    get { gtk_paned_get_wide_handle(opaque) != 0 }
    set { gtk_paned_set_wide_handle(opaque, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: Paned {
  /// Where the handle is, in pixels: a target, a source (the user's drags too) and a side of
  /// `<~>`.
  ///
  /// ```swift
  /// split.reactive.position <~> settings.$sidebarWidth
  /// ```
  public var position: BindingEndpoint<Base, Int> {
    property("position", get: { $0.position }, set: { $0.position = $1 })
  }
}
#endif
