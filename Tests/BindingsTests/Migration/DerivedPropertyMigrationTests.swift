import Bindings
import Dispatch
import Testing

// Values derived from several sources, written as users of thoughtbot's Bindings, ReactiveSwift,
// Bond and ReactiveKit write them.

private final class NameLabel: BindingOwner {
  let bindings = BindingBag()
  var text: String?
}

/// thoughtbot's MVVM example, with `fullName` in one line.
private final class PersonViewModel {
  @Published var firstName = "Ada"
  @Published var lastName = "Lovelace"
  lazy var fullName = Property.combineLatest($firstName, $lastName) { "\($0) \($1)" }
}

@Suite("Migration: derived properties", .releasesEveryObject)
struct DerivedPropertyMigrationTests {
  @Test("thoughtbot's fullName: a property combined from two @Published properties binds to a label")
  func thoughtbotFullName() {
    let viewModel = PersonViewModel()
    let nameLabel = NameLabel()

    nameLabel.reactive.text <~ viewModel.fullName
    #expect(nameLabel.text == "Ada Lovelace")

    viewModel.lastName = "Byron"
    #expect(nameLabel.text == "Ada Byron")
    #expect(viewModel.fullName.value == "Ada Byron")
  }

  @Test("a combined property's value is current after each change, with no subscriber")
  func valueIsCurrentWithoutSubscribers() {
    let first = MutableProperty("Ada")
    let last = MutableProperty("Lovelace")
    let fullName = Property.combineLatest(first, last) { "\($0) \($1)" }
    #expect(fullName.value == "Ada Lovelace")
    first.value = "Augusta"
    #expect(fullName.value == "Augusta Lovelace")
    last.value = "King"
    #expect(fullName.value == "Augusta King")
  }

  @Test("a combined property is itself a binding source and replays its value to each subscriber")
  func combinedPropertyIsASource() {
    let width = MutableProperty(2)
    let height = MutableProperty(3)
    let area = Property.combineLatest(width, height) { $0 * $1 }
    let label = NameLabel()
    label.reactive.text <~ area.map { "area \($0)" }
    #expect(label.text == "area 6")
    width.value = 4
    #expect(label.text == "area 12")

    var received: [Int] = []
    let token = area.sink { received.append($0) }
    height.value = 5
    #expect(received == [12, 20])
    token.cancel()
  }

  @Test("combineLatest of three properties, and of two into a pair")
  func threeAndPair() {
    let day = MutableProperty(10)
    let month = Property(value: 12)
    let year = CurrentValueSubject<Int, Never>(1815)
    let date = Property.combineLatest(day, month, year) { "\($0)/\($1)/\($2)" }
    #expect(date.value == "10/12/1815")
    year.send(1816)
    #expect(date.value == "10/12/1816")

    let size = Property.combineLatest(day, month)
    #expect(size.value == (10, 12))
    day.value = 1
    #expect(size.value == (1, 12))
  }

  @Test("Property(initial:then:) holds the initial value until the publisher sends, then each value")
  func initialThen() {
    let scores = PassthroughSubject<Int, Never>()
    let best = Property(initial: 0, then: scores.scan(0, max))
    #expect(best.value == 0)
    scores.send(3)
    scores.send(1)
    #expect(best.value == 3)
    scores.send(completion: .finished)
    #expect(best.value == 3)
  }

  @Test("Property(initial:then:) takes a replaying source's current value at once")
  func initialThenReplaying() {
    let name = MutableProperty("Grace")
    let shown = Property(initial: "", then: name)
    #expect(shown.value == "Grace")
  }

  @Test("a read-only view of a @Published property follows it")
  func readOnlyViewOfPublished() {
    let viewModel = PersonViewModel()
    let firstName = Property(viewModel.$firstName)
    viewModel.firstName = "Grace"
    #expect(firstName.value == "Grace")
  }

  @Test("flatMapLatest follows only the property picked for the latest value")
  func flatMapLatest() {
    let useNickname = MutableProperty(false)
    let name = MutableProperty("Ada")
    let nickname = MutableProperty("Countess")
    let shown = useNickname.flatMapLatest { $0 ? Property(nickname) : Property(name) }
    #expect(shown.value == "Ada")
    useNickname.value = true
    #expect(shown.value == "Countess")
    name.value = "Augusta"
    #expect(shown.value == "Countess")
    nickname.value = "Enchantress of Numbers"
    #expect(shown.value == "Enchantress of Numbers")
    useNickname.value = false
    #expect(shown.value == "Augusta")
  }

  @Test("a derived property bound in one expression keeps following while the binding lives, then goes")
  func derivedPropertyLifetime() {
    let first = MutableProperty("Ada")
    let last = MutableProperty("Lovelace")
    weak var weakFullName: Property<String>?
    var label: NameLabel? = NameLabel()
    do {
      let fullName = Property.combineLatest(first, last) { "\($0) \($1)" }
      weakFullName = fullName
      label!.reactive.text <~ fullName
    }
    #expect(weakFullName != nil, "the binding holds the property it is bound to")
    last.value = "Byron"
    #expect(label?.text == "Ada Byron")
    label = nil
    #expect(weakFullName == nil, "the label's end releases the binding and the property")
  }

  @Test("dropping a derived property cancels its subscription to its source")
  func droppingUnsubscribes() {
    let first = MutableProperty("Ada")
    var cancels = 0
    var shown: Property<String>? = Property(initial: "", then: first.handleEvents(receiveCancel: { cancels += 1 }))
    #expect(shown?.value == "Ada")
    shown = nil
    #expect(cancels == 1)

  }

  @Test("free combineLatest and merge, as Bond and ReactiveKit write them")
  func freeFunctions() {
    let viewModel = PersonViewModel()
    let label = NameLabel()
    label.reactive.text <~ combineLatest(viewModel.$firstName, viewModel.$lastName) { "\($0) \($1)" }
    #expect(label.text == "Ada Lovelace")
    viewModel.firstName = "Grace"
    #expect(label.text == "Grace Lovelace")

    let taps = PassthroughSubject<String, Never>()
    let keys = PassthroughSubject<String, Never>()
    label.reactive.text <~ merge(taps, keys)
    keys.send("return")
    #expect(label.text == "return")
    taps.send("tap")
    #expect(label.text == "tap")

    var pairs: [String] = []
    let token = combineLatest(viewModel.$firstName, viewModel.$lastName).sink { pairs.append("\($0)-\($1)") }
    #expect(pairs == ["Grace-Lovelace"])
    token.cancel()
  }

  @Test("a combined property's value is the latest combination after concurrent changes of its sources")
  func concurrentChanges() {
    let first = MutableProperty(0)
    let last = MutableProperty(0)
    let sum = Property.combineLatest(first, last) { $0 * 1000 + $1 }
    DispatchQueue.concurrentPerform(iterations: 2) { side in
      for value in 1...500 {
        if side == 0 { first.value = value } else { last.value = value }
      }
    }
    #expect(sum.value == 500_500)
  }
}
