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
