#if GTK
import CGTK

/// Walks GTK's widget tree by pointer: the one place that follows `gtk_widget_get_first_child` and
/// `gtk_widget_get_next_sibling`. Use it on GTK's thread only.
package enum WidgetTree {
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
