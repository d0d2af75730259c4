import Bindings
import BindingsTesting
import Testing

// The examples of the DocC articles, as they appear there, so that each one compiles and does what
// the article says.

private final class Label: BindingOwner {
  let bindings = BindingBag()
  var text: String?
}

private final class ProfileViewModel {
  @Published var name = "Ada"
}

private final class TextField: BindingOwner {
  let bindings = BindingBag()
  @Published var text = ""
}

private final class SettingsViewModel {
  @Published var displayName = "Ada"
}

private final class SuggestionsViewModel<S: Scheduler> {
  @Published var query = ""
  @Published private(set) var suggestions: [String] = []
  private var tokens: [AnyCancellable] = []

  init(words: [String], scheduler: S) {
    $query
      .dropFirst()
      .debounce(for: .milliseconds(250), scheduler: scheduler)
      .map { query in query.isEmpty ? [] : words.filter { $0.hasPrefix(query.lowercased()) } }
      .sink { [weak self] in self?.suggestions = $0 }
      .store(in: &tokens)
  }
}

@Suite("Documentation examples")
struct DocumentationExamplesTests {
  @Test("Getting started: the first binding and one source per target")
  func gettingStarted() {
    let label = Label()
    let viewModel = ProfileViewModel()

    label.reactive.text <~ viewModel.$name
    #expect(label.text == "Ada")

    viewModel.name = "Grace"
    #expect(label.text == "Grace")

    label.reactive.text <~ viewModel.$name.removeDuplicates()
    #expect(label.bindings.count == 1)
  }

  @Test("Two-way bindings: both ways, and through a conversion that ignores what does not convert")
  func twoWayBindings() {
    let field = TextField()
    let settings = SettingsViewModel()

    field.$text <~> settings.$displayName
    #expect(field.text == "Ada")

    field.text = "Grace"
    #expect(settings.displayName == "Grace")

    let volume = MutableProperty(0.5)
    let volumeText = MutableProperty("0.25")
    volume <~> volumeText.converted({ Double($0) }, back: { String($0) })
    #expect(volume.value == 0.25)

    volumeText.value = "0.7x"
    #expect(volume.value == 0.25)
  }

  @Test("Testing view models: suggestions wait for a pause")
  func suggestionsWaitForAPause() {
    let scheduler = TestScheduler()
    let viewModel = SuggestionsViewModel(words: ["swift", "swiftly", "switch"], scheduler: scheduler)
    let recorder = RecordingSubscriber<[String], Never>()
    viewModel.$suggestions.subscribe(recorder)

    viewModel.query = "swi"
    scheduler.advance(by: .milliseconds(250))
    viewModel.query = "swif"
    scheduler.advance(by: .milliseconds(249))
    #expect(recorder.values == [[], ["swift", "swiftly", "switch"]])

    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values == [[], ["swift", "swiftly", "switch"], ["swift", "swiftly"]])
    recorder.cancel()
  }

  @Test("BindingsTesting: the debounced search of the catalogue's overview")
  func searchIsDebounced() {
    let scheduler = TestScheduler()
    let query = PassthroughSubject<String, Never>()
    let recorder = RecordingSubscriber<String, Never>()
    query.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)

    query.send("s")
    query.send("sw")
    scheduler.advance(by: .milliseconds(299))
    #expect(recorder.values == [])

    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values == ["sw"])
    recorder.cancel()
  }

  @Test("Virtual time: a task sleeping on the scheduler wakes when the clock passes its deadline")
  func sleepingTaskWakes() async throws {
    let scheduler = TestScheduler()
    let task = Task {
      try await scheduler.sleep(for: .seconds(1))
      return "woke"
    }
    await scheduler.advance(by: .seconds(1))
    #expect(try await task.value == "woke")
  }
}
