import Bindings
import BindingsTesting

extension Chapter {
  /// A view model takes its scheduler; a test hands it a TestScheduler and checks a whole history.
  public static let testingViewModels = Chapter(
    title: "Testing a view model with virtual time",
    run: runTestingViewModels,
    expectedOutput: """

      ▸ The view model takes its scheduler as a parameter
        │ final class SuggestionsViewModel<S: Scheduler> {
        │   @Published var query = ""
        │   @Published private(set) var suggestions: [String] = []
        │   init(words: [String], scheduler: S) {
        │     $query.dropFirst()
        │       .debounce(for: .milliseconds(250), scheduler: scheduler)
        │       .map { query in query.isEmpty ? [] : words.filter { $0.hasPrefix(query.lowercased()) } }
        │       .sink { [weak self] in self?.suggestions = $0 }
        │       .store(in: &tokens)
        │   }
        │ }
        The app passes MainThreadScheduler.shared; the test passes a TestScheduler.

      ▸ The test: record every suggestion list, drive the clock, compare once
        │ let scheduler = TestScheduler()
        │ let viewModel = SuggestionsViewModel(words: ["swift", "swiftly", "switch"], scheduler: scheduler)
        │ let recorder = RecordingSubscriber<[String], Never>()
        │ viewModel.$suggestions.subscribe(recorder)
        │
        │ viewModel.query = "s"; scheduler.advance(by: .milliseconds(100))
        │ viewModel.query = "swi"; scheduler.advance(by: .milliseconds(250))
        │ viewModel.query = "swif"; scheduler.advance(by: .milliseconds(249))
        │ #expect(recorder.values == [[], ["swift", "swiftly", "switch"]])
        │ scheduler.advance(by: .milliseconds(1))
        │ #expect(recorder.values == [[], ["swift", "swiftly", "switch"], ["swift", "swiftly"]])
        → ✓ 249 ms after "swif": [[], ["swift", "swiftly", "switch"]]
        ✗ no suggestions for "s": the user kept typing within 250 ms
        → ✓ 250 ms after "swif": [[], ["swift", "swiftly", "switch"], ["swift", "swiftly"]]
        The whole run took no real time, and gives the same answer on every machine.

      ▸ A recorder sees the whole history: subscription, values, completion
        │ [1, 2].publisher.subscribe(recorded)
        │ #expect(recorded.events == [.subscription, .value(1), .value(2), .completion(.finished)])
        → recorded.events is [subscription, value(1), value(2), finished]
        In the test suite that is one #expect per scenario; Swift Testing prints the difference.
      """
  )
}

/// Suggests completions while the user types, once typing pauses.
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

@MainActor
private func runTestingViewModels(_ transcript: Transcript) {
  transcript.step("The view model takes its scheduler as a parameter")
  transcript.code(
    """
    final class SuggestionsViewModel<S: Scheduler> {
      @Published var query = ""
      @Published private(set) var suggestions: [String] = []
      init(words: [String], scheduler: S) {
        $query.dropFirst()
          .debounce(for: .milliseconds(250), scheduler: scheduler)
          .map { query in query.isEmpty ? [] : words.filter { $0.hasPrefix(query.lowercased()) } }
          .sink { [weak self] in self?.suggestions = $0 }
          .store(in: &tokens)
      }
    }
    """
  )
  transcript.explain("The app passes MainThreadScheduler.shared; the test passes a TestScheduler.")

  transcript.step("The test: record every suggestion list, drive the clock, compare once")
  transcript.code(
    """
    let scheduler = TestScheduler()
    let viewModel = SuggestionsViewModel(words: ["swift", "swiftly", "switch"], scheduler: scheduler)
    let recorder = RecordingSubscriber<[String], Never>()
    viewModel.$suggestions.subscribe(recorder)

    viewModel.query = "s"; scheduler.advance(by: .milliseconds(100))
    viewModel.query = "swi"; scheduler.advance(by: .milliseconds(250))
    viewModel.query = "swif"; scheduler.advance(by: .milliseconds(249))
    #expect(recorder.values == [[], ["swift", "swiftly", "switch"]])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values == [[], ["swift", "swiftly", "switch"], ["swift", "swiftly"]])
    """
  )
  let scheduler = TestScheduler()
  let viewModel = SuggestionsViewModel(words: ["swift", "swiftly", "switch"], scheduler: scheduler)
  let recorder = RecordingSubscriber<[String], Never>()
  viewModel.$suggestions.subscribe(recorder)

  viewModel.query = "s"
  scheduler.advance(by: .milliseconds(100))
  viewModel.query = "swi"
  scheduler.advance(by: .milliseconds(250))
  viewModel.query = "swif"
  scheduler.advance(by: .milliseconds(249))
  check(
    recorder.values == [[], ["swift", "swiftly", "switch"]], "249 ms after \"swif\": \(recorder.values)", transcript)
  transcript.didNotHappen("no suggestions for \"s\": the user kept typing within 250 ms")
  scheduler.advance(by: .milliseconds(1))
  check(
    recorder.values == [[], ["swift", "swiftly", "switch"], ["swift", "swiftly"]],
    "250 ms after \"swif\": \(recorder.values)",
    transcript
  )
  recorder.cancel()
  transcript.explain("The whole run took no real time, and gives the same answer on every machine.")

  transcript.step("A recorder sees the whole history: subscription, values, completion")
  let recorded = RecordingSubscriber<Int, Never>()
  transcript.code(
    """
    [1, 2].publisher.subscribe(recorded)
    #expect(recorded.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    """
  )
  [1, 2].publisher.subscribe(recorded)
  transcript.happened("recorded.events is \(recorded.events)")
  transcript.explain("In the test suite that is one #expect per scenario; Swift Testing prints the difference.")
}

/// Reports a check the way a test would see it.
private func check(_ condition: Bool, _ description: String, _ transcript: Transcript) {
  if condition {
    transcript.happened("✓ \(description)")
  } else {
    transcript.didNotHappen("check failed: \(description)")
  }
}
