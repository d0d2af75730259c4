import Bindings
import BindingsTesting
import Foundation

extension Chapter {
  /// A complete small MVVM screen: validated, throttled search against a catalogue, a spinner, errors
  /// through a subject, and settings bound both ways to a switch and a slider.
  public static let photoSearchApp = Chapter(
    title: "A complete app: photo search",
    run: runPhotoSearchApp,
    expectedOutput: """

      ▸ The view model: inputs, outputs, and the rules between them
        │ let query = $searchText.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.removeDuplicates()
        │ reactive.validationMessage <~ query.map(validateSearchText).removeDuplicates()
        │ let requests = query
        │   .filter { !$0.isEmpty && validateSearchText($0) == nil }
        │   .combineLatest($safeSearch)
        │   .throttle(for: .milliseconds(500), scheduler: scheduler, latest: true)
        │   .share()
        │ let responses = requests
        │   .map { query, safeSearch in
        │     catalog.search(query, safeSearch: safeSearch)
        │       .catch { error -> Just<[Photo]> in errors.send(error.message); return Just([]) }
        │   }
        │   .switchToLatest()
        │   .share()
        │ responses ~> (self, { viewModel, photos in viewModel.results.replace(with: photos, performDiff: true) })
        │ reactive.isSearching <~ requests.map { _ in true }.merge(with: responses.map { _ in false })
        The view model owns these bindings; they end with it. The catalogue answers after 200 ms,
        on the scheduler the view model was given: here a TestScheduler, so time is virtual.
        results is a MutableObservableArray<Photo>: each response replaces it with a diff, so the
        list applies only what changed, and prints that change before its rows.

      ▸ The screen appears: each view takes its current value
        │ searchField.$text <~> viewModel.$searchText
        │ hint.reactive.text <~ viewModel.$validationMessage
        │ spinner.reactive.isAnimating <~ viewModel.$isSearching.removeDuplicates()
        │ list.reactive.items { photo, _ in photo.title } <~ viewModel.results
        │ banner.reactive.text <~ viewModel.errors.map { Optional($0) }
        │ safeSearchSwitch.$isOn <~> viewModel.$safeSearch
        │ sizeSlider.$value <~> viewModel.$thumbnailSize
        │ sizeLabel.reactive.text <~ viewModel.$thumbnailSize.map { "\\(Int($0)) pt" }
        → search field: ""
        → hint: (empty)
        → spinner: stopped
        → list: no photos
        → safe-search switch: on
        → size slider: at 80.0
        → size label: "80 pt"
        ✗ the error banner shows nothing: errors is a subject with no current value

      ▸ The user types "c": too short to search
        │ searchField.text = "c"
        → search field: "c"
        → hint: "type at least 2 letters"
        ✗ no search at t = 100 ms: the catalogue has been asked 0 times

      ▸ "ca", then "cat" 100 ms later: the first search starts at once, the next waits
        │ searchField.text = "ca"
        → search field: "ca"
        → hint: (empty)
        → spinner: spinning
        │ scheduler.advance(by: .milliseconds(100)); searchField.text = "cat"
        → search field: "cat"
        │ scheduler.advance(by: .milliseconds(100))
        → list: inserts [0, 1, 2]: Cat on a mat, Catamaran at dusk, Cats in a box
        → spinner: stopped
        → at t = 300 ms the results for "ca" are in; "cat" waits for the throttle
        │ scheduler.advance(by: .milliseconds(500))
        → spinner: spinning
        → spinner: stopped
        → at t = 800 ms the catalogue has been asked 2 times
        ✗ the list was not touched: the photos for "cat" are those for "ca", so the diff is empty

      ▸ Invalid text: a hint, and no search
        │ searchField.text = "cat!"
        → search field: "cat!"
        → hint: "use letters and spaces only"
        ✗ no search: still 2 searches; the list keeps the last results

      ▸ The catalogue fails: the error goes through a subject to the banner
        │ searchField.text = "offline"
        → search field: "offline"
        → hint: (empty)
        → spinner: spinning
        → error banner: "the catalogue is offline"
        → list: deletes [0, 1, 2]: no photos
        → spinner: stopped
        The failure was caught inside the search, so the screen keeps working:
        │ searchField.text = "cat"
        → search field: "cat"
        → spinner: spinning
        → list: inserts [0, 1, 2]: Cat on a mat, Catamaran at dusk, Cats in a box
        → spinner: stopped

      ▸ Settings, two-way: the user turns safe search off
        │ safeSearchSwitch.isOn = false
        → safe-search switch: off
        → viewModel.safeSearch is false; a new search starts for the same text
        → spinner: spinning
        → list: inserts [3]: Cat on a mat, Catamaran at dusk, Cats in a box, Wild cat hunting
        → spinner: stopped

      ▸ Settings, two-way: the user drags the size slider, and the model moves it back
        │ sizeSlider.value = 120
        → size slider: at 120.0
        → size label: "120 pt"
        → viewModel.thumbnailSize is 120.0
        │ viewModel.thumbnailSize = 100   // say, a reset button
        → size slider: at 100.0
        → size label: "100 pt"

      ▸ The screen goes away; the view model lives on
        │ screen = nil
        │ viewModel.searchText = "dog"
        ✗ no view was written: every binding into a view ended with it
        → the view model still searched (6 searches) and holds ["Dog in the snow"]
      """
  )
}

// MARK: Model

struct Photo: Equatable {
  let title: String
  let isSafe: Bool
}

struct CatalogError: Error {
  let message: String
}

/// An in-memory catalogue that answers after 200 ms, on the scheduler it is given.
final class PhotoCatalog<S: Scheduler> {
  private let photos: [Photo]
  private let scheduler: S
  private(set) var searchCount = 0

  init(photos: [Photo], scheduler: S) {
    self.photos = photos
    self.scheduler = scheduler
  }

  func search(_ query: String, safeSearch: Bool) -> AnyPublisher<[Photo], CatalogError> {
    searchCount += 1
    guard query != "offline" else {
      return Fail(error: CatalogError(message: "the catalogue is offline"))
        .delay(for: .milliseconds(200), scheduler: scheduler)
        .eraseToAnyPublisher()
    }
    let found = photos.filter { $0.title.lowercased().contains(query) && (!safeSearch || $0.isSafe) }
    return Just(found)
      .setFailureType(to: CatalogError.self)
      .delay(for: .milliseconds(200), scheduler: scheduler)
      .eraseToAnyPublisher()
  }
}

// MARK: View model

/// The screen's state and rules, with no knowledge of views; it takes its scheduler.
final class PhotoSearchViewModel<S: Scheduler>: BindingOwner {
  let bindings = BindingBag()

  /// Inputs: what the user types and sets.
  @Published var searchText = ""
  @Published var safeSearch = true
  @Published var thumbnailSize = 80.0

  /// Outputs: what the screen shows.
  @Published private(set) var validationMessage: String?
  let results = MutableObservableArray<Photo>()
  @Published private(set) var isSearching = false
  let errors = PassthroughSubject<String, Never>()

  init(catalog: PhotoCatalog<S>, scheduler: S) {
    let query = $searchText.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.removeDuplicates()
    reactive.validationMessage <~ query.map(validateSearchText).removeDuplicates()

    let requests =
      query
      .filter { !$0.isEmpty && validateSearchText($0) == nil }
      .combineLatest($safeSearch)
      .throttle(for: .milliseconds(500), scheduler: scheduler, latest: true)
      .share()
    let errors = self.errors
    let responses =
      requests
      .map { query, safeSearch in
        catalog.search(query, safeSearch: safeSearch)
          .catch { error -> Just<[Photo]> in
            errors.send(error.message)
            return Just([])
          }
      }
      .switchToLatest()
      .share()

    responses ~> (self, { viewModel, photos in viewModel.results.replace(with: photos, performDiff: true) })
    reactive.isSearching <~ requests.map { _ in true }.merge(with: responses.map { _ in false })
  }
}

/// Why `text` cannot be searched for, or `nil` when it can (or is empty).
func validateSearchText(_ text: String) -> String? {
  if text.isEmpty { return nil }
  if !text.allSatisfy({ $0.isLetter || $0 == " " }) { return "use letters and spaces only" }
  if text.count < 2 { return "type at least 2 letters" }
  return nil
}

// MARK: Views

/// A stand-in for a UI control: it reports every change on screen.
private class View: BindingOwner {
  let bindings = BindingBag()
  let name: String
  let transcript: Transcript

  init(_ name: String, transcript: Transcript) {
    self.name = name
    self.transcript = transcript
  }

  func show(_ text: String) { transcript.happened("\(name): \(text)") }
}

private final class TextField: View {
  @Published var text = ""
  private var shown: AnyCancellable?

  override init(_ name: String, transcript: Transcript) {
    super.init(name, transcript: transcript)
    shown = $text.dropFirst().sink { [unowned self] in show("\"\($0)\"") }
  }
}

private final class Label: View {
  var text: String? { didSet { show(text.map { "\"\($0)\"" } ?? "(empty)") } }
}

private final class Spinner: View {
  var isAnimating = false { didSet { show(isAnimating ? "spinning" : "stopped") } }
}

private final class PhotoList: View, ListTarget {
  private(set) var rows: [String] = []

  func reload(with rows: ListRows<String>) {
    self.rows = Array(rows)
    show(self.rows.isEmpty ? "no photos" : self.rows.joined(separator: ", "))
  }

  func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<String>) {
    self.rows = Array(rows)
    show("\(change): \(self.rows.isEmpty ? "no photos" : self.rows.joined(separator: ", "))")
  }
}

private final class Switch: View {
  @Published var isOn = false
  private var shown: AnyCancellable?

  override init(_ name: String, transcript: Transcript) {
    super.init(name, transcript: transcript)
    shown = $isOn.dropFirst().sink { [unowned self] in show($0 ? "on" : "off") }
  }
}

private final class Slider: View {
  @Published var value = 0.0
  private var shown: AnyCancellable?

  override init(_ name: String, transcript: Transcript) {
    super.init(name, transcript: transcript)
    shown = $value.dropFirst().sink { [unowned self] in show("at \($0)") }
  }
}

/// The screen: it owns its views, and each view owns the bindings that feed it.
private final class PhotoSearchScreen {
  let searchField: TextField
  let hint: Label
  let spinner: Spinner
  let list: PhotoList
  let banner: Label
  let safeSearchSwitch: Switch
  let sizeSlider: Slider
  let sizeLabel: Label

  init(viewModel: PhotoSearchViewModel<TestScheduler>, transcript: Transcript) {
    searchField = TextField("search field", transcript: transcript)
    hint = Label("hint", transcript: transcript)
    spinner = Spinner("spinner", transcript: transcript)
    list = PhotoList("list", transcript: transcript)
    banner = Label("error banner", transcript: transcript)
    safeSearchSwitch = Switch("safe-search switch", transcript: transcript)
    sizeSlider = Slider("size slider", transcript: transcript)
    sizeLabel = Label("size label", transcript: transcript)

    searchField.$text <~> viewModel.$searchText
    hint.reactive.text <~ viewModel.$validationMessage
    spinner.reactive.isAnimating <~ viewModel.$isSearching.removeDuplicates()
    list.reactive.items { photo, _ in photo.title } <~ viewModel.results
    banner.reactive.text <~ viewModel.errors.map { Optional($0) }
    safeSearchSwitch.$isOn <~> viewModel.$safeSearch
    sizeSlider.$value <~> viewModel.$thumbnailSize
    sizeLabel.reactive.text <~ viewModel.$thumbnailSize.map { "\(Int($0)) pt" }
  }
}

// MARK: The chapter

@MainActor
private func runPhotoSearchApp(_ transcript: Transcript) {
  let scheduler = TestScheduler()
  let catalog = PhotoCatalog(
    photos: [
      Photo(title: "Cat on a mat", isSafe: true),
      Photo(title: "Catamaran at dusk", isSafe: true),
      Photo(title: "Cats in a box", isSafe: true),
      Photo(title: "Wild cat hunting", isSafe: false),
      Photo(title: "Dog in the snow", isSafe: true),
    ],
    scheduler: scheduler
  )
  let viewModel = PhotoSearchViewModel(catalog: catalog, scheduler: scheduler)
  func now() -> String { "t = \(scheduler.now.nanoseconds / 1_000_000) ms" }

  transcript.step("The view model: inputs, outputs, and the rules between them")
  transcript.code(
    """
    let query = $searchText.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.removeDuplicates()
    reactive.validationMessage <~ query.map(validateSearchText).removeDuplicates()
    let requests = query
      .filter { !$0.isEmpty && validateSearchText($0) == nil }
      .combineLatest($safeSearch)
      .throttle(for: .milliseconds(500), scheduler: scheduler, latest: true)
      .share()
    let responses = requests
      .map { query, safeSearch in
        catalog.search(query, safeSearch: safeSearch)
          .catch { error -> Just<[Photo]> in errors.send(error.message); return Just([]) }
      }
      .switchToLatest()
      .share()
    responses ~> (self, { viewModel, photos in viewModel.results.replace(with: photos, performDiff: true) })
    reactive.isSearching <~ requests.map { _ in true }.merge(with: responses.map { _ in false })
    """
  )
  transcript.explain("The view model owns these bindings; they end with it. The catalogue answers after 200 ms,")
  transcript.explain("on the scheduler the view model was given: here a TestScheduler, so time is virtual.")
  transcript.explain("results is a MutableObservableArray<Photo>: each response replaces it with a diff, so the")
  transcript.explain("list applies only what changed, and prints that change before its rows.")

  transcript.step("The screen appears: each view takes its current value")
  transcript.code(
    """
    searchField.$text <~> viewModel.$searchText
    hint.reactive.text <~ viewModel.$validationMessage
    spinner.reactive.isAnimating <~ viewModel.$isSearching.removeDuplicates()
    list.reactive.items { photo, _ in photo.title } <~ viewModel.results
    banner.reactive.text <~ viewModel.errors.map { Optional($0) }
    safeSearchSwitch.$isOn <~> viewModel.$safeSearch
    sizeSlider.$value <~> viewModel.$thumbnailSize
    sizeLabel.reactive.text <~ viewModel.$thumbnailSize.map { "\\(Int($0)) pt" }
    """
  )
  var screen: PhotoSearchScreen? = PhotoSearchScreen(viewModel: viewModel, transcript: transcript)
  transcript.didNotHappen("the error banner shows nothing: errors is a subject with no current value")

  transcript.step("The user types \"c\": too short to search")
  transcript.code("searchField.text = \"c\"")
  screen?.searchField.text = "c"
  scheduler.advance(by: .milliseconds(100))
  transcript.didNotHappen("no search at \(now()): the catalogue has been asked \(catalog.searchCount) times")

  transcript.step("\"ca\", then \"cat\" 100 ms later: the first search starts at once, the next waits")
  transcript.code("searchField.text = \"ca\"")
  screen?.searchField.text = "ca"
  scheduler.advance()
  transcript.code("scheduler.advance(by: .milliseconds(100)); searchField.text = \"cat\"")
  scheduler.advance(by: .milliseconds(100))
  screen?.searchField.text = "cat"
  transcript.code("scheduler.advance(by: .milliseconds(100))")
  scheduler.advance(by: .milliseconds(100))
  transcript.happened("at \(now()) the results for \"ca\" are in; \"cat\" waits for the throttle")
  transcript.code("scheduler.advance(by: .milliseconds(500))")
  scheduler.advance(by: .milliseconds(500))
  transcript.happened("at \(now()) the catalogue has been asked \(catalog.searchCount) times")
  transcript.didNotHappen("the list was not touched: the photos for \"cat\" are those for \"ca\", so the diff is empty")

  transcript.step("Invalid text: a hint, and no search")
  transcript.code("searchField.text = \"cat!\"")
  screen?.searchField.text = "cat!"
  scheduler.advance(by: .seconds(1))
  transcript.didNotHappen("no search: still \(catalog.searchCount) searches; the list keeps the last results")

  transcript.step("The catalogue fails: the error goes through a subject to the banner")
  transcript.code("searchField.text = \"offline\"")
  screen?.searchField.text = "offline"
  scheduler.advance(by: .seconds(1))
  transcript.explain("The failure was caught inside the search, so the screen keeps working:")
  transcript.code("searchField.text = \"cat\"")
  screen?.searchField.text = "cat"
  scheduler.advance(by: .seconds(1))

  transcript.step("Settings, two-way: the user turns safe search off")
  transcript.code("safeSearchSwitch.isOn = false")
  screen?.safeSearchSwitch.isOn = false
  transcript.happened("viewModel.safeSearch is \(viewModel.safeSearch); a new search starts for the same text")
  scheduler.advance(by: .seconds(1))

  transcript.step("Settings, two-way: the user drags the size slider, and the model moves it back")
  transcript.code("sizeSlider.value = 120")
  screen?.sizeSlider.value = 120
  transcript.happened("viewModel.thumbnailSize is \(viewModel.thumbnailSize)")
  transcript.code("viewModel.thumbnailSize = 100   // say, a reset button")
  viewModel.thumbnailSize = 100

  transcript.step("The screen goes away; the view model lives on")
  transcript.code(
    """
    screen = nil
    viewModel.searchText = "dog"
    """
  )
  screen = nil
  viewModel.searchText = "dog"
  scheduler.advance(by: .seconds(1))
  transcript.didNotHappen("no view was written: every binding into a view ended with it")
  transcript.happened(
    "the view model still searched (\(catalog.searchCount) searches) and holds \(viewModel.results.contents.map(\.title))"
  )
}
