import BindingsTesting
import Foundation
import Testing

@testable import Bindings

// Every example proposed for the README, as it appears there, so that each one compiles and runs.

// MARK: - Writing your own reactive extensions

/// README: a control the library knows nothing about.
private final class VolumeSlider: BindingOwner {
  let bindings = BindingBag()
  var value = 0.0
  var isEnabled = true
  let userChanges = PassthroughSubject<Double, Never>()

  func userMoved(to value: Double) {
    self.value = value
    userChanges.send(value)
  }
}

extension Reactive where Base: VolumeSlider {
  /// A target: where values go.
  fileprivate var isEnabled: BindingTarget<Base, Bool> {
    BindingTarget(base, identity: \VolumeSlider.isEnabled, scheduler: MainThreadScheduler.shared) { slider, enabled in
      slider.isEnabled = enabled
    }
  }

  /// A source: what the user does.
  fileprivate var changes: AnyPublisher<Double, Never> {
    base.userChanges.eraseToAnyPublisher()
  }

  /// An endpoint: both, for `<~>`.
  fileprivate var value: BindingEndpoint<Base, Double> {
    BindingEndpoint(target: self[dynamicMember: \.value], changes: base.userChanges)
  }
}

private final class PlayerViewModel: BindingOwner {
  let bindings = BindingBag()
  @Published var volume = 0.5
  @Published var isPlaying = false
  private(set) var log: [String] = []

  func setVolume(_ volume: Double) {
    log.append("volume \(volume)")
  }
}

extension Reactive where Base: PlayerViewModel {
  fileprivate var setVolume: BindingTarget<Base, Double> {
    BindingTarget(base) { viewModel, volume in viewModel.setVolume(volume) }
  }
}

/// README: a view that belongs to the main actor.
@MainActor
private final class NameLabel: MainActorBindingOwner {
  let bindings = BindingBag()
  var text: String?
}

/// README: a hand-written target of a main-actor class.
@MainActor
private final class Badge: MainActorBindingOwner {
  let bindings = BindingBag()
  var count = 0
  var isHidden = true
}

@MainActor
extension Reactive where Base: Badge {
  fileprivate var count: BindingTarget<Base, Int> {
    BindingTarget(onMainActor: base, identity: \Badge.count) { badge, count in
      badge.count = count
      badge.isHidden = count == 0
    }
  }
}

/// README: a reused cell and the view model of one row.
private final class RowCell: BindingOwner {
  let bindings = BindingBag()
  let titleLabel = BindingTestLabel()
  let taps = PassthroughSubject<Void, Never>()

  func configure(with viewModel: RowViewModel) {
    (titleLabel.reactive.text <~ viewModel.$title).store(in: bindings)
    (taps ~> (viewModel, { viewModel, _ in viewModel.select() })).store(in: bindings)
  }

  func prepareForReuse() {
    bindings.removeAll()  // both bindings end; the old view model hears nothing more
  }
}

private final class RowViewModel: BindingOwner {
  let bindings = BindingBag()
  @Published var title: String
  private(set) var selections = 0

  init(title: String) { self.title = title }

  func select() { selections += 1 }
}

// MARK: - Tests

extension MainThreadSerialized {
  @Suite("README examples", .releasesEveryObject)
  struct ReadmeExamplesTests {
    @Test("Quick start: a label follows a view model's name")
    func quickStart() {
      final class Label: BindingOwner {
        let bindings = BindingBag()
        var text: String?
      }

      final class ViewModel {
        @Published var name = "Ada"
      }

      let label = Label()
      let viewModel = ViewModel()

      label.reactive.text <~ viewModel.$name
      print(label.text ?? "")  // Ada
      #expect(label.text == "Ada")

      viewModel.name = "Grace"
      print(label.text ?? "")  // Grace
      #expect(label.text == "Grace")
    }

    @Test("Quick start: output, closure and two-way bindings")
    func quickStartOtherDirections() {
      final class TextField: BindingOwner {
        let bindings = BindingBag()
        @Published var text = ""
      }

      final class ViewModel: BindingOwner {
        let bindings = BindingBag()
        @Published var name = "Ada"
        var history: [String] = []

        func rename(_ name: String) { history.append(name) }
      }

      let field = TextField()
      let viewModel = ViewModel()

      // The field's text and the name stay equal; the name is the starting value.
      field.$text <~> viewModel.$name
      print(field.text)  // Ada

      // Every change of the name also reaches a method of the view model, without retaining it.
      viewModel.$name ~> (viewModel, { viewModel, name in viewModel.rename(name) })

      field.text = "Grace"
      print(viewModel.name)  // Grace
      print(viewModel.history)  // ["Ada", "Grace"]

      #expect(field.text == "Grace")
      #expect(viewModel.name == "Grace")
      #expect(viewModel.history == ["Ada", "Grace"])
    }

    @Test("Writing your own reactive extensions: targets, sources and endpoints")
    @MainActor
    func ownExtensions() {
      let slider = VolumeSlider()
      let player = PlayerViewModel()

      slider.reactive.isEnabled <~ player.$isPlaying
      slider.reactive.value <~> player.$volume
      slider.reactive.changes ~> player.reactive.setVolume

      slider.userMoved(to: 0.8)
      print(player.volume)  // 0.8
      print(player.log)  // ["volume 0.8"]
      print(slider.isEnabled)  // false

      #expect(player.volume == 0.8)
      #expect(player.log == ["volume 0.8"])
      #expect(slider.isEnabled == false)
    }

    @Test("Writing your own reactive extensions: an endpoint is also a source")
    func endpointAsSource() {
      let slider = VolumeSlider()
      let player = PlayerViewModel()

      slider.reactive.value ~> player.reactive.setVolume
      var printed: [String] = []
      let moves = slider.reactive.value.sink { printed.append("moved to \($0)") }
      slider.userMoved(to: 0.8)  // moved to 0.8

      #expect(printed == ["moved to 0.8"])
      #expect(player.log == ["volume 0.8"])
      slider.reactive.value <~ Just(0.2)
      #expect(printed == ["moved to 0.8"])
      #expect(slider.value == 0.2)
      moves.cancel()
    }

    @Test("Lifetimes: the owner keeps its bindings, and ends them when it goes")
    func lifetimes() {
      final class Label: BindingOwner {
        let bindings = BindingBag()
        var text: String?
      }

      let name = MutableProperty("Ada")
      var label: Label? = Label()

      label!.reactive.text <~ name  // no token to keep
      print(label!.bindings.count)  // 1
      #expect(label!.bindings.count == 1)

      label = nil  // the binding is cancelled now, not at the next value
      name.value = "Grace"  // delivered nowhere
      #expect(name.subject.core.subscriberCount == 0)
    }

    @Test("Lifetimes: a reused cell gets one binding per target")
    func reusedCell() {
      final class NameCell: BindingOwner {
        let bindings = BindingBag()
        var title: String?
        var subtitle: String?

        func configure(with person: Person) {
          reactive.title <~ person.$name  // replaces the previous model's binding
          reactive.subtitle <~ person.$email
        }
      }

      final class Person {
        @Published var name: String
        @Published var email: String
        init(name: String, email: String) {
          self.name = name
          self.email = email
        }
      }

      let cell = NameCell()
      let people = (0..<100).map { Person(name: "Person \($0)", email: "p\($0)@example.com") }
      for person in people { cell.configure(with: person) }
      print(cell.bindings.count)  // 2
      people[0].name = "stale"
      print(cell.title ?? "")  // Person 99

      #expect(cell.bindings.count == 2)
      #expect(cell.title == "Person 99")

      // Or end everything at once, e.g. in prepareForReuse:
      cell.bindings.removeAll()
      #expect(cell.bindings.count == 0)
    }

    @Test("Lifetimes: listing an owner's live bindings")
    func introspection() {
      final class Label: BindingOwner {
        let bindings = BindingBag()
        var text: String?
      }
      final class ViewModel {
        @Published var name = "Ada"
      }
      let label = Label()
      let viewModel = ViewModel()

      viewModel.$name.bind(to: label.reactive.text)
      for binding in label.bindings.liveBindings {
        print(binding)  // \Label.text ← bound at BindingsTests/ReadmeExamplesTests.swift:NN
      }
      #expect(label.bindings.liveBindings.count == 1)
      #expect(label.bindings.liveBindings[0].fileID == #fileID)
    }

    @Test("Threading: UI targets deliver on the main thread")
    @MainActor
    func threading() async {
      final class Label: BindingOwner {
        let bindings = BindingBag()
        var text: String?
      }
      let label = Label()
      let name = MutableProperty("Ada")

      // Made on the main thread: the label already shows "Ada" when this line returns.
      label.reactive.text.delivered(on: MainThreadScheduler.shared) <~ name
      #expect(label.text == "Ada")

      // Changed on another thread: the label is written later, on the main thread.
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          name.value = "Grace"
          DispatchQueue.main.async { continuation.resume() }
        }
      }
      #expect(label.text == "Grace")
    }

    @Test("Quick start: main-actor views are written on the main thread")
    @MainActor
    func mainActorViews() async {
      let label = NameLabel()
      let name = MutableProperty("Ada")
      label.reactive.text <~ name
      #expect(label.text == "Ada")  // written before <~ returned

      await changeOnABackgroundThread { name.value = "Grace" }  // label.text is written on the main thread
      #expect(label.text == "Grace")

      // Opt out, explicitly, for a source known to send on the main thread:
      label.reactive.text.deliveredOnSendingThread() <~ name
      #expect(label.bindings.count == 1)
    }

    @Test("Writing your own reactive extensions: a @MainActor class")
    @MainActor
    func mainActorExtension() async {
      let badge = Badge()
      final class Inbox {
        @Published var unread = 0
      }
      let inbox = Inbox()
      badge.reactive.count <~ inbox.$unread
      #expect(badge.isHidden)
      await changeOnABackgroundThread { [inbox = SendableBox(inbox)] in inbox.value.unread = 2 }
      #expect(badge.count == 2)
      #expect(!badge.isHidden)
    }

    @Test("Quick start: the direction of <~>")
    func twoWayDirection() {
      final class TextField: BindingOwner {
        let bindings = BindingBag()
        @Published var text = "draft"
      }
      final class ViewModel: BindingOwner {
        let bindings = BindingBag()
        @Published var name = "Ada"
      }
      let field = TextField()
      let viewModel = ViewModel()
      field.$text.bindTwoWay(with: &viewModel.$name, initialValueFrom: .left)
      #expect(viewModel.name == "draft")
      field.$text <~> viewModel.$name
      #expect(field.text == "draft")
      viewModel.name = "Ada"
      #expect(field.text == "Ada")
    }

    @Test("Lifetimes: a reused cell ends its bindings in both directions")
    func cells() {
      let cell = RowCell()
      let first = RowViewModel(title: "first")
      cell.configure(with: first)
      cell.prepareForReuse()
      let second = RowViewModel(title: "second")
      cell.configure(with: second)
      cell.taps.send()
      #expect(first.selections == 0)
      #expect(second.selections == 1)
      #expect(cell.titleLabel.text == "second")
    }

    @Test("Observable arrays: filter(by:) and sorted(by:) follow a query and an order with no diff")
    func filterAndSortByValue() {
      var printed: [String] = []
      let people = MutableObservableArray(["Grace", "Ada", "Alan"])
      let query = CurrentValueSubject<String, Never>("a")
      let ascending = CurrentValueSubject<Bool, Never>(true)
      let shown = people.filter(by: query) { name, query in name.lowercased().contains(query) }
        .sorted(by: ascending) { a, b, ascending in ascending ? a < b : a > b }
      let token = shown.dropFirst().sink { printed.append("\($0.contents) \($0.change)") }
      ascending.send(false)
      query.send("al")
      #expect(printed == ["[\"Grace\", \"Alan\", \"Ada\"] moves [1→1, 2→0]", "[\"Alan\"] deletes [0, 2]"])
      token.cancel()
    }

    @Test("Migration: bind(to:) and the owner's closure form")
    func migration() {
      final class ViewModel: BindingOwner {
        let bindings = BindingBag()
        var saved: [String] = []
      }
      final class Label: BindingOwner {
        let bindings = BindingBag()
        var text: String?
      }
      let viewModel = ViewModel()
      let label = Label()
      let edits = PassthroughSubject<String, Never>()

      // Bond: edits.bind(to: label.reactive.text)
      edits.bind(to: label.reactive.text)
      // Bond: edits.observeNext { [weak viewModel] in viewModel?.saved.append($0) }.dispose(in: viewModel.bag)
      edits.bind(to: viewModel) { viewModel, text in viewModel.saved.append(text) }

      edits.send("draft")
      #expect(label.text == "draft")
      #expect(viewModel.saved == ["draft"])
    }
  }
}
