#if GTK
import CGTK

/// Walks GTK's widget tree by pointer: the one place that follows `gtk_widget_get_first_child` and
/// `gtk_widget_get_next_sibling`, and the one place that reads GTK's list of windows
/// (`gtk_window_get_toplevels`). Use it on GTK's thread only.
package enum WidgetTree {
  /// Every window GTK has made and not yet destroyed (shown or not), in GTK's order.
  ///
  /// Each step reads GTK's list anew, so destroying a window during a walk leaves no dangling pointer but skips
  /// the window after it: to destroy every window, take the first until there is none.
  ///
  /// ```swift
  /// let isOpen = WidgetTree.toplevels().contains { UnsafeMutableRawPointer($0) == window.object }
  /// ```
  package static func toplevels() -> some Sequence<UnsafeMutablePointer<GtkWindow>> {
    let list = gtk_window_get_toplevels()!
    return sequence(state: UInt32(0)) { index -> UnsafeMutablePointer<GtkWindow>? in
      // GTK's list holds a reference to each window; the one `get_item` adds is given back at once.
      guard index < g_list_model_get_n_items(list), let item = g_list_model_get_item(list, index) else { return nil }
      g_object_unref(item)
      index += 1
      return item.assumingMemoryBound(to: GtkWindow.self)
    }
  }

  /// The first of ``toplevels()``, or `nil` when no window is open.
  ///
  /// ```swift
  /// while let window = WidgetTree.firstToplevel { gtk_window_destroy(window) }
  /// ```
  package static var firstToplevel: UnsafeMutablePointer<GtkWindow>? {
    var windows = toplevels().makeIterator()
    return windows.next()
  }

  /// The event controllers of `widget` whose type is `type` or derives from it, in the order they
  /// were added. The widget holds them; the pointers are valid while it keeps them.
  ///
  /// ```swift
  /// let clicks = WidgetTree.controllers(of: table.widget, ofType: gtk_gesture_click_get_type())
  /// ```
  package static func controllers(
    of widget: UnsafeMutablePointer<GtkWidget>, ofType type: GType
  )
    -> [UnsafeMutableRawPointer]
  {
    let list = gtk_widget_observe_controllers(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(list)) }
    return (0..<g_list_model_get_n_items(list)).compactMap { position in
      guard let controller = g_list_model_get_item(list, position) else { return nil }
      g_object_unref(controller)  // the widget still holds it
      let instance = controller.assumingMemoryBound(to: GTypeInstance.self)
      return g_type_check_instance_is_a(instance, type) != 0 ? controller : nil
    }
  }

  /// The children of `parent`, first to last.
  ///
  /// ```swift
  /// let texts = WidgetTree.children(of: box.widget).compactMap { GObjectWrapper.wrapper(for: $0) as? Label }
  /// ```
  package static func children(
    of parent: UnsafeMutablePointer<GtkWidget>
  ) -> some Sequence<
    UnsafeMutablePointer<GtkWidget>
  > {
    sequence(state: gtk_widget_get_first_child(parent)) { next in
      defer { next = next.flatMap { gtk_widget_get_next_sibling($0) } }
      return next
    }
  }

  /// `root` and every widget inside it, depth first: the widget itself, then each child's subtree in
  /// order. Each step is read when it is asked for, after the caller has handled the widget before it.
  ///
  /// ```swift
  /// for node in WidgetTree.subtree(of: window.widget) { GObjectWrapper.wrapper(for: node)?.bindings.removeAll() }
  /// ```
  package static func subtree(
    of root: UnsafeMutablePointer<GtkWidget>
  ) -> some Sequence<
    UnsafeMutablePointer<GtkWidget>
  > {
    sequence(first: root) { node in
      if let child = gtk_widget_get_first_child(node) { return child }
      // No child: the next sibling of the nearest widget, up to the root, that has one.
      var climbing = node
      while climbing != root {
        if let sibling = gtk_widget_get_next_sibling(climbing) { return sibling }
        guard let parent = gtk_widget_get_parent(climbing) else { return nil }
        climbing = parent
      }
      return nil
    }
  }
}
#endif
