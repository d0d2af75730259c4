#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// Timer: a gauge and a label for the elapsed time, a slider for the duration, and a reset button.
@MainActor
public final class TimerView: TaskView {
  /// The window title.
  public static let title = "Timer"
  /// The elapsed fraction of the duration.
  public let gauge = ProgressBar()
  /// The elapsed time, in seconds.
  public let elapsed = Label()
  /// The duration, 0 to 30 seconds.
  public let duration = Scale(range: 0...30, step: 0.1)
  /// Sets the elapsed time back to zero.
  public let reset = Button("Reset")
  /// The task's widget.
  public let root: Widget

  /// Binds a view to `model`; by default a 15-second timer on the main loop.
  public init(_ model: TimerModel = TimerModel(scheduler: MainThreadScheduler.shared)) {
    gauge.reactive.fraction <~ model.fraction
    elapsed.reactive.text <~ model.$elapsed.map { "\(format($0, scale: 10)) s" }
    duration.reactive.value <~> model.$duration
    reset.reactive.clicked ~> (model, { model, _ in model.reset() })
    let grid = Grid(
      rows: [
        [Label("Elapsed Time:").align(horizontal: .start), gauge.expand(horizontally: true).align(vertical: .center)],
        [elapsed.align(horizontal: .start)],
        [Label("Duration:").align(horizontal: .start), duration],
      ], rowSpacing: 8, columnSpacing: 8)
    root = Box(.vertical, spacing: 8, [grid, reset]).margin(12).sizeRequest(width: 320)
    root.keepAlive(model)
  }
}
#endif
