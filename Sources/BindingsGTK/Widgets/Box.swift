#if GTK
import Bindings
import CGTK

/// A row or column of widgets (`GtkBox`).
///
/// ```swift
/// let form = Box(.vertical, spacing: 6, [Label("Name"), nameField, saveButton])
/// window.child = form
/// ```
@MainActor
public final class Box: Widget {
  /// Which way a box lays out its children.
  public enum Orientation: Sendable {
    /// Side by side.
    case horizontal
    /// One above the other.
    case vertical
  }

  /// A box laying out `children` in order, `spacing` pixels apart.
  public init(_ orientation: Orientation = .vertical, spacing: Int = 0, _ children: [Widget] = []) {
    super.init(
      gtk_box_new(orientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, Int32(spacing)),
      ownership: .transferred
    )
    children.forEach(append)
  }

  /// Adds `child` at the end.
  public func append(_ child: Widget) { gtk_box_append(cast(), child.widget) }

  /// Takes `child` out of the box.
  public func remove(_ child: Widget) { gtk_box_remove(cast(), child.widget) }

  /// The children, first to last.
  public var children: [Widget] {
    var result: [Widget] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let wrapper = GObjectWrapper.wrapper(for: current) as? Widget { result.append(wrapper) }
      child = gtk_widget_get_next_sibling(current)
    }
    return result
  }
}
#endif
