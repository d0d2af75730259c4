#if GTK
import CGTK

@MainActor
extension Widget {
  /// The window the widget is in, or `nil` while it is in none (or in a window made without a
  /// ``Window`` wrapper).
  ///
  /// ```swift
  /// let book = Button("Book")
  /// let window = Window(title: "Flights")
  /// window.child = Box(.vertical, spacing: 8, [book])
  /// print(book.containingWindow === window)   // prints "true"
  /// ```
  ///
  /// A view that shows a dialog finds its parent window this way, wherever it was placed.
  public var containingWindow: Window? {
    guard let root = gtk_widget_get_root(widget) else { return nil }
    return GObjectWrapper.wrapper(for: UnsafeMutableRawPointer(root)) as? Window
  }
}
#endif
