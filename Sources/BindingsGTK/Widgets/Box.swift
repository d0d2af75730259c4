#if GTK
import Bindings
import CGTK

/// A row or column of widgets (`GtkBox`).
///
/// ```swift
/// let form = Box(.vertical, spacing: 6, [Label("Name"), nameField, saveButton])
/// window.child = form
/// ```
///
/// `Box` is open: a view made of a few widgets can be a box of its own, with no C.
///
/// ```swift
/// final class LabeledField: Box {
///   let field = Entry()
///   init(_ title: String) {
///     super.init(.horizontal, spacing: 6, [Label(title)])
///     append(field.expand(horizontally: true))
///   }
/// }
/// ```
@MainActor
open class Box: Widget {
  /// Which way a box lays out its children: the module's one ``BindingsGTK/Orientation``.
  public typealias Orientation = BindingsGTK.Orientation

  /// A box laying out `children` in order, `spacing` pixels apart.
  public init(_ orientation: Orientation = .vertical, spacing: Int = 0, _ children: [Widget] = []) {
    super.init(gtk_box_new(orientation.gtkValue, Int32(spacing)), ownership: .transferred)
    children.forEach(append)
  }

  /// Adds `child` at the end.
  public func append(_ child: Widget) { gtk_box_append(cast(), child.widget) }

  /// Adds `child` at the start.
  ///
  /// ```swift
  /// toolbar.prepend(backButton)
  /// ```
  public func prepend(_ child: Widget) { gtk_box_prepend(cast(), child.widget) }

  /// Takes `child` out of the box.
  public func remove(_ child: Widget) { gtk_box_remove(cast(), child.widget) }

  /// The children, first to last.
  public var children: [Widget] {
    WidgetTree.children(of: widget).compactMap { GObjectWrapper.wrapper(for: $0) as? Widget }
  }

  /// Which way the children are laid out (`orientation`).
  ///
  /// ```swift
  /// box.orientation = .horizontal
  /// ```
  public var orientation: Orientation {
    get { Orientation(gtk_orientable_get_orientation(opaque)) }
    set { gtk_orientable_set_orientation(opaque, newValue.gtkValue) }
  }

  /// The space between two children, in pixels (`spacing`).
  ///
  /// ```swift
  /// box.spacing = 12
  /// ```
  public var spacing: Int {
    get { Int(gtk_box_get_spacing(cast())) }
    set { gtk_box_set_spacing(cast(), Int32(newValue)) }
  }

  /// Whether every child gets the same size (`homogeneous`).
  ///
  /// ```swift
  /// buttonRow.isHomogeneous = true
  /// ```
  public var isHomogeneous: Bool {
    get { gtk_box_get_homogeneous(cast()) != 0 }
    set { gtk_box_set_homogeneous(cast(), newValue ? 1 : 0) }
  }
}
#endif
