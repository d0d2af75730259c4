#if GTK
import BindingsGTK

/// One task of 7GUIs as a view: a widget tree bound to its view model, which the tree keeps alive.
///
/// ```swift
/// let counter = CounterView()
/// counter.makeWindow().present()   // a window titled "Counter"; closing it releases the model
/// ```
@MainActor
public protocol TaskView: AnyObject {
  /// The window title, also the task's name in the sidebar.
  static var title: String { get }
  /// The widget that shows the task; it keeps the view model alive.
  var root: Widget { get }
}

extension TaskView {
  /// A window showing ``root``, sized to its content.
  public func makeWindow() -> Window {
    let window = Window(title: Self.title)
    window.child = root
    return window
  }
}
#endif
