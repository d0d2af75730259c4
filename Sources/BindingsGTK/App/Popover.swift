#if GTK
import Bindings
import CGTK

/// A bubble of content that pops up next to a widget or a point in it, and hides when the user
/// clicks elsewhere (`GtkPopover`, GTK 4.0 and later).
///
/// ```swift
/// let help = Popover(child: Label("Dates are day.month.year"))
/// helpButton.reactive.clicked ~> (help, { help, _ in help.popUp(on: helpButton) })
/// ```
///
/// A popover belongs to the widget it last popped up on: it lives, and is released, with it.
@MainActor
public class Popover: Widget {
  /// A popover showing `child`.
  public convenience init(child: Widget) {
    self.init(newPopover: gtk_popover_new())
    gtk_popover_set_child(popover, child.widget)
  }

  /// Wraps a new popover (the floating reference GTK's constructors return).
  init(newPopover: UnsafeMutablePointer<GtkWidget>) {
    super.init(newPopover, ownership: .transferred)
  }

  /// The popover as GTK's `GtkPopover *`.
  public var popover: UnsafeMutablePointer<GtkPopover> { cast() }

  /// Whether the popover is showing.
  public var isShowing: Bool { gtk_widget_get_visible(widget) != 0 }

  /// Pops the popover up next to `anchor`, pointing at `point` in the anchor's coordinates, or at
  /// the whole anchor when `point` is `nil`.
  ///
  /// ```swift
  /// popover.popUp(on: canvas, at: (x: 120, y: 80))
  /// ```
  ///
  /// The popover becomes the anchor's: it is released with the anchor, or when it pops up on
  /// another widget.
  ///
  /// - Parameters:
  ///   - anchor: The widget the popover points at.
  ///   - point: Where in `anchor`, in its coordinates; `nil` for the whole widget.
  public func popUp(on anchor: Widget, at point: (x: Double, y: Double)? = nil) {
    popUp(
      on: anchor, pointingTo: point.map { Rect(x: $0.x.rounded(.down), y: $0.y.rounded(.down), width: 1, height: 1) })
  }

  /// Pops the popover up on `anchor`, pointing at `target`, a widget inside the anchor: a popover
  /// over one cell of a table belongs to the table, not to the cell, which the table recycles.
  ///
  /// ```swift
  /// editor.popUp(on: table, over: table.widget(showing: cell)!)
  /// ```
  ///
  /// The popover becomes the anchor's, as with ``popUp(on:at:)``. A `target` outside the anchor
  /// (or not shown) points the popover at the whole anchor.
  public func popUp(on anchor: Widget, over target: Widget) {
    var bounds = graphene_rect_t()
    guard gtk_widget_is_ancestor(target.widget, anchor.widget) != 0,
      gtk_widget_compute_bounds(target.widget, anchor.widget, &bounds) != 0
    else { return popUp(on: anchor) }
    popUp(
      on: anchor,
      pointingTo: Rect(
        x: Double(bounds.origin.x), y: Double(bounds.origin.y), width: Double(bounds.size.width),
        height: Double(bounds.size.height)))
  }

  private func popUp(on anchor: Widget, pointingTo rectangle: Rect?) {
    GTK.assertGTKThread("Popover.popUp")
    guard !isDisposed, !anchor.isDisposed else { return }
    attach(to: anchor)
    if let rectangle {
      var pointing = GdkRectangle(
        x: Int32(rectangle.origin.x), y: Int32(rectangle.origin.y), width: Int32(max(rectangle.size.width, 1)),
        height: Int32(max(rectangle.size.height, 1)))
      gtk_popover_set_pointing_to(popover, &pointing)
    } else {
      gtk_popover_set_pointing_to(popover, nil)
    }
    gtk_popover_popup(popover)
  }

  /// Hides the popover.
  ///
  /// ```swift
  /// popover.popDown()
  /// ```
  public func popDown() {
    // The focus leaves first: GTK 4.8 could otherwise leak the popover (see FocusMove).
    FocusMove.out(of: widget)
    gtk_popover_popdown(popover)
  }

  /// Hides the popover and takes it from the widget it belongs to, if any.
  func detach() {
    guard let parent = gtk_widget_get_parent(widget) else { return }
    // Released at once: the attachment hides and unparents the popover.
    _ = GObjectWrapper.wrapper(for: parent)?.keptAlive.removeValue(forKey: ObjectIdentifier(self))
    if gtk_widget_get_parent(widget) != nil {
      FocusMove.out(of: widget)
      gtk_popover_popdown(popover)
      gtk_widget_unparent(widget)
    }
  }

  /// Makes `anchor` the popover's parent, unparenting it from a previous one; the anchor keeps an
  /// attachment that unparents the popover when the anchor goes.
  private func attach(to anchor: Widget) {
    let parent = gtk_widget_get_parent(widget)
    if parent == anchor.widget { return }
    if parent != nil { detach() }
    gtk_widget_set_parent(widget, anchor.widget)
    anchor.keptAlive[ObjectIdentifier(self)] = PopoverAttachment(self)
  }
}

/// Unparents a popover from its anchor when the anchor lets go of it (the anchor disposed or
/// released): GTK wants a widget's children gone before it is finalized.
///
/// Released only on GTK's thread (by the anchor's wrapper), and not isolated, so that its deinit
/// runs at once, before the anchor can be finalized.
final class PopoverAttachment {
  private let popover: Popover
  private let widget: UnsafeMutablePointer<GtkWidget>

  @MainActor
  init(_ popover: Popover) {
    self.popover = popover
    self.widget = popover.widget
  }

  deinit {
    if gtk_widget_get_parent(widget) != nil {
      gtk_popover_popdown(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkPopover.self))
      gtk_widget_unparent(widget)
    }
    withExtendedLifetime(popover) {}
  }
}

/// A popover showing a ``Menu`` (`GtkPopoverMenu`, GTK 4.0 and later): its items activate actions
/// by name.
///
/// ```swift
/// let menu = PopoverMenu(Menu([.item("Adjust Diameter…", action: "win.adjust-diameter")]))
/// menu.popUp(on: canvas, at: (x: click.x, y: click.y))
/// ```
@MainActor
public final class PopoverMenu: Popover {
  /// A popover menu showing `menu`.
  public init(_ menu: Menu) {
    let model = menu.makeModel()
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    super.init(newPopover: gtk_popover_menu_new_from_model(menuModel(model)))
  }

  /// Shows `menu` instead of the current one.
  ///
  /// ```swift
  /// popoverMenu.setMenu(Menu([.item("Paste", action: "win.paste")]))
  /// ```
  public func setMenu(_ menu: Menu) {
    let model = menu.makeModel()
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    gtk_popover_menu_set_menu_model(OpaquePointer(object), menuModel(model))
  }
}

/// A button that pops up a menu (`GtkMenuButton`, GTK 4.0 and later).
///
/// ```swift
/// let more = MenuButton(label: "More", menu: Menu([.item("About", action: "app.about")]))
/// headerBox.append(more)
/// ```
@MainActor
public final class MenuButton: Widget {
  /// A button showing `label` that pops up `menu`.
  public init(label: String, menu: Menu) {
    super.init(gtk_menu_button_new(), ownership: .transferred)
    gtk_menu_button_set_label(menuButton, label)
    setMenu(menu)
  }

  /// The button as GTK's `GtkMenuButton *`.
  public var menuButton: OpaquePointer { OpaquePointer(object) }

  /// Shows `menu` instead of the current one.
  ///
  /// ```swift
  /// more.setMenu(Menu([.item("Quit", action: "app.quit")]))
  /// ```
  public func setMenu(_ menu: Menu) {
    let model = menu.makeModel()
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    gtk_menu_button_set_menu_model(menuButton, menuModel(model))
  }

  /// The button's text.
  public var label: String {
    get { gtk_menu_button_get_label(menuButton).map { String(cString: $0) } ?? "" }
    set { lendingCString(newValue) { gtk_menu_button_set_label(menuButton, $0) } }
  }

  /// Pops the menu up, as a click does.
  ///
  /// ```swift
  /// more.popUp()
  /// ```
  public func popUp() { gtk_menu_button_popup(menuButton) }

  /// Hides the menu.
  public func popDown() { gtk_menu_button_popdown(menuButton) }

  /// The popover the button shows its menu in, once it has one.
  var popoverWidget: UnsafeMutablePointer<GtkWidget>? {
    gtk_menu_button_get_popover(menuButton).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
  }
}

/// A `GMenu` as the `GMenuModel *` GTK's setters take.
func menuModel(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
  UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
}
#endif
