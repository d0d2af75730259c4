#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// Temperature Converter: a Celsius and a Fahrenheit field, each converted into the other.
@MainActor
public final class TemperatureView: TaskView {
  /// The window title.
  public static let title = "Temperature Converter"
  /// The Celsius field.
  public let celsius = Entry()
  /// The Fahrenheit field.
  public let fahrenheit = Entry()
  /// The task's widget.
  public let root: Widget

  /// Binds a view to `model`.
  public init(_ model: TemperatureModel = TemperatureModel()) {
    celsius.reactive.text <~> model.$celsius
    fahrenheit.reactive.text <~> model.$fahrenheit
    celsius.reactive.cssClass("error") <~ model.$celsiusIsInvalid
    fahrenheit.reactive.cssClass("error") <~ model.$fahrenheitIsInvalid
    root = Box(.horizontal, spacing: 8, [celsius, Label("Celsius ="), fahrenheit, Label("Fahrenheit")]).margin(12)
    root.keepAlive(model)
  }
}
#endif
