#if GTK
import CGTK

/// Moves a window's focus out of a widget about to hide (or just hidden), where GTK itself would
/// move it on the next frame.
///
/// GTK 4.8 keeps a reference to a widget that hides while it holds its window's focus, and gives
/// the focus (and the reference) back on the window's next frame. A second widget hidden with the
/// focus before that frame takes the first one's place, and the first reference is never given
/// back (`_gtk_window_unset_focus_and_default` overwrites `move_focus_widget`): the first widget,
/// with its wrapper and everything its bindings keep, is never finalized. A user acts once per
/// frame at most; code does not: a popover popped down and a stack page changed in one handler
/// leak the popover. Where BindingsGTK hides a widget, it moves the focus first, at once: then GTK
/// keeps nothing.
enum FocusMove {
  /// If the focus of `widget`'s window is `widget` or inside it, moves it as GTK does on the next
  /// frame: to the nearest shown ancestor that takes it, else to the window's first focusable
  /// widget, else nowhere.
  @MainActor
  static func out(of widget: UnsafeMutablePointer<GtkWidget>) {
    guard let root = gtk_widget_get_root(widget) else { return }
    func focusIsInside() -> Bool {
      guard let focus = gtk_root_get_focus(root) else { return false }
      return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
    guard focusIsInside() else { return }
    var ancestor = gtk_widget_get_parent(widget)
    while let candidate = ancestor {
      if gtk_widget_get_visible(candidate) != 0 && gtk_widget_grab_focus(candidate) != 0 && !focusIsInside() {
        return
      }
      ancestor = gtk_widget_get_parent(candidate)
    }
    let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
    if gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD) != 0 && !focusIsInside() { return }
    gtk_root_set_focus(root, nil)
  }
}
#endif
