import Foundation
import Testing

@testable import Bindings

/// Tests for the parts of Contracts.md that other suites check only indirectly: each one names its
/// rule, and each fails if that part of the rule breaks.
@Suite("contracts: the parts other suites leave implicit", .releasesEveryObject)
struct ContractProofTests {
  /// Bindings into a `@Published` property live in the property's storage, not in the owner's bag, so
  /// these tests read replacement from the sources: a replaced binding leaves its source with no subscriber.
  final class Field: BindingOwner {
    let bindings = BindingBag()
    @Published var text = ""
  }

  @Test("rule 19: owner.$x and owner.reactive.x are one target; binding one replaces the other's binding")
  func publishedSpellingsReplaceEachOther() {
    let field = Field()
    let first = PassthroughSubject<String, Never>()
    let second = PassthroughSubject<String, Never>()

    field.reactive.text <~ first
    field.$text <~ second
    #expect(first.core.subscriberCount == 0, "the first binding was kept beside the second")
    first.send("stale")
    #expect(field.text == "")
    second.send("kept")
    #expect(field.text == "kept")

    field.reactive.text <~ first
    #expect(second.core.subscriberCount == 0)
  }

  @Test("rule 19: ~> and bind(to:) into either spelling replace the binding the property had")
  func outputSpellingsReplaceToo() {
    let field = Field()
    let first = PassthroughSubject<String, Never>()
    let second = PassthroughSubject<String, Never>()
    let third = PassthroughSubject<String, Never>()

    first ~> field.reactive.text
    second.bind(to: &field.$text)
    #expect(first.core.subscriberCount == 0)

    third ~> field.$text
    #expect(second.core.subscriberCount == 0)
    third.send("third")
    #expect(field.text == "third")
  }

  @Test("rule 20: $x <~ $x makes no binding")
  func publishedToItselfMakesNoBinding() {
    let viewModel = BindingTestViewModel(name: "Ada")
    viewModel.$name <~ viewModel.$name
    viewModel.reactive.name <~ viewModel.$name
    // The property's storage owns bindings into it; a binding would have subscribed to the storage.
    #expect(viewModel.$name.storage.bindings.count == 0)
    #expect(viewModel.$name.storage.subject.core.subscriberCount == 0)
    viewModel.name = "Grace"
    #expect(viewModel.name == "Grace")
  }

  @Test("rule 22: a binding stored in a cell's bag ends, in the owner's bag too, when the cell is deallocated")
  func storedBindingEndsWithTheStoringBag() {
    final class Cell: BindingOwner {
      let bindings = BindingBag()
    }
    let viewModel = BindingTestViewModel(name: "Ada")
    let taps = PassthroughSubject<Void, Never>()
    var selections = 0
    weak var weakCell: Cell?
    do {
      let cell = Cell()
      weakCell = cell
      (taps ~> (viewModel, { _, _ in selections += 1 })).store(in: cell.bindings)
      taps.send()
      #expect(selections == 1)
      #expect(viewModel.bindings.count == 1)
    }
    #expect(weakCell == nil)
    #expect(taps.core.subscriberCount == 0, "the binding outlived the bag it was stored in")
    #expect(viewModel.bindings.count == 0)
    taps.send()
    #expect(selections == 1)
  }

  @Test("rule 22: removeAll() on the storing bag ends a <~ binding even when nothing rebinds the target")
  func removeAllEndsAnInputBinding() {
    final class Cell: BindingOwner {
      let bindings = BindingBag()
      let titleLabel = BindingTestLabel()
    }
    let cell = Cell()
    let viewModel = BindingTestViewModel(name: "first")
    (cell.titleLabel.reactive.text <~ viewModel.$name).store(in: cell.bindings)
    #expect(cell.titleLabel.bindings.count == 1)

    cell.bindings.removeAll()
    #expect(cell.titleLabel.bindings.count == 0)
    viewModel.name = "stale"
    #expect(cell.titleLabel.text == "first")
  }

  @Test("rule 5: a CurrentValueSubject used as a subscriber requests .unlimited at once")
  func currentValueSubjectRequestsUnlimited() {
    let upstream = UpstreamProbe<Int, Never>()
    let subject = CurrentValueSubject<Int, Never>(0)
    let link = upstream.subscribe(subject)
    #expect(upstream.requests == [.unlimited])
    upstream.send(3)
    #expect(subject.value == 3)
    link.cancel()
    upstream.detach()
  }
}

/// The diagnostics the contracts promise on standard error, read through the library's diagnostics
/// observer, which sees what the current task reports.
@Suite("contracts: what is said on standard error", .releasesEveryObject)
struct ContractDiagnosticTests {
  @Test("rule 20: p <~ p and a <~> a each say once that they did nothing")
  func selfBindingSaysSo() {
    let p = MutableProperty(1)
    let messages = diagnostics {
      p <~ p
      p <~> p
    }
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.first?.contains("<~ itself does nothing") == true, "\(messages)")
    #expect(messages.last?.contains("<~> itself does nothing") == true, "\(messages)")
  }

  @Test("rule 8: a subject that feeds itself says so once, however many values come back too deep")
  func cycleSaysSoOnce() {
    let subject = PassthroughSubject<Int, Never>()
    var token: AnyCancellable?
    let messages = diagnostics {
      token = subject.sink { value in subject.send(value + 1) }
      subject.send(0)
      subject.send(0)
    }
    let cycleReports = messages.filter { $0.contains("came back") && $0.contains("levels deep") }
    #expect(cycleReports.count == 1, "\(messages)")
    token?.cancel()
  }

  @Test("rule 14: a binding to an owner whose bag is closed is refused, and says why")
  func closedBagSaysWhy() {
    let label = BindingTestLabel()
    let name = MutableProperty("Ada")
    label.bindings.close(reason: "the label's window was closed")
    let messages = diagnostics { label.reactive.text <~ name }
    #expect(label.bindings.count == 0)
    #expect(name.subject.core.subscriberCount == 0)
    #expect(messages.count == 1 && messages[0].contains("the label's window was closed"), "\(messages)")
  }
}

extension MainThreadSerialized {
  @Suite("contracts: main-actor targets through ~>", .releasesEveryObject)
  struct MainActorOutputBindingTests {
    @Test("rule 18: source ~> a main-actor target writes on the main thread")
    @MainActor
    func outputBindingWritesOnMain() async {
      let label = MainActorTestLabel()
      let name = MutableProperty("Ada")
      name ~> label.reactive.text
      #expect(label.text == "Ada")
      await changeOnABackgroundThread { name.value = "Grace" }
      #expect(label.text == "Grace")
      #expect(label.writesOffTheMainThread == 0)
    }
  }
}
