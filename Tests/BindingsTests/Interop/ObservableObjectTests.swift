import BindingsTesting
import Testing

@testable import Bindings

private final class Settings: ObservableObject {
  @Published var volume = 5
  @Published(initialValue: "dark") var theme: String
  var notPublished = 0
}

private final class LoudSettings: ObservableObject {
  let objectWillChange = PassthroughSubject<Void, Never>()
  var volume = 5 {
    willSet { objectWillChange.send() }
  }
}

// no-leak-accounting: `objectWillChange` comes from a registry that keeps a freed object's publisher (its
// subject and the subscriptions that forward each `@Published` change) until the registry's next sweep, which
// runs when it holds 64 entries, so those objects are still counted at a test's end by design. "objectWillChange
// keeps no object alive" checks with weak references that the object itself is freed.
@Suite("ObservableObject, Published.init(initialValue:) and assign(to: &$property)")
struct ObservableObjectTests {
  @Test("objectWillChange sends once per change of any @Published property, and not for other state")
  func sendsForPublishedChanges() {
    let settings = Settings()
    var changes = 0
    let token = settings.objectWillChange.sink { changes += 1 }
    settings.volume = 6
    settings.theme = "light"
    settings.notPublished = 1
    #expect(changes == 2)
    #expect(settings.theme == "light")
    withExtendedLifetime(token) {}
  }

  @Test("objectWillChange is the same publisher on every access, so send() reaches every subscriber")
  func onePublisherPerObject() {
    let settings = Settings()
    #expect(settings.objectWillChange === settings.objectWillChange)
    var changes = 0
    let token = settings.objectWillChange.sink { changes += 1 }
    settings.objectWillChange.send()
    #expect(changes == 1)
    #expect(Settings().objectWillChange !== settings.objectWillChange)
    withExtendedLifetime(token) {}
  }

  @Test("a class may declare its own objectWillChange publisher")
  func customPublisher() {
    let settings = LoudSettings()
    var changes = 0
    let token = settings.objectWillChange.sink { changes += 1 }
    settings.volume = 7
    #expect(changes == 1)
    withExtendedLifetime(token) {}
  }

  @Test("objectWillChange keeps no object alive")
  func keepsNothingAlive() {
    weak var weakSettings: Settings?
    do {
      let settings = Settings()
      weakSettings = settings
      _ = settings.objectWillChange
    }
    #expect(weakSettings == nil)
  }

  @Test("assign(to: &$property) republishes values into a @Published property for as long as it lives")
  func assignToPublished() {
    final class Model {
      @Published var count = 0
      init(ticks: PassthroughSubject<Int, Never>) { ticks.assign(to: &$count) }
    }
    let ticks = PassthroughSubject<Int, Never>()
    weak var weakModel: Model?
    do {
      let model = Model(ticks: ticks)
      weakModel = model
      ticks.send(3)
      #expect(model.count == 3)
    }
    #expect(weakModel == nil, "the subscription makes no retain cycle with the model")
    ticks.send(4)
  }
}
