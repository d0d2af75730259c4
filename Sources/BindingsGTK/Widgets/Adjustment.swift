#if GTK
import Bindings
import CGTK

/// A value within a range (`GtkAdjustment`), shared by ``Scale`` and ``SpinButton``.
///
/// ```swift
/// let volume = Adjustment(value: 5, range: 0...11, step: 1)
/// volume.reactive.value <~> player.$volume
/// ```
@MainActor
public final class Adjustment: GObjectWrapper {
  /// An adjustment holding `value`, clamped to `range`.
  public init(value: Double = 0, range: ClosedRange<Double> = 0...1, step: Double = 0.1) {
    super.init(
      gtk_adjustment_new(value, range.lowerBound, range.upperBound, step, step * 10, 0),
      ownership: .transferred
    )
  }

  /// Wraps the adjustment of a range or spin button.
  init(borrowing adjustment: UnsafeMutablePointer<GtkAdjustment>) {
    super.init(adjustment, ownership: .borrowed)
  }

  /// The adjustment as GTK's `GtkAdjustment *`.
  public var adjustment: UnsafeMutablePointer<GtkAdjustment> {
    UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkAdjustment.self)
  }

  /// The value, kept within ``range``.
  public var value: Double {
    get { gtk_adjustment_get_value(adjustment) }
    set { gtk_adjustment_set_value(adjustment, newValue) }
  }

  /// The smallest and largest values. Setting it clamps the value into the new range.
  public var range: ClosedRange<Double> {
    get { gtk_adjustment_get_lower(adjustment)...gtk_adjustment_get_upper(adjustment) }
    set {
      gtk_adjustment_configure(
        adjustment,
        min(max(value, newValue.lowerBound), newValue.upperBound),
        newValue.lowerBound,
        newValue.upperBound,
        gtk_adjustment_get_step_increment(adjustment),
        gtk_adjustment_get_page_increment(adjustment),
        gtk_adjustment_get_page_size(adjustment)
      )
    }
  }
}

@MainActor
extension Reactive where Base: Adjustment {
  /// The value: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// adjustment.reactive.value <~> player.$volume
  /// ```
  public var value: BindingEndpoint<Base, Double> {
    property("value", get: { $0.value }, set: { $0.value = $1 })
  }

  /// The range, as a target.
  ///
  /// ```swift
  /// adjustment.reactive.range <~ track.$duration.map { 0...$0 }
  /// ```
  public var range: BindingTarget<Base, ClosedRange<Double>> {
    gtkTarget("range") { adjustment, range in
      adjustment.range = range
    }
  }
}

/// A widget that shows and edits an ``Adjustment``: ``Scale`` and ``SpinButton``.
@MainActor
public protocol AdjustableControl: Widget {
  /// The value and range the control shows.
  var adjustment: Adjustment { get }
}

/// A slider (`GtkScale`).
///
/// ```swift
/// let volume = Scale(range: 0...11, step: 1)
/// volume.reactive.value <~> player.$volume
/// ```
@MainActor
public final class Scale: Widget, AdjustableControl {
  /// The slider's value and range.
  public let adjustment: Adjustment

  /// A slider over `range`, horizontal unless `orientation` says otherwise.
  ///
  /// ```swift
  /// let level = Scale(range: 0...100, step: 1, orientation: .vertical)
  /// ```
  public init(range: ClosedRange<Double> = 0...1, step: Double = 0.1, orientation: Orientation = .horizontal) {
    let scale = gtk_scale_new_with_range(
      orientation.gtkValue,
      range.lowerBound,
      range.upperBound,
      step
    )!
    adjustment = Adjustment(
      borrowing: gtk_range_get_adjustment(UnsafeMutableRawPointer(scale).assumingMemoryBound(to: GtkRange.self))
    )
    super.init(scale, ownership: .transferred)
  }

  /// A horizontal (or vertical) slider over `range`.
  @available(*, deprecated, renamed: "init(range:step:orientation:)")
  public convenience init(range: ClosedRange<Double> = 0...1, step: Double = 0.1, vertical: Bool) {
    self.init(range: range, step: step, orientation: vertical ? .vertical : .horizontal)
  }

  /// How many decimal places the slider shows (`digits`).
  public var digits: Int {
    get { Int(gtk_scale_get_digits(cast())) }
    set { gtk_scale_set_digits(cast(), Int32(newValue)) }
  }

  /// Whether the value is drawn next to the slider (`draw-value`).
  public var drawsValue: Bool {
    get { gtk_scale_get_draw_value(cast()) != 0 }
    set { gtk_scale_set_draw_value(cast(), newValue ? 1 : 0) }
  }
}

/// A number field with up and down buttons (`GtkSpinButton`).
///
/// ```swift
/// let copies = SpinButton(range: 1...99, step: 1)
/// copies.reactive.value <~> printJob.$copies.converted({ Double($0) }, back: { Int($0) })
/// ```
@MainActor
public final class SpinButton: Widget, AdjustableControl {
  /// The field's value and range.
  public let adjustment: Adjustment

  /// A spin button over `range`, stepping by `step`.
  public init(range: ClosedRange<Double> = 0...100, step: Double = 1) {
    let spin = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step)!
    adjustment = Adjustment(borrowing: gtk_spin_button_get_adjustment(OpaquePointer(spin)))
    super.init(spin, ownership: .transferred)
  }
}

@MainActor
extension Reactive where Base: AdjustableControl {
  /// The control's value: a target, a source (every change, the current value first) and a side of
  /// `<~>`.
  ///
  /// ```swift
  /// slider.reactive.value <~> player.$volume
  /// ```
  public var value: BindingEndpoint<Base, Double> {
    property("value", of: base.adjustment, get: { $0.value }, set: { $0.adjustment.value = $1 })
  }

  /// The control's range, as a target; the value is clamped into it.
  ///
  /// ```swift
  /// seek.reactive.range <~ track.$duration.map { 0...$0 }
  /// ```
  public var range: BindingTarget<Base, ClosedRange<Double>> {
    gtkTarget("range") { control, range in
      control.adjustment.range = range
    }
  }
}
#endif
