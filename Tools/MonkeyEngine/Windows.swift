#if GTK
import BindingsGTK
import CGTK

// GTK's state where the examples' views expose no Swift member for it: every window to close,
// the widgets inside a list, the scroller around a widget.

/// Destroys every open window, wrapped or not.
@MainActor
func destroyAllWindows() {
  while let object = WidgetTree.firstToplevel {
    if let window = GObjectWrapper.wrapper(for: object) as? Window {
      window.destroy()
    } else {
      gtk_window_destroy(object)
    }
  }
}

/// The windows open over `parent` (dialogs).
@MainActor
func dialogs(over parent: Window) -> [Window] {
  Window.open.filter { $0.transientFor === parent }
}

/// The shown widgets of type `T` inside `widget`, depth first.
@MainActor
func mappedWidgets<T: Widget>(_ type: T.Type, in widget: Widget) -> [T] {
  // A widget inside an unmapped one is unmapped too, so filtering each node prunes hidden subtrees.
  WidgetTree.subtree(of: widget.widget).compactMap { node in
    gtk_widget_get_mapped(node) != 0 ? GObjectWrapper.wrapper(for: node) as? T : nil
  }
}

/// The scroller `widget` sits in, if its parent is one.
@MainActor
func scroller(around widget: Widget) -> ScrolledWindow? {
  gtk_widget_get_parent(widget.widget).flatMap { GObjectWrapper.wrapper(for: $0) as? ScrolledWindow }
}

/// Scrolls `scroller` to a random place; says where.
@MainActor
func scroll(_ scroller: ScrolledWindow?, _ random: inout MonkeyRandom) -> String {
  guard let scroller, scroller.verticalRange > 0 else { return "nothing (nothing to scroll)" }
  let offset = Double(random.below(1001)) / 1000 * scroller.verticalRange
  scroller.verticalOffset = offset
  return "scroll to \(Int(offset))"
}

/// Emits a gesture's `pressed` signal with a click count and a point, as GTK does for a click.
@MainActor
func press(_ gesture: EventController, x: Double, y: Double) {
  cgtk_signal_emit_int_double_double(gesture.object, "pressed", 1, x, y)
}

/// Emits a motion controller's `motion` signal at a point, as GTK does when the pointer moves.
@MainActor
func move(_ motion: MotionController, x: Double, y: Double) {
  cgtk_signal_emit_double_double(motion.object, "motion", x, y)
}
#endif
