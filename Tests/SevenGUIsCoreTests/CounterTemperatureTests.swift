import Bindings
import BindingsTesting
import SevenGUIsCore
import Testing

@Suite("Counter")
struct CounterTests {
  @Test("The count starts at 0 and each click adds one, published to a bound label")
  func increments() {
    let counter = CounterModel()
    let shown = RecordingSubscriber<Int, Never>()
    counter.$count.subscribe(shown)
    defer { shown.cancel() }
    counter.increment()
    counter.increment()
    #expect(shown.values == [0, 1, 2])
  }
}

@Suite("Temperature Converter")
struct TemperatureTests {
  @Test("Rule 1: Celsius typed sets Fahrenheit, F = C × 9/5 + 32")
  func celsiusToFahrenheit() {
    let converter = TemperatureModel()
    converter.celsius = "100"
    #expect(converter.fahrenheit == "212")
    converter.celsius = "-40"
    #expect(converter.fahrenheit == "-40")
    converter.celsius = "37"
    #expect(converter.fahrenheit == "98.6")
  }

  @Test("Rule 1: Fahrenheit typed sets Celsius, C = (F − 32) × 5/9, at most two decimals")
  func fahrenheitToCelsius() {
    let converter = TemperatureModel()
    converter.fahrenheit = "212"
    #expect(converter.celsius == "100")
    converter.fahrenheit = "0"
    #expect(converter.celsius == "-17.78")
  }

  @Test("Rule 2: text that is not a number leaves the other field alone and marks its own field")
  func invalidInput() {
    let converter = TemperatureModel()
    converter.celsius = "5"
    converter.celsius = "5x"
    #expect(converter.fahrenheit == "41")
    #expect(converter.celsiusIsInvalid)
    #expect(!converter.fahrenheitIsInvalid)
    converter.fahrenheit = "abc"
    #expect(converter.celsius == "5x")
    #expect(converter.fahrenheitIsInvalid)
    converter.celsius = ""
    #expect(!converter.celsiusIsInvalid, "an empty field is not marked")
    #expect(converter.fahrenheit == "abc")
  }

  @Test("Rule 3: the field being typed into keeps its text (no conversion back)")
  func noWriteBack() {
    let converter = TemperatureModel()
    let celsius = RecordingSubscriber<String, Never>()
    converter.$celsius.subscribe(celsius)
    defer { celsius.cancel() }
    converter.celsius = "5.0"
    #expect(converter.fahrenheit == "41")
    #expect(celsius.values == ["", "5.0"])
  }
}
