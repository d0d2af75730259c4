#if GTK
import Bindings
import CGTK

@MainActor
extension Widget {
  /// The menu a right-click (or a long press on a touch screen) on the widget opens at the pointer;
  /// `nil` for none.
  ///
  /// ```swift
  /// canvas.contextMenu = Menu([
  ///   .item("Adjust Diameter…", action: "win.adjust-diameter"),
  ///   .item("Delete", action: "win.delete-circle"),
  /// ])
  /// ```
  ///
  /// The menu's items activate actions by name, found from the widget up (`win.…` on its window,
  /// `app.…` on the application). The gestures and the popover belong to the widget and go with it
  /// (GTK 4.0 and later).
  public var contextMenu: Menu? {
    get { contextMenuController?.menu }
    set {
      if let newValue {
        if let controller = contextMenuController {
          controller.setMenu(newValue)
        } else {
          keptAlive[ObjectIdentifier(ContextMenuController.self)] = ContextMenuController(widget: self, menu: newValue)
        }
      } else {
        // Released at once: the controller removes its gestures, and its popover goes with it.
        contextMenuController?.popover?.detach()
        _ = keptAlive.removeValue(forKey: ObjectIdentifier(ContextMenuController.self))
      }
    }
  }

  /// The controller of ``contextMenu``, if the widget has one.
  var contextMenuController: ContextMenuController? {
    keptAlive[ObjectIdentifier(ContextMenuController.self)] as? ContextMenuController
  }
}

/// A widget's context menu: a right-click gesture and a touch long-press gesture that open a
/// popover menu at the pointer.
///
/// Used and released only on GTK's thread (it lives in the widget's wrapper), and not isolated, so
/// that its deinit runs at once, while the widget still exists.
final class ContextMenuController {
  private(set) var menu: Menu
  private weak var owner: Widget?
  /// The widget, unowned: the controller lives in the widget's wrapper, and goes before it.
  private let widget: UnsafeMutablePointer<GtkWidget>
  private let click: OpaquePointer
  private let longPress: OpaquePointer
  /// The popover, made the first time the menu opens.
  private(set) var popover: PopoverMenu?

  @MainActor
  init(widget owner: Widget, menu: Menu) {
    self.menu = menu
    self.owner = owner
    self.widget = owner.widget
    let click = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(click, guint(GDK_BUTTON_SECONDARY))
    let longPress = gtk_gesture_long_press_new()!
    gtk_gesture_single_set_touch_only(longPress, 1)
    self.click = click
    self.longPress = longPress
    connect()
    // Our own references, so that the gestures can be looked at in deinit whatever GTK did first.
    g_object_ref(UnsafeMutableRawPointer(click))
    g_object_ref(UnsafeMutableRawPointer(longPress))
    gtk_widget_add_controller(widget, self.click)
    gtk_widget_add_controller(widget, self.longPress)
  }

  deinit {
    // The widget still exists here (disposed or not): take back what is still added to it.
    for gesture in [click, longPress] {
      if gtk_event_controller_get_widget(gesture) == widget { gtk_widget_remove_controller(widget, gesture) }
      g_object_unref(UnsafeMutableRawPointer(gesture))
    }
  }

  @MainActor
  func setMenu(_ menu: Menu) {
    self.menu = menu
    popover?.setMenu(menu)
  }

  /// Opens the menu at `point`, in the widget's coordinates: what the gestures call.
  @MainActor
  func open(at point: (x: Double, y: Double)) {
    guard let owner, !owner.isDisposed else { return }
    let popover = self.popover ?? makePopover()
    popover.popUp(on: owner, at: point)
  }

  @MainActor
  private func makePopover() -> PopoverMenu {
    let popover = PopoverMenu(menu)
    gtk_popover_set_has_arrow(popover.popover, 0)
    gtk_widget_set_halign(popover.widget, GTK_ALIGN_START)
    self.popover = popover
    return popover
  }

  /// Connects both gestures' `pressed`; GLib holds a box that finds this controller weakly, until the
  /// gesture goes.
  @MainActor
  private func connect() {
    let clicked: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { gesture, _, x, y, data in
      let box = Unmanaged<ContextMenuBox>.fromOpaque(data!).takeUnretainedValue()
      nonisolated(unsafe) let gesture = gesture
      MainActor.assumeIsolated { box.pressed(gesture: gesture, x: x, y: y) }
    }
    let longPressed: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { gesture, x, y, data in
      let box = Unmanaged<ContextMenuBox>.fromOpaque(data!).takeUnretainedValue()
      nonisolated(unsafe) let gesture = gesture
      MainActor.assumeIsolated { box.pressed(gesture: gesture, x: x, y: y) }
    }
    for (gesture, callback) in [
      (click, unsafeBitCast(clicked, to: GCallback.self)), (longPress, unsafeBitCast(longPressed, to: GCallback.self)),
    ] {
      g_signal_connect_data(
        UnsafeMutableRawPointer(gesture), "pressed", callback, Unmanaged.passRetained(ContextMenuBox(self)).toOpaque(),
        { data, _ in Unmanaged<ContextMenuBox>.fromOpaque(data!).release() }, GConnectFlags(0))
    }
  }
}

/// What GLib holds for a context menu's gesture: the controller, weakly.
private final class ContextMenuBox {
  weak var controller: ContextMenuController?

  init(_ controller: ContextMenuController) {
    self.controller = controller
  }

  @MainActor
  func pressed(gesture: gpointer?, x: Double, y: Double) {
    guard let controller else { return }
    if let gesture {
      let gesture = OpaquePointer(gesture)
      if gtk_gesture_is_active(gesture) != 0 { gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED) }
    }
    controller.open(at: (x, y))
  }
}
#endif
