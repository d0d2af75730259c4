import BindingsTesting
import Testing

@testable import Bindings

private final class Thermometer: ReactiveExtensionProvider {
  var celsius = 21.0
}

extension Reactive where Base: Thermometer {
  fileprivate var fahrenheit: Double { base.celsius * 9 / 5 + 32 }
}

extension Reactive where Base: Thermometer {
  fileprivate static var unit: String { "°C" }
}

@Suite("Reactive", .releasesEveryObject)
struct ReactiveTests {
  @Test("a provider gets an instance namespace holding the base")
  func instanceNamespace() {
    let thermometer = Thermometer()
    #expect(thermometer.reactive.base === thermometer)
    #expect(thermometer.reactive.fahrenheit == 69.8)
  }

  @Test("a provider gets a static namespace for type-level extensions")
  func staticNamespace() {
    #expect(Thermometer.reactive.unit == "°C")
  }

  @Test("every writable property of an owner is a binding target with no extension code")
  func keyPathTarget() {
    let label = BindingTestLabel()
    let count = PassthroughSubject<Int, Never>()
    label.reactive.count <~ count
    count.send(3)
    #expect(label.count == 3)
  }

  @Test("a hand-written extension takes precedence over the key-path target of the same name")
  func handWrittenExtensionWins() {
    let badge = BindingTestBadge()
    let name = MutableProperty("Ada")
    badge.reactive.text <~ name
    #expect(badge.text == "[Ada]")
    #expect(badge.bindings.liveBindings.map(\.target) == ["badge text"])
  }

  @Test("a key-path target describes itself by its key path")
  func keyPathTargetDescription() {
    let label = BindingTestLabel()
    label.reactive.text <~ MutableProperty("Ada")
    #expect(label.bindings.liveBindings.map(\.target) == ["\\BindingTestLabel.text"])
  }
}

@Suite("hand-written targets", .releasesEveryObject)
struct HandWrittenTargetTests {
  @Test("a hand-written target with an identity gets one source at a time, like a key-path target")
  func identityReplaces() {
    let badge = BindingTestBadge()
    let first = PassthroughSubject<String, Never>()
    let second = PassthroughSubject<String, Never>()
    badge.reactive.text <~ first
    badge.reactive.text <~ second
    #expect(badge.bindings.count == 1)
    #expect(first.core.subscriberCount == 0)
  }

  @Test("a hand-written target without an identity accepts several sources")
  func noIdentityAccumulates() {
    let viewModel = BindingTestViewModel()
    let first = PassthroughSubject<String, Never>()
    let second = PassthroughSubject<String, Never>()
    first ~> viewModel.reactive.rename
    second ~> viewModel.reactive.rename
    first.send("a")
    second.send("b")
    #expect(viewModel.renames == ["a", "b"])
    #expect(viewModel.bindings.count == 2)
  }
}
