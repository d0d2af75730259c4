#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// Counter: a label showing the count and a button that increments it.
@MainActor
public final class CounterView: TaskView {
  /// The window title.
  public static let title = "Counter"
  /// The count.
  public let count = Label()
  /// Adds one.
  public let button = Button("Count")
  /// The task's widget.
  public let root: Widget

  /// Binds a view to `model`.
  public init(_ model: CounterModel = CounterModel()) {
    count.reactive.text <~ model.$count.map(String.init)
    button.reactive.clicked ~> (model, { model, _ in model.increment() })
    root = Box(.horizontal, spacing: 12, [count.sizeRequest(width: 60), button]).margin(12)
    root.keepAlive(model)
  }
}
#endif
