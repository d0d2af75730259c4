import Bindings
import Foundation

/// 7GUIs task 2, Temperature Converter: two text fields, Celsius and Fahrenheit, each converted into
/// the other as the user types.
///
/// ```swift
/// let converter = TemperatureModel()
/// celsiusEntry.reactive.text <~> converter.$celsius
/// fahrenheitEntry.reactive.text <~> converter.$fahrenheit
/// converter.celsius = "100"
/// print(converter.fahrenheit)   // prints "212"
/// ```
///
/// The rules (7GUIs), which the tests check one by one:
/// 1. A number typed into one field sets the other to its conversion, F = C × 9/5 + 32 and
///    C = (F − 32) × 5/9, shown with at most two decimals.
/// 2. Text that is not a number leaves the other field as it is, and marks the field it was typed
///    into (``celsiusIsInvalid``, ``fahrenheitIsInvalid``) until it holds a number or nothing.
/// 3. A conversion never writes back into the field being typed into.
public final class TemperatureModel: BindingOwner {
  /// The bindings the model owns.
  public let bindings = BindingBag()
  /// The Celsius field's text.
  @Published public var celsius = ""
  /// The Fahrenheit field's text.
  @Published public var fahrenheit = ""
  /// Whether ``celsius`` holds text that is not a number.
  @Published public private(set) var celsiusIsInvalid = false
  /// Whether ``fahrenheit`` holds text that is not a number.
  @Published public private(set) var fahrenheitIsInvalid = false

  /// Creates a converter with both fields empty.
  public init() {
    // A two-way binding through a conversion: text that is not a number converts to nothing, so the
    // other field keeps its text, and a change is never echoed back into the field it came from.
    $fahrenheit
      <~> $celsius.converted(
        { number($0).map { format($0 * 9 / 5 + 32) } }, back: { number($0).map { format(($0 - 32) * 5 / 9) } })
    $celsiusIsInvalid <~ $celsius.map(isInvalid)
    $fahrenheitIsInvalid <~ $fahrenheit.map(isInvalid)
  }
}

private func number(_ text: String) -> Double? { Double(text.trimmingCharacters(in: .whitespaces)) }

private func isInvalid(_ text: String) -> Bool { number(text) == nil && !text.allSatisfy(\.isWhitespace) }

/// `value` rounded to `scale`'s decimals (two by default), without a fraction when it is whole:
/// "212", "98.6".
///
/// ```swift
/// print(format(98.60000000000001))   // prints "98.6"
/// print(format(2.0 / 3, scale: 1e4))  // prints "0.6667"
/// ```
public func format(_ value: Double, scale: Double = 100) -> String {
  let rounded = (value * scale).rounded() / scale
  return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
}
