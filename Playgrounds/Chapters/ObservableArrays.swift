import Bindings

extension Chapter {
  /// Observable arrays: edits that describe themselves, derived arrays, and lists kept in step.
  public static let observableArrays = Chapter(
    title: "Observable arrays and lists",
    run: runObservableArrays,
    expectedOutput: """

      ▸ An observable array sends its contents and what changed, with every edit
        │ let names = MutableObservableArray(["Ada", "Grace", "Alan"])
        │ names.sink { print($0.contents, $0.change) }
        → ["Ada", "Grace", "Alan"] reset
        The first event is a reset: the whole contents, for whoever starts watching.
        │ names.append("Barbara")
        → ["Ada", "Grace", "Alan", "Barbara"] inserts [3]
        │ names.remove(at: 1)
        → ["Ada", "Alan", "Barbara"] deletes [1]
        │ names.move(from: 2, to: 0)
        → ["Barbara", "Ada", "Alan"] moves [2→0]

      ▸ A batch update: several edits, one event, one exact change set
        │ names.batchUpdate { batch in
        │   batch.remove(at: 0)
        │   batch.append("Edsger")
        │   batch[0] = "Ada Lovelace"
        │ }
        → ["Ada Lovelace", "Alan", "Edsger"] deletes [0], inserts [2], updates [1]
        ✗ no event for each of the three edits: a list animates them together

      ▸ Replace the contents and let the array work out the difference
        │ let numbers = MutableObservableArray([1, 2, 3])
        │ numbers.replace(with: [0, 1, 3, 4], performDiff: true)
        → [0, 1, 3, 4] deletes [1], inserts [0, 3]
        ✗ not a reset: 1 and 3 stayed, so a list keeps their rows
        │ numbers.replace(with: [0, 1, 3, 4], performDiff: true)   // again, the same contents
        ✗ no event: equal contents change nothing

      ▸ A derived array follows its source with its own exact changes
        │ let even = numbers.filter { $0 % 2 == 0 }
        → even is [0, 4]
        │ numbers.append(6)
        → even is [0, 4, 6]: inserts [2]
        │ numbers.append(7)
        ✗ even sent nothing for 7: it is odd, so even did not change
        `map` and `sorted(by:)` derive arrays the same way; a derived array is read-only.

      ▸ An array bound to a list: a reload first, then one batch per change
        │ final class PlainList: ListTarget { … }   // reload(with:) and performBatchUpdates(_:rows:)
        │ list.reactive.items <~ cities
        → the list reloads: ["Paris", "Oslo"]
        │ cities.insert("Lima", at: 0)
        → the list applies inserts [0] in one batch: ["Lima", "Paris", "Oslo"]
        │ cities.replace(with: ["Lima", "Oslo", "Rome"], performDiff: true)
        → the list applies deletes [1], inserts [2] in one batch: ["Lima", "Oslo", "Rome"]
        │ cities.move(from: 2, to: 0)
        → the list applies moves [2→0] in one batch: ["Rome", "Lima", "Oslo"]
        ✗ no reload after the first: the list kept its rows and applied each change
        A row factory makes rows of another type: `list.reactive.items { city, offset in … } <~ cities`.

      ▸ The list's owner goes: the binding ends with it
        │ list = nil
        │ cities.append("Kyoto")
        → the list is deallocated
        → the weak reference to the list is nil: true
        ✗ no batch update for "Kyoto": nothing is written to a list that is gone
        → cities is ["Rome", "Lima", "Oslo", "Kyoto"]

      ▸ A sectioned array: sections with metadata and items, changes as section offsets and index paths
        │ let groups = MutableObservableSectionedArray([ArraySection("Fruit", items: ["apple"])])
        │ groups.appendItem("pear", toSection: 0)
        → items inserts [[0, 1]]
        │ groups.insertSection(ArraySection("Vegetables", items: ["leek"]), at: 0)
        → sections inserts [0]
        │ groups.batchUpdate { batch in
        │   batch.moveItem(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))
        │   batch.updateMetadata("Greens", ofSection: 0)
        │ }
        → sections updates [0]; items moves [[1, 1]→[0, 0]]
        → groups is [Greens: ["pear", "leek"], Fruit: ["apple"]]
        Section deletes and item deletes name places before the change, inserts places after it: what
        a sectioned table view's batch update takes. `list.reactive.sections <~ groups` drives any
        `SectionedListTarget`.

      ▸ Sets and dictionaries report which members and keys changed
        │ let tags = MutableObservableSet(["swift"])
        │ tags.insert("ios")
        → inserted ["ios"]
        │ tags.insert("ios")
        ✗ no event: "ios" is already a member
        │ let scores = MutableObservableDictionary(["ada": 1])
        │ scores["ada"] = 2
        → updated ["ada"]
        │ scores["ada"] = nil
        → removed ["ada"]
      """
  )
}

/// A plain model of a list view: it keeps its rows and says what each batch update does.
private final class PlainList: ListTarget {
  let bindings = BindingBag()
  let transcript: Transcript
  private(set) var lines: [String] = []

  init(transcript: Transcript) { self.transcript = transcript }

  func reload(with rows: ListRows<String>) {
    lines = Array(rows)
    transcript.happened("the list reloads: \(lines)")
  }

  func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<String>) {
    // Like a table view: keep the rows already shown, take only the inserted and updated ones.
    var moved: [Int: String] = [:]
    for move in change.moves { moved[move.to] = lines[move.from] }
    let removed = Set(change.deletes + change.moves.map(\.from))
    lines = lines.indices.filter { !removed.contains($0) }.map { lines[$0] }
    let placed = change.inserts.map { ($0, rows[$0]) } + moved.map { ($0.key, $0.value) }
    for (offset, row) in placed.sorted(by: { $0.0 < $1.0 }) { lines.insert(row, at: offset) }
    for offset in change.updates { lines[offset] = rows[offset] }
    transcript.happened("the list applies \(change) in one batch: \(lines)")
  }

  /// Only the list the chapter drops on purpose reports its end.
  var reportsDeallocation = false

  deinit { if reportsDeallocation { transcript.happened("the list is deallocated") } }
}

@MainActor
private func runObservableArrays(_ transcript: Transcript) {
  transcript.step("An observable array sends its contents and what changed, with every edit")
  let names = MutableObservableArray(["Ada", "Grace", "Alan"])
  transcript.code(
    """
    let names = MutableObservableArray(["Ada", "Grace", "Alan"])
    names.sink { print($0.contents, $0.change) }
    """
  )
  let watching = names.sink { transcript.happened("\($0.contents) \($0.change)") }
  transcript.explain("The first event is a reset: the whole contents, for whoever starts watching.")
  transcript.code("names.append(\"Barbara\")")
  names.append("Barbara")
  transcript.code("names.remove(at: 1)")
  names.remove(at: 1)
  transcript.code("names.move(from: 2, to: 0)")
  names.move(from: 2, to: 0)

  transcript.step("A batch update: several edits, one event, one exact change set")
  transcript.code(
    """
    names.batchUpdate { batch in
      batch.remove(at: 0)
      batch.append("Edsger")
      batch[0] = "Ada Lovelace"
    }
    """
  )
  names.batchUpdate { batch in
    batch.remove(at: 0)
    batch.append("Edsger")
    batch[0] = "Ada Lovelace"
  }
  transcript.didNotHappen("no event for each of the three edits: a list animates them together")
  watching.cancel()

  transcript.step("Replace the contents and let the array work out the difference")
  let numbers = MutableObservableArray([1, 2, 3])
  transcript.code(
    """
    let numbers = MutableObservableArray([1, 2, 3])
    numbers.replace(with: [0, 1, 3, 4], performDiff: true)
    """
  )
  let numbersWatcher = numbers.dropFirst().sink { transcript.happened("\($0.contents) \($0.change)") }
  numbers.replace(with: [0, 1, 3, 4], performDiff: true)
  transcript.didNotHappen("not a reset: 1 and 3 stayed, so a list keeps their rows")
  transcript.code("numbers.replace(with: [0, 1, 3, 4], performDiff: true)   // again, the same contents")
  numbers.replace(with: [0, 1, 3, 4], performDiff: true)
  transcript.didNotHappen("no event: equal contents change nothing")
  numbersWatcher.cancel()

  transcript.step("A derived array follows its source with its own exact changes")
  transcript.code("let even = numbers.filter { $0 % 2 == 0 }")
  let even = numbers.filter { $0 % 2 == 0 }
  transcript.happened("even is \(even.contents)")
  let evenWatcher = even.dropFirst().sink { transcript.happened("even is \($0.contents): \($0.change)") }
  transcript.code("numbers.append(6)")
  numbers.append(6)
  transcript.code("numbers.append(7)")
  numbers.append(7)
  transcript.didNotHappen("even sent nothing for 7: it is odd, so even did not change")
  transcript.explain("`map` and `sorted(by:)` derive arrays the same way; a derived array is read-only.")
  evenWatcher.cancel()

  transcript.step("An array bound to a list: a reload first, then one batch per change")
  let cities = MutableObservableArray(["Paris", "Oslo"])
  var list: PlainList? = PlainList(transcript: transcript)
  list?.reportsDeallocation = true
  transcript.code(
    """
    final class PlainList: ListTarget { … }   // reload(with:) and performBatchUpdates(_:rows:)
    list.reactive.items <~ cities
    """
  )
  if let list { list.reactive.items <~ cities }
  transcript.code("cities.insert(\"Lima\", at: 0)")
  cities.insert("Lima", at: 0)
  transcript.code("cities.replace(with: [\"Lima\", \"Oslo\", \"Rome\"], performDiff: true)")
  cities.replace(with: ["Lima", "Oslo", "Rome"], performDiff: true)
  transcript.code("cities.move(from: 2, to: 0)")
  cities.move(from: 2, to: 0)
  transcript.didNotHappen("no reload after the first: the list kept its rows and applied each change")
  transcript.explain("A row factory makes rows of another type: `list.reactive.items { city, offset in … } <~ cities`.")

  transcript.step("The list's owner goes: the binding ends with it")
  transcript.code(
    """
    list = nil
    cities.append("Kyoto")
    """
  )
  weak let weakList = list
  list = nil
  transcript.happened("the weak reference to the list is nil: \(weakList == nil)")
  cities.append("Kyoto")
  transcript.didNotHappen("no batch update for \"Kyoto\": nothing is written to a list that is gone")
  transcript.happened("cities is \(cities.contents)")

  transcript.step("A sectioned array: sections with metadata and items, changes as section offsets and index paths")
  transcript.code("let groups = MutableObservableSectionedArray([ArraySection(\"Fruit\", items: [\"apple\"])])")
  let groups = MutableObservableSectionedArray([ArraySection("Fruit", items: ["apple"])])
  let groupsWatcher = groups.dropFirst().sink { transcript.happened("\($0.change)") }
  transcript.code("groups.appendItem(\"pear\", toSection: 0)")
  groups.appendItem("pear", toSection: 0)
  transcript.code("groups.insertSection(ArraySection(\"Vegetables\", items: [\"leek\"]), at: 0)")
  groups.insertSection(ArraySection("Vegetables", items: ["leek"]), at: 0)
  transcript.code(
    """
    groups.batchUpdate { batch in
      batch.moveItem(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))
      batch.updateMetadata("Greens", ofSection: 0)
    }
    """
  )
  groups.batchUpdate { batch in
    batch.moveItem(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))
    batch.updateMetadata("Greens", ofSection: 0)
  }
  transcript.happened("groups is \(groups.contents)")
  transcript.explain("Section deletes and item deletes name places before the change, inserts places after it: what")
  transcript.explain("a sectioned table view's batch update takes. `list.reactive.sections <~ groups` drives any")
  transcript.explain("`SectionedListTarget`.")
  groupsWatcher.cancel()

  transcript.step("Sets and dictionaries report which members and keys changed")
  transcript.code("let tags = MutableObservableSet([\"swift\"])")
  let tags = MutableObservableSet(["swift"])
  let tagsWatcher = tags.dropFirst().sink { transcript.happened("\($0.change)") }
  transcript.code("tags.insert(\"ios\")")
  tags.insert("ios")
  transcript.code("tags.insert(\"ios\")")
  tags.insert("ios")
  transcript.didNotHappen("no event: \"ios\" is already a member")
  tagsWatcher.cancel()
  transcript.code("let scores = MutableObservableDictionary([\"ada\": 1])")
  let scores = MutableObservableDictionary(["ada": 1])
  let scoresWatcher = scores.dropFirst().sink { transcript.happened("\($0.change)") }
  transcript.code("scores[\"ada\"] = 2")
  scores["ada"] = 2
  transcript.code("scores[\"ada\"] = nil")
  scores["ada"] = nil
  scoresWatcher.cancel()
}
