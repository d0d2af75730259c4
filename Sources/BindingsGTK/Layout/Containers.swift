#if GTK
import Bindings
import CGTK

/// A child that the user shows or hides by clicking a label with a triangle (`GtkExpander`).
///
/// ```swift
/// let details = Expander("Details", child: detailsView)
/// details.reactive.isExpanded <~> settings.$showsDetails
/// ```
@MainActor
public final class Expander: Widget {
  /// An expander titled `label`, closed unless `isExpanded`.
  public init(_ label: String = "", child: Widget? = nil, isExpanded: Bool = false) {
    super.init(gtk_expander_new(label), ownership: .transferred)
    self.child = child
    self.isExpanded = isExpanded
  }

  /// The text beside the triangle (`label`).
  public var label: String {
    get { gtk_expander_get_label(opaque).map { String(cString: $0) } ?? "" }
    set { lendingCString(newValue) { gtk_expander_set_label(opaque, $0) } }
  }

  /// The widget shown while expanded.
  public var child: Widget? {
    get { gtk_expander_get_child(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_expander_set_child(opaque, newValue?.widget) }
  }

  /// Whether the child is shown (`expanded`).
  public var isExpanded: Bool {
    get { gtk_expander_get_expanded(opaque) != 0 }
    set { gtk_expander_set_expanded(opaque, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: Expander {
  /// Whether the child is shown: a target, a source (the user's clicks too) and a side of `<~>`.
  ///
  /// ```swift
  /// advanced.reactive.isExpanded <~> settings.$showsAdvanced
  /// ```
  public var isExpanded: BindingEndpoint<Base, Bool> {
    property("expanded", get: { $0.isExpanded }, set: { $0.isExpanded = $1 })
  }

  /// The text beside the triangle, as a target.
  ///
  /// ```swift
  /// errors.reactive.label <~ report.$errors.map { "\($0.count) errors" }
  /// ```
  public var label: BindingTarget<Base, String> {
    gtkTarget("label") { expander, label in expander.label = label }
  }
}

/// A border around a child, with an optional label in it (`GtkFrame`).
///
/// ```swift
/// let address = Frame("Address", child: addressForm)
/// ```
@MainActor
public final class Frame: Widget {
  /// A frame around `child`, labelled `label` (none when `nil`).
  public init(_ label: String? = nil, child: Widget? = nil) {
    super.init(gtk_frame_new(label), ownership: .transferred)
    self.child = child
  }

  /// The frame as GTK's `GtkFrame *`.
  public var frame: UnsafeMutablePointer<GtkFrame> { cast() }

  /// The label in the border (`label`); `nil` for none.
  public var label: String? {
    get { gtk_frame_get_label(frame).map { String(cString: $0) } }
    set { lendingOptionalCString(newValue) { gtk_frame_set_label(frame, $0) } }
  }

  /// The widget inside.
  public var child: Widget? {
    get { gtk_frame_get_child(frame).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_frame_set_child(frame, newValue?.widget) }
  }
}

@MainActor
extension Reactive where Base: Frame {
  /// The label in the border; `nil` removes it. A target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// group.reactive.label <~ model.$groupName
  /// ```
  public var label: BindingEndpoint<Base, String?> {
    property("label", get: { $0.label }, set: { $0.label = $1 })
  }
}

/// A line between widgets (`GtkSeparator`): horizontal between rows, vertical between columns.
///
/// ```swift
/// let form = Box(.vertical, spacing: 6, [nameRow, Separator(), notesRow])
/// ```
@MainActor
public final class Separator: Widget {
  /// A line that runs `orientation`-wise.
  public init(_ orientation: Orientation = .horizontal) {
    super.init(gtk_separator_new(orientation.gtkValue), ownership: .transferred)
  }

  /// Which way the line runs (`orientation`).
  public var orientation: Orientation {
    get { Orientation(gtk_orientable_get_orientation(opaque)) }
    set { gtk_orientable_set_orientation(opaque, newValue.gtkValue) }
  }
}

/// Three children in a row: one at the start, one at the end, one centred in the whole width
/// (`GtkCenterBox`).
///
/// ```swift
/// let toolbar = CenterBox(start: backButton, center: Label("Inbox"), end: menuButton)
/// ```
@MainActor
public final class CenterBox: Widget {
  /// A center box holding the children given; a vertical one puts them top, middle and bottom.
  public init(
    _ orientation: Orientation = .horizontal,
    start: Widget? = nil,
    center: Widget? = nil,
    end: Widget? = nil
  ) {
    super.init(gtk_center_box_new(), ownership: .transferred)
    self.orientation = orientation
    startChild = start
    centerChild = center
    endChild = end
  }

  /// The child at the start: the left one (the right one in right-to-left text), or the top one.
  public var startChild: Widget? {
    get { gtk_center_box_get_start_widget(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_center_box_set_start_widget(opaque, newValue?.widget) }
  }

  /// The child in the middle.
  public var centerChild: Widget? {
    get { gtk_center_box_get_center_widget(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_center_box_set_center_widget(opaque, newValue?.widget) }
  }

  /// The child at the end.
  public var endChild: Widget? {
    get { gtk_center_box_get_end_widget(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { gtk_center_box_set_end_widget(opaque, newValue?.widget) }
  }

  /// Which way the children are laid out (`orientation`).
  public var orientation: Orientation {
    get { Orientation(gtk_orientable_get_orientation(opaque)) }
    set { gtk_orientable_set_orientation(opaque, newValue.gtkValue) }
  }
}
#endif
