import Bindings

extension ContactsViewModel {
  // MARK: Filtering

  /// Brings ``visible`` up to date with ``all``, applying `query` first when given (rules 1–3).
  ///
  /// One thread refilters at a time, without a lock held while ``visible`` delivers: a request
  /// made meanwhile (from another thread, or from a subscriber of ``visible``) is left to that
  /// thread, which runs one more pass. So passes never overlap, and the last one always reads the
  /// latest ``all`` and query.
  func refilter(applying query: String?) {
    guard filterState.withLock({ $0.request(query: query) }) else { return }
    while let pass = filterState.withLock({ $0.nextPass() }) {
      let contents = all.contents
      let matches = contents.filter { $0.matches(pass.query) || pass.kept.contains($0.id) }
      visibleContacts.replace(with: matches, identifiedBy: \.id)
      if let text = pass.appliedQueryText { appliedQuery = text }
      let summary = Self.summary(visible: matches.count, total: contents.count, isFiltered: pass.query.needle != nil)
      let isNew = filterState.withLock { $0.noteSummary(summary) }
      if isNew || pass.appliedQueryText != nil { status = summary }
    }
  }
}

/// The search's state, guarded by the view model's mutex: decisions only, no effects.
struct FilterState {
  /// One pass of the filter: what to apply to the contacts.
  struct Pass {
    let query: SearchQuery
    let kept: Set<Int>
    /// The query's text when this pass applies a new query, to publish as `appliedQuery`.
    let appliedQueryText: String?
  }

  var query = SearchQuery("")
  /// Contacts added, edited or restored since the query was applied: visible whatever it is.
  var kept: Set<Int> = []
  var isFiltering = false
  var hasPendingPass = false
  var pendingQueryText: String?
  /// The counts the status line showed last.
  var shownSummary: String

  init(shownSummary: String) {
    self.shownSummary = shownSummary
  }

  /// Records a request to refilter, applying `text` first when given; returns whether the caller
  /// must run the passes (no other thread is running them).
  mutating func request(query text: String?) -> Bool {
    if let text {
      query = SearchQuery(text)
      kept = []
      pendingQueryText = text
    }
    hasPendingPass = true
    guard !isFiltering else { return false }
    isFiltering = true
    return true
  }

  /// The next pass to run, or `nil` when none is pending, which ends the caller's turn.
  mutating func nextPass() -> Pass? {
    guard hasPendingPass else {
      isFiltering = false
      return nil
    }
    hasPendingPass = false
    defer { pendingQueryText = nil }
    return Pass(query: query, kept: kept, appliedQueryText: pendingQueryText)
  }

  /// Keeps contact `id` visible until the next query is applied.
  mutating func keep(_ id: Int) {
    kept.insert(id)
  }

  /// Records the counts; returns whether they differ from those shown last.
  mutating func noteSummary(_ summary: String) -> Bool {
    defer { shownSummary = summary }
    return summary != shownSummary
  }
}
