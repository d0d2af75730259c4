import Bindings
import BindingsTesting
import Testing

/// The view model of a search screen: it searches once the user pauses typing.
///
/// It takes its scheduler as a parameter: the app passes `MainThreadScheduler.shared`, tests pass a
/// `TestScheduler` and move time by hand.
final class DebouncedSearchViewModel<S: Scheduler> {
  /// What the user has typed.
  let query = CurrentValueSubject<String, Never>("")
  /// The catalog entries matching the query, updated 300 ms after the user stops typing.
  private(set) var results: [String] = []
  /// How many searches ran, to show that typing quickly does not search on every keystroke.
  private(set) var searchCount = 0
  private var tokens: [AnyCancellable] = []

  init(catalog: [String], scheduler: S) {
    query
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .sink { [weak self] text in
        guard let self else { return }
        self.searchCount += 1
        self.results = text.isEmpty ? [] : catalog.filter { $0.lowercased().contains(text.lowercased()) }
      }
      .store(in: &tokens)
  }
}

@Suite("Testing a view model with TestScheduler", .releasesEveryObject)
struct ViewModelExampleTests {
  @Test("the search runs once, 300 ms after the last keystroke")
  func searchIsDebounced() {
    let scheduler = TestScheduler()
    let viewModel = DebouncedSearchViewModel(catalog: ["Swift", "Swiftly", "Rust"], scheduler: scheduler)
    scheduler.advance(by: .milliseconds(300))  // the initial empty query settles
    #expect(viewModel.searchCount == 1)

    viewModel.query.send("s")
    scheduler.advance(by: .milliseconds(100))
    viewModel.query.send("sw")
    scheduler.advance(by: .milliseconds(100))
    viewModel.query.send("swi")
    scheduler.advance(by: .milliseconds(299))
    #expect(viewModel.results == [])

    scheduler.advance(by: .milliseconds(1))
    #expect(viewModel.results == ["Swift", "Swiftly"])
    #expect(viewModel.searchCount == 2)
  }
}
