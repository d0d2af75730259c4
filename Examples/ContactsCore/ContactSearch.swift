import Bindings
import Synchronization

/// The contacts view model's search (rules 1–3): the contacts that match the applied query, the
/// applied query itself, and the counts for the status line.
///
/// ```swift
/// let search = ContactSearch(all: all)
/// search.follow(model.$query, throttledOn: scheduler)
/// list.reactive.items <~ search.results
/// ```
///
/// The query is throttled (the first keystroke goes through at once, then the latest of each
/// 150 ms). A new query runs its test once per contact and changes ``results`` by the contacts
/// that left and came, with no diff; an edit of `all` changes ``results`` by what it changed. A
/// contact added, edited or restored since the query was applied (``keep(_:)``) stays in
/// ``results`` whatever the query, until the next query is applied.
///
/// Safe to use from any thread: its state is in the library's thread-safe types and a mutex.
final class ContactSearch: BindingOwner, Sendable {
  /// The bindings the search owns; they end with it.
  let bindings = BindingBag()
  /// The contacts that match the applied query, in the order of `all`, with the kept ones.
  let results: ObservableArray<Contact>
  /// The text of each query applied, sent once ``results`` reflects it.
  let appliedQueries = PassthroughSubject<String, Never>()
  /// The counts for the status line ("12 of 3,000 contacts"): sent when they change, and each time a
  /// query is applied.
  let summaries = PassthroughSubject<String, Never>()

  private let all: ObservableArray<Contact>
  private let queries: CurrentValueSubject<SearchQuery, Never>
  private let kept: KeptContacts
  /// The counts sent last; `nil` while a query is being applied, so that they are sent again.
  private let shownSummary: Locked<String?>

  /// A search of `all`, with the empty query until ``follow(_:throttledOn:)`` applies others.
  init(all: ObservableArray<Contact>) {
    self.all = all
    let kept = KeptContacts()
    self.kept = kept
    let queries = CurrentValueSubject<SearchQuery, Never>(SearchQuery(""))
    self.queries = queries
    results = all.filter(by: queries) { contact, query in contact.matches(query) || kept.contains(contact.id) }
    shownSummary = Locked<String?>(ContactsViewModel.summary(visible: all.count, total: all.count, isFiltered: false))
    // The counts follow every edit of `all`, and every change of the results.
    all ~> (self, { search, _ in search.reportCounts() })
    results ~> (self, { search, _ in search.reportCounts() })
  }

  /// Applies the texts `query` sends, throttled on `scheduler`: the first at once, then the latest
  /// of each 150 ms. The replayed current text is dropped (the search starts with the empty query).
  func follow<Query: Publisher<String, Never>, S: Scheduler>(_ query: Query, throttledOn scheduler: S) {
    query
      .removeDuplicates()
      .dropFirst()
      .throttle(for: .milliseconds(150), scheduler: scheduler, latest: true)
      ~> (self, { search, text in search.apply(text) })
  }

  /// The counts as the status line shows them now.
  var summary: String {
    ContactsViewModel.summary(visible: results.count, total: all.count, isFiltered: queries.value.needle != nil)
  }

  /// Keeps contact `id` in ``results`` until the next query is applied; call it before the edit of
  /// `all` that adds, changes or restores the contact.
  func keep(_ id: Int) {
    kept.insert(id)
  }

  /// Applies the query `text`: the kept contacts are forgotten, and ``results`` follows.
  func apply(_ text: String) {
    kept.removeAll()
    shownSummary.withLock { $0 = nil }
    queries.send(SearchQuery(text))
    appliedQueries.send(text)
    reportCounts()
  }

  /// Sends the counts when they differ from those sent last (always after a query is applied).
  private func reportCounts() {
    let summary = summary
    let isNew = shownSummary.withLock { shown in
      defer { shown = summary }
      return shown != summary
    }
    if isNew { summaries.send(summary) }
  }
}

/// The ids of the contacts kept visible whatever the query; read by the search's test, which must
/// not hold the search itself (the search holds its results, and they hold the test).
final class KeptContacts: Sendable {
  private let ids = Locked<Set<Int>>([])

  func contains(_ id: Int) -> Bool { ids.withLock { $0.contains(id) } }
  func insert(_ id: Int) { _ = ids.withLock { $0.insert(id) } }
  func removeAll() { ids.withLock { $0.removeAll() } }
}
