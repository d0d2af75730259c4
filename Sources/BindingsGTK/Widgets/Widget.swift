#if GTK
import Bindings
import CGTK
import Foundation

/// A GTK widget: the base of every widget wrapper, with the members all widgets share.
///
/// ```swift
/// let label = Label("Saved")
/// label.reactive.isVisible <~ viewModel.$hasSaved
/// label.reactive.cssClass("error") <~ viewModel.$failed
/// ```
@MainActor
open class Widget: GObjectWrapper {
  /// The widget as GTK's `GtkWidget *`.
  public var widget: UnsafeMutablePointer<GtkWidget> { cast() }

  /// For a list's row: whether a binding has been made into it or a widget inside it, as the list
  /// last found (``BindingBag/firstUses`` was `rowBindingsCheckedAt` then).
  private var rowHasHeldBindings = false
  private var rowBindingsCheckedAt = -1

  /// For a list's row: whether a binding may have been made into it or a widget inside it, so that
  /// the list ends the row's bindings when it shows another item. The row is walked only when a
  /// bag somewhere has taken its first binding since the last look: a row that shows values
  /// (`label.text = item.name`) is not walked at each bind and unbind.
  var rowMayHoldBindings: Bool {
    if rowHasHeldBindings { return true }
    let firstUses = BindingBag.firstUses
    if firstUses != rowBindingsCheckedAt {
      rowBindingsCheckedAt = firstUses
      rowHasHeldBindings = subtreeHasHeldBindings
    }
    return rowHasHeldBindings
  }

  /// Wraps a `GtkWidget` (the wrappers' constructors hand over the floating reference GTK's
  /// `…_new` functions return).
  public override init(_ object: UnsafeMutableRawPointer, ownership: Ownership) {
    super.init(object, ownership: ownership)
  }

  /// The object as a pointer to `T`, for GTK functions that take a more specific type.
  public func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
  }

  /// The object as an opaque pointer, for GTK types Swift sees only as `OpaquePointer`
  /// (`GtkLabel *`, `GtkEditable *`, …).
  public var opaque: OpaquePointer { OpaquePointer(object) }

  /// Whether the widget is shown (`visible`).
  public var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  /// Whether the widget responds to input (`sensitive`).
  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  /// The tooltip's text (`tooltip-text`); `nil` for none.
  public var tooltipText: String? {
    get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
    set { lendingOptionalCString(newValue) { gtk_widget_set_tooltip_text(widget, $0) } }
  }

  /// How opaque the widget is, from 0 to 1 (`opacity`).
  public var opacity: Double {
    get { gtk_widget_get_opacity(widget) }
    set { gtk_widget_set_opacity(widget, newValue) }
  }

  /// The widget's style classes (`css-classes`).
  public var cssClasses: [String] {
    get {
      guard let classes = gtk_widget_get_css_classes(widget) else { return [] }
      defer { g_strfreev(classes) }
      return stringArray(classes)
    }
    set { withStringArray(newValue) { gtk_widget_set_css_classes(widget, $0) } }
  }

  /// Adds or removes one style class.
  public func setCSSClass(_ name: String, _ isOn: Bool) {
    lendingCString(name) { name in
      if isOn { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }
  }

  /// Whether the widget has the style class `name`.
  public func hasCSSClass(_ name: String) -> Bool {
    lendingCString(name) { gtk_widget_has_css_class(widget, $0) != 0 }
  }

  /// The widget's allocated width and height, once laid out.
  public var allocatedSize: (width: Int, height: Int) {
    (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
  }

  /// Asks the widget to take at least this size (`-1` leaves a dimension free).
  public func setSizeRequest(width: Int, height: Int) {
    gtk_widget_set_size_request(widget, Int32(width), Int32(height))
  }

  /// Ends the bindings of this widget and of every wrapped widget inside it: what a list does when
  /// a row stops showing an item.
  func removeBindingsOfSubtree() {
    for node in WidgetTree.subtree(of: widget) { GObjectWrapper.wrapper(for: node)?.bindings.removeAll() }
  }

  /// Whether a binding has ever been made into this widget or a wrapped widget inside it (each bag
  /// says so without a lock).
  var subtreeHasHeldBindings: Bool {
    WidgetTree.subtree(of: widget).contains { GObjectWrapper.wrapper(for: $0)?.bindings.hasHeldBindings == true }
  }

  /// Makes the widget take the keyboard focus.
  @discardableResult
  public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
}

@MainActor
extension Reactive where Base: Widget {
  /// Whether the widget is shown: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// spinner.reactive.isVisible <~ viewModel.$isLoading
  /// ```
  public var isVisible: BindingEndpoint<Base, Bool> {
    property("visible", get: { $0.isVisible }, set: { $0.isVisible = $1 })
  }

  /// Whether the widget responds to input.
  ///
  /// ```swift
  /// saveButton.reactive.isSensitive <~ viewModel.$canSave
  /// ```
  public var isSensitive: BindingEndpoint<Base, Bool> {
    property("sensitive", get: { $0.isSensitive }, set: { $0.isSensitive = $1 })
  }

  /// The tooltip's text; `nil` removes the tooltip.
  ///
  /// ```swift
  /// field.reactive.tooltipText <~ viewModel.$validationMessage
  /// ```
  public var tooltipText: BindingEndpoint<Base, String?> {
    property("tooltip-text", get: { $0.tooltipText }, set: { $0.tooltipText = $1 })
  }

  /// How opaque the widget is, from 0 to 1.
  ///
  /// ```swift
  /// preview.reactive.opacity <~ viewModel.$isStale.map { $0 ? 0.5 : 1 }
  /// ```
  public var opacity: BindingEndpoint<Base, Double> {
    property("opacity", get: { $0.opacity }, set: { $0.opacity = $1 })
  }

  /// All of the widget's style classes at once.
  ///
  /// ```swift
  /// badge.reactive.cssClasses <~ viewModel.$level.map { ["badge", $0.styleClass] }
  /// ```
  public var cssClasses: BindingEndpoint<Base, [String]> {
    property("css-classes", get: { $0.cssClasses }, set: { $0.cssClasses = $1 })
  }

  /// One style class, present while the bound value is `true`; other classes are left alone.
  ///
  /// ```swift
  /// field.reactive.cssClass("error") <~ viewModel.$isInvalid
  /// ```
  public func cssClass(_ name: String) -> BindingTarget<Base, Bool> {
    // Not through ``gtkTarget(_:_:)``: its closure would hold one that holds the name, so each
    // binding would keep two closure contexts on the heap. One is enough: style classes are bound by
    // the hundred (a class per state, on every row).
    BindingTarget(base, describedBy: targetIdentity(name, isStyleClass: true)) { widget, isOn in
      writeOnGTKThread(setStyleClassOnGTKThread, widget as Widget, StyleClassChange(name: name, isOn: isOn))
    }
  }
}

/// A style class to add (`isOn`) or remove: what a style-class binding writes.
private struct StyleClassChange {
  let name: String
  let isOn: Bool
}

/// Writes a style class, for a binding that has checked it runs on GTK's thread: made once, as a
/// function without the main actor's isolation that the binding's closure may call. It captures
/// nothing, so sharing it is safe.
nonisolated(unsafe) private let setStyleClassOnGTKThread = nonisolatedCall {
  @MainActor (widget: Widget, change: StyleClassChange) in widget.setCSSClass(change.name, change.isOn)
}

/// The strings of a `NULL`-terminated C array.
func stringArray(_ strings: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
  var result: [String] = []
  var index = 0
  while let string = strings[index] {
    result.append(String(cString: string))
    index += 1
  }
  return result
}

/// Calls `body` with `strings` as a `NULL`-terminated C array, valid for the call.
func withStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
  pointers.append(nil)
  return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
#endif
