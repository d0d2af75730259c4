#if GTK
import BindingsGTK

/// The seven tasks, by the names `swift run --traits GTK SevenGUIs <task>` takes.
public enum SevenGUIsTask: String, CaseIterable, Sendable {
  /// Counter.
  case counter
  /// Temperature Converter.
  case temperature
  /// Flight Booker.
  case flightBooker = "flight-booker"
  /// Timer.
  case timer
  /// CRUD.
  case crud
  /// Circle Drawer.
  case circleDrawer = "circle-drawer"
  /// Cells.
  case cells

  /// A new view of the task, with a new view model.
  ///
  /// ```swift
  /// let view = SevenGUIsTask.counter.makeView()
  /// print(type(of: view).title)   // prints "Counter"
  /// ```
  @MainActor
  public func makeView() -> any TaskView {
    switch self {
    case .counter: CounterView()
    case .temperature: TemperatureView()
    case .flightBooker: FlightBookerView()
    case .timer: TimerView()
    case .crud: CRUDView()
    case .circleDrawer: CircleDrawerView()
    case .cells: CellsView()
    }
  }
}
#endif
