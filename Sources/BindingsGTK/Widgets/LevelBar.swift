#if GTK
import Bindings
import CGTK

/// A bar that shows a level within a range (`GtkLevelBar`): a battery's charge, a password's
/// strength.
///
/// ```swift
/// let strength = LevelBar(range: 0...4)
/// strength.reactive.value <~ form.$password.map { Double(passwordScore($0)) }
/// ```
@MainActor
public final class LevelBar: Widget {
  /// A bar showing `value` within `range`.
  public init(value: Double = 0, range: ClosedRange<Double> = 0...1) {
    super.init(gtk_level_bar_new_for_interval(range.lowerBound, range.upperBound), ownership: .transferred)
    self.value = value
  }

  /// The level shown (`value`), kept within the range by GTK.
  ///
  /// ```swift
  /// battery.value = 0.8
  /// ```
  public var value: Double {
    get { gtk_level_bar_get_value(opaque) }
    set { gtk_level_bar_set_value(opaque, newValue) }
  }

  /// The lowest level (`min-value`).
  public var minValue: Double {
    get { gtk_level_bar_get_min_value(opaque) }
    set { gtk_level_bar_set_min_value(opaque, newValue) }
  }

  /// The highest level (`max-value`).
  public var maxValue: Double {
    get { gtk_level_bar_get_max_value(opaque) }
    set { gtk_level_bar_set_max_value(opaque, newValue) }
  }

  /// Whether the bar is drawn in blocks, one per whole unit, instead of continuously (`mode`).
  ///
  /// ```swift
  /// let stars = LevelBar(range: 0...5)
  /// stars.isDiscrete = true
  /// ```
  public var isDiscrete: Bool {
    get { gtk_level_bar_get_mode(opaque) == GTK_LEVEL_BAR_MODE_DISCRETE }
    set { gtk_level_bar_set_mode(opaque, newValue ? GTK_LEVEL_BAR_MODE_DISCRETE : GTK_LEVEL_BAR_MODE_CONTINUOUS) }
  }
}

@MainActor
extension Reactive where Base: LevelBar {
  /// The level shown: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// battery.reactive.value <~ device.$charge
  /// ```
  public var value: BindingEndpoint<Base, Double> {
    property("value", get: { $0.value }, set: { $0.value = $1 })
  }

  /// The lowest level: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// bar.reactive.minValue <~ limits.$lowest
  /// ```
  public var minValue: BindingEndpoint<Base, Double> {
    property("min-value", get: { $0.minValue }, set: { $0.minValue = $1 })
  }

  /// The highest level: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// bar.reactive.maxValue <~ limits.$highest
  /// ```
  public var maxValue: BindingEndpoint<Base, Double> {
    property("max-value", get: { $0.maxValue }, set: { $0.maxValue = $1 })
  }
}
#endif
