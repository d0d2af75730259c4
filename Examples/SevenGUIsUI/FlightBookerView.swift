#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// Flight Booker: the kind of flight, the start and return dates, and Book, which confirms the
/// booking in a modal dialog.
@MainActor
public final class FlightBookerView: TaskView {
  /// The window title.
  public static let title = "Flight Booker"
  /// One-way or return.
  public let kind = DropDown(FlightBookerModel.kinds)
  /// The dates, `DD.MM.YYYY`.
  public let start = Entry(), back = Entry()
  /// Books the flight.
  public let book = Button("Book")
  /// The task's widget.
  public let root: Widget

  /// Binds a view to `model`.
  public init(_ model: FlightBookerModel = FlightBookerModel()) {
    kind.reactive.selected <~> model.$kind
    start.reactive.text <~> model.$start
    back.reactive.text <~> model.$back
    back.reactive.isSensitive <~ model.isReturnEnabled
    start.reactive.cssClass("error") <~ model.isStartValid.map { !$0 }
    back.reactive.cssClass("error") <~ model.isBackValid.map { !$0 }
    book.reactive.isSensitive <~ model.canBook
    root = Box(.vertical, spacing: 8, [kind, start, back, book]).margin(12).sizeRequest(width: 240)
    book.reactive.clicked.bind(to: model) { [weak root] model, _ in
      guard let message = model.book(), let window = root?.containingWindow else { return }
      MessageDialog.present(over: window, message: message)
    }
    root.keepAlive(model)
  }
}
#endif
