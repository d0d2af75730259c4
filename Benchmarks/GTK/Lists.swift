#if GTK
import Bindings
import BindingsGTK
import CGTK
import Foundation
import Glibc

// Lists: `ListView` bound to an observable array, against the same `g_list_store_splice` calls made
// by hand on a `GListStore` in a `GtkListView` with a hand-written factory, in the same window.
//
//   L1  a filter keystroke removing 30 % of 10,000 rows (a pseudo-random 30 %, and three contiguous
//       blocks), `array.replace(with:identifiedBy:)`, and the widening replace that brings them back;
//       the same change made by `array.filter(by: query)` when the query changes (no diff)
//   L2  one row appended to a bound list of 1,000 rows and of 100,000 rows, ns per append
//   L3  a 100,000-row (and a 10,000-row) list scrolled top to bottom in 50 frames: live row wrappers
//       and live row bindings at the start and at the peak

// MARK: - Sizes

/// The sizes of the list scenarios, from the run's ``Options``.
struct ListOptions {
  var isQuick: Bool
  /// How many times the variants of L1 and L2 alternate; each figure is the median.
  var rounds: Int
  /// Rows in L1's lists before the filter keystroke.
  var filterRows = 10_000
  /// The two list lengths L2 appends to.
  var appendSmall = 1_000
  var appendLarge = 100_000
  /// Rows appended one at a time per timed run of L2.
  var appendsPerRun = 100
  /// The list lengths L3 scrolls, and in how many steps.
  var scrollRows = [10_000, 100_000]
  var scrollSteps = 50

  init(_ options: Options) {
    isQuick = options.isQuick
    rounds = options.rounds
    if options.isQuick {
      filterRows = 2_000
      appendSmall = 1_000
      appendLarge = 10_000
      appendsPerRun = 50
      scrollRows = [1_000, 5_000]
      scrollSteps = 10
    }
  }
}

// MARK: - The hand-written baseline

/// The baseline's factory `setup`: a `GtkLabel` per row, as a C programmer writes it.
private let setUpLabelRow: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, listItem, _ in
  gtk_list_item_set_child(OpaquePointer(listItem), gtk_label_new(nil))
}

/// The baseline's factory `bind`: the row's label shows its `GtkStringObject`'s string.
private let bindLabelRow: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, listItem, _ in
  let item = OpaquePointer(listItem)
  guard let object = gtk_list_item_get_item(item), let label = gtk_list_item_get_child(item) else { return }
  gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(object)))
}

/// The rows of a ``HandList``'s factory: its `setup` and `bind` handlers, and the data passed to
/// them.
struct HandRows {
  var setUp: GCallback
  var bind: GCallback
  var data: gpointer?
  /// Whether each item carries its offset in the strings the list was made of (``HandList/offset(of:)``),
  /// for a `bind` that shows more than the item's string.
  var tagsOffsets: Bool

  /// One `GtkLabel` per row, showing the item's string.
  static var label: HandRows {
    HandRows(
      setUp: unsafeBitCast(setUpLabelRow, to: GCallback.self), bind: unsafeBitCast(bindLabelRow, to: GCallback.self),
      data: nil, tagsOffsets: false)
  }
}

/// The quark under which a ``HandList``'s item keeps its offset, plus one.
private let offsetQuark = g_quark_from_static_string("bindings-benchmark-offset")

/// A `GtkListView` made by hand: a `GListStore` of `GtkStringObject`s in a `GtkSingleSelection`
/// (no autoselect, can unselect: as `ListView`'s default), and a signal factory of `rows` (labels
/// unless told).
@MainActor
final class HandList {
  /// The `GtkListView`, wrapped only to be placed in a window.
  let view: Widget
  /// The store, owned by the selection model.
  let store: OpaquePointer
  /// The selection model, owned by the list view.
  let selection: OpaquePointer
  /// Whether the items carry their offsets.
  private let tagsOffsets: Bool

  init(strings: [String], rows: HandRows = .label) {
    let store = g_list_store_new(gtk_string_object_get_type())!
    self.store = store
    tagsOffsets = rows.tagsOffsets
    var objects: [gpointer?] = strings.indices.map { _ in nil }
    for offset in strings.indices { objects[offset] = Self.item(offset, of: strings, tagged: rows.tagsOffsets) }
    objects.withUnsafeMutableBufferPointer { buffer in
      g_list_store_splice(store, 0, 0, buffer.baseAddress, guint(buffer.count))
    }
    for object in objects { g_object_unref(object) }
    // The selection model takes the store, the list view the selection model and the factory.
    let single = gtk_single_selection_new(store)!
    gtk_single_selection_set_autoselect(single, 0)
    gtk_single_selection_set_can_unselect(single, 1)
    selection = single
    let factory = gtk_signal_list_item_factory_new()!
    for (signal, handler) in [("setup", rows.setUp), ("bind", rows.bind)] {
      g_signal_connect_data(UnsafeMutableRawPointer(factory), signal, handler, rows.data, nil, GConnectFlags(0))
    }
    view = Widget(gtk_list_view_new(single, factory), ownership: .transferred)
  }

  /// A new `GtkStringObject` (one reference, the caller's) of `strings[offset]`, carrying `offset`
  /// when `tagged`.
  private static func item(_ offset: Int, of strings: [String], tagged: Bool) -> gpointer {
    let object = UnsafeMutableRawPointer(gtk_string_object_new(strings[offset]))!
    if tagged {
      g_object_set_qdata(object.assumingMemoryBound(to: GObject.self), offsetQuark, gpointer(bitPattern: offset + 1))
    }
    return object
  }

  /// The offset `object` (an item of a list whose rows tag offsets) carries.
  nonisolated static func offset(of object: gpointer) -> Int {
    Int(bitPattern: g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), offsetQuark)) - 1
  }

  /// The number of items in the store.
  var count: Int { Int(g_list_model_get_n_items(store)) }

  /// Puts back the rows of `strings` at `runs` (ascending offsets), as new `GtkStringObject`s: one
  /// `g_list_store_splice` per run, through `objects` (at least as long as the longest run).
  func insert(_ runs: [Range<Int>], of strings: [String], through objects: UnsafeMutableBufferPointer<gpointer?>) {
    for run in runs {
      for (slot, offset) in run.enumerated() {
        objects[slot] = Self.item(offset, of: strings, tagged: tagsOffsets)
      }
      g_list_store_splice(store, guint(run.lowerBound), 0, objects.baseAddress, guint(run.count))
      for slot in 0..<run.count { g_object_unref(objects[slot]) }
    }
  }

  /// The string of the item at `position`.
  func string(at position: Int) -> String? {
    guard let object = g_list_model_get_item(store, guint(position)) else { return nil }
    defer { g_object_unref(object) }
    return String(cString: gtk_string_object_get_string(OpaquePointer(object)))
  }
}

// MARK: - Counting `items-changed`

/// The `items-changed` emissions of a list model since the last ``reset()``.
final class SpliceLog {
  var emissions = 0
  var removed = 0
  var added = 0
  /// The most rows one emission removed: a reload removes them all at once.
  var largestRemoval = 0

  func reset() {
    (emissions, removed, added, largestRemoval) = (0, 0, 0, 0)
  }
}

/// An `items-changed` handler adding each emission to the ``SpliceLog`` passed as its data.
private let logSplice: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
  _, _, removed, added, data in
  let log = Unmanaged<SpliceLog>.fromOpaque(data!).takeUnretainedValue()
  log.emissions += 1
  log.removed += Int(removed)
  log.added += Int(added)
  log.largestRemoval = max(log.largestRemoval, Int(removed))
}

/// Releases the log a handler retained, when GLib drops the handler.
private let releaseSpliceLog: GClosureNotify = { data, _ in
  Unmanaged<SpliceLog>.fromOpaque(data!).release()
}

/// A log of the `items-changed` emissions of `model` (a `GListModel`), from now on. The same C
/// handler is connected to both sides of a comparison, so it costs both the same.
func logSplices(of model: UnsafeMutableRawPointer) -> SpliceLog {
  let log = SpliceLog()
  let id = g_signal_connect_data(
    model, "items-changed", unsafeBitCast(logSplice, to: GCallback.self), Unmanaged.passRetained(log).toOpaque(),
    releaseSpliceLog, GConnectFlags(0))
  precondition(id != 0, "no items-changed signal")
  return log
}

// MARK: - Helpers

/// A timed variant of a list scenario: its name, and a run returning its figures by name.
typealias ListVariant = (name: String, run: () throws -> [String: Double])

/// Runs every variant once untimed, then `rounds` rounds of all of them, the order rotated each
/// round, as `alternate` does for G1 and G2; each run returns several named figures, stored as
/// `variant.figure`.
@MainActor
func alternateFigures(
  rounds: Int,
  _ variants: [ListVariant]
) throws -> Rounds {
  for variant in variants { _ = try variant.run() }
  var result = Rounds()
  for round in 0..<rounds {
    for index in 0..<variants.count {
      let variant = variants[(index + round) % variants.count]
      for (figure, value) in try variant.run() {
        result.samples["\(variant.name).\(figure)", default: []].append(value)
      }
    }
  }
  return result
}

/// The runs of adjacent offsets in sorted `offsets`: `[1, 2, 3, 7]` → `[1..<4, 7..<8]`.
func offsetRuns(_ offsets: [Int]) -> [Range<Int>] {
  var result: [Range<Int>] = []
  for offset in offsets {
    if let last = result.last, last.upperBound == offset {
      result[result.count - 1] = last.lowerBound..<offset + 1
    } else {
      result.append(offset..<offset + 1)
    }
  }
  return result
}

/// SplitMix64: a small deterministic generator, so that every run filters the same rows.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// `widgets` side by side, each given an equal share of the window.
@MainActor
private func sideBySide(_ widgets: [Widget]) -> Box {
  for widget in widgets {
    gtk_widget_set_hexpand(widget.widget, 1)
    gtk_widget_set_vexpand(widget.widget, 1)
  }
  let box = Box(.horizontal, spacing: 6, widgets)
  gtk_box_set_homogeneous(box.cast(), 1)
  return box
}

/// The labels under `widget` that have a BindingsGTK wrapper, in tree order; with `mappedOnly`, only
/// those on show (GTK also keeps rows off screen, such as the focused one).
@MainActor
private func wrappedLabels(under widget: UnsafeMutablePointer<GtkWidget>, mappedOnly: Bool = false) -> [Label] {
  var labels: [Label] = []
  func visit(_ node: UnsafeMutablePointer<GtkWidget>) {
    let isShown = mappedOnly ? gtk_widget_get_mapped(node) != 0 : true
    if isShown, let label = GObjectWrapper.wrapper(for: node) as? Label {
      labels.append(label)
    }
    var child = gtk_widget_get_first_child(node)
    while let current = child {
      visit(current)
      child = gtk_widget_get_next_sibling(current)
    }
  }
  visit(widget)
  return labels
}

// MARK: - L1: a filter keystroke

/// One set of rows a filter keystroke removes.
struct FilterPattern {
  var name: String
  /// The offsets removed, ascending.
  var removed: [Int]
  /// `removed` as runs of adjacent offsets: one splice each.
  var runs: [Range<Int>]
  /// The rows left.
  var kept: [String]
  /// The change narrowing the list and the one widening it back, for ``ListView/performBatchUpdates(_:rows:)``.
  var narrowing: ArrayChangeset
  var widening: ArrayChangeset

  init(name: String, removed: [Int], from all: [String]) {
    self.name = name
    self.removed = removed
    runs = offsetRuns(removed)
    var isRemoved = [Bool](repeating: false, count: all.count)
    for offset in removed { isRemoved[offset] = true }
    kept = all.indices.filter { !isRemoved[$0] }.map { all[$0] }
    narrowing = ArrayChangeset(deletes: removed)
    widening = ArrayChangeset(inserts: removed)
  }
}

/// What L1 measured: milliseconds per change, by `pattern.variant.direction`.
struct FilterResults {
  var rounds: Rounds
  var rows: Int
  var patterns: [FilterPattern]
}

/// L1. A `ListView<String>` bound to a `MutableObservableArray<String>` of `rows` distinct rows, and
/// a hand-made `GtkListView` on a `GListStore` of the same strings, side by side in one window. For
/// each pattern, four variants, each timing the narrowing change and then the widening one that
/// brings the rows back (a frame is drawn after each, untimed):
///
/// - `bound`: `array.replace(with:identifiedBy:)`, until it returns: the diff, the binding, and
///   `ListView`'s splices, all synchronous on the main thread;
/// - `apply`: `list.performBatchUpdates` with the change set precomputed: `ListView`'s own part;
/// - `direct`: the same splices by hand, runs computed beforehand;
/// - `diff`: the same replace on an array nothing observes: the core's diff alone;
/// - `query`: a third list, bound to `rows.filter(by: query)`, and the query set: the search box's
///   way, with the predicate run once per row and no diff (the predicate looks the row up in a
///   table of the pattern's removed rows, so that it costs next to nothing beside the library).
@MainActor
func measureFilter(_ options: ListOptions) throws -> FilterResults {
  let count = options.filterRows
  let all = (0..<count).map { "Row \($0)" }
  var generator = SplitMix64(state: 2024)
  let scattered = Array(Array(0..<count).shuffled(using: &generator).prefix(count * 3 / 10)).sorted()
  let block = count / 10
  let blocks = [count / 10, count * 45 / 100, count * 8 / 10].flatMap { Array($0..<$0 + block) }
  let patterns = [
    FilterPattern(name: "scattered", removed: scattered, from: all),
    FilterPattern(name: "blocks", removed: blocks, from: all),
  ]

  let array = MutableObservableArray(all)
  let list = ListView<String>(makeRow: { Label() }, bindRow: { label, text in label.text = text })
  list.reactive.items <~ array
  let hand = HandList(strings: all)
  let unobserved = MutableObservableArray(all)
  // The rows filtered by a changing value: -1 shows every row, k hides the rows pattern k removes.
  let removedByPattern = patterns.map { pattern in
    var isRemoved = [Bool](repeating: false, count: count)
    for offset in pattern.removed { isRemoved[offset] = true }
    return isRemoved
  }
  let query = MutableProperty(-1)
  let filtered = MutableObservableArray(all.indices.map { QueriedRow(id: $0, text: all[$0]) })
    .filter(by: query) { row, hidden in hidden < 0 || !removedByPattern[hidden][row.id] }
  let queried = ListView<QueriedRow>(makeRow: { Label() }, bindRow: { label, row in label.text = row.text })
  queried.reactive.items <~ filtered
  let window = Window(title: "GTKBenchmarks L1", width: 900, height: 600)
  window.child = sideBySide([ScrolledWindow(list), ScrolledWindow(hand.view), ScrolledWindow(queried)])
  try show(window)
  try check(list.waitForNextFrame(), "the bound list drew no frame")
  let shown = wrappedLabels(under: list.widget, mappedOnly: true).map { $0.text }
  try check(shown.first == "Row 0" && shown.count > 10, "the bound list shows \(shown.prefix(3)), not Row 0, 1, …")
  let ours = logSplices(of: list.selectionModel.object)
  let theirs = logSplices(of: UnsafeMutableRawPointer(hand.selection))
  let byQuery = logSplices(of: queried.selectionModel.object)

  /// Checks the model and the log after a change: `expected` rows, one emission per run.
  func checkChange(
    _ what: String,
    _ pattern: FilterPattern,
    log: SpliceLog,
    count modelCount: Int,
    item: (Int) -> String?,
    expected: [String],
    widening: Bool
  ) throws {
    try check(modelCount == expected.count, "\(what): the model holds \(modelCount) rows, not \(expected.count)")
    for position in [0, expected.count / 2, expected.count - 1] {
      try check(
        item(position) == expected[position],
        "\(what): row \(position) is \(item(position) ?? "nil"), not \(expected[position])")
    }
    let rows = pattern.removed.count
    try check(
      log.emissions == pattern.runs.count && log.removed == (widening ? 0 : rows) && log.added == (widening ? rows : 0),
      "\(what): \(log.emissions) items-changed emissions removing \(log.removed) and adding \(log.added) rows; "
        + "the change has \(pattern.runs.count) runs of \(rows) rows")
  }

  var variants: [ListVariant] = []
  for (index, pattern) in patterns.enumerated() {
    let kept = pattern.kept
    /// Times `narrow` and `widen` on the bound list, checking what GTK's model holds after each.
    func onBoundList(_ name: String, narrow: @escaping () -> Void, widen: @escaping () -> Void) -> ListVariant {
      let what = "L1 \(pattern.name) \(name)"
      return (
        "\(pattern.name).\(name)",
        {
          ours.reset()
          let narrowing = nanoseconds(narrow)
          try checkChange(
            what, pattern, log: ours, count: list.modelCount, item: list.item(at:), expected: kept,
            widening: false)
          try check(list.items == kept, "\(what): the list's items are not the filtered rows")
          list.waitForNextFrame()
          ours.reset()
          let widening = nanoseconds(widen)
          try checkChange(
            what, pattern, log: ours, count: list.modelCount, item: list.item(at:), expected: all,
            widening: true)
          list.waitForNextFrame()
          return ["narrow": narrowing / 1e6, "widen": widening / 1e6]
        }
      )
    }
    variants.append(
      onBoundList(
        "bound",
        narrow: { array.replace(with: kept, identifiedBy: { $0 }) },
        widen: { array.replace(with: all, identifiedBy: { $0 }) }
      )
    )
    variants.append(
      onBoundList(
        "apply",
        narrow: { list.performBatchUpdates(pattern.narrowing, rows: ListRows(items: kept) { row, _ in row }) },
        widen: { list.performBatchUpdates(pattern.widening, rows: ListRows(items: all) { row, _ in row }) }
      )
    )
    variants.append(
      (
        "\(pattern.name).query",
        {
          let what = "L1 \(pattern.name) query"
          byQuery.reset()
          let narrowing = nanoseconds { query.value = index }
          try checkChange(
            what, pattern, log: byQuery, count: queried.modelCount, item: { queried.item(at: $0)?.text },
            expected: kept, widening: false)
          try check(queried.items.map(\.text) == kept, "\(what): the list's items are not the filtered rows")
          queried.waitForNextFrame()
          byQuery.reset()
          let widening = nanoseconds { query.value = -1 }
          try checkChange(
            what, pattern, log: byQuery, count: queried.modelCount, item: { queried.item(at: $0)?.text },
            expected: all, widening: true)
          queried.waitForNextFrame()
          return ["narrow": narrowing / 1e6, "widen": widening / 1e6]
        }
      )
    )
    let store = hand.store
    let runs = pattern.runs
    let descending = Array(runs.reversed())
    variants.append(
      (
        "\(pattern.name).direct",
        {
          let what = "L1 \(pattern.name) direct"
          theirs.reset()
          let narrowing = nanoseconds {
            for run in descending { g_list_store_splice(store, guint(run.lowerBound), guint(run.count), nil, 0) }
          }
          try checkChange(
            what, pattern, log: theirs, count: hand.count, item: hand.string(at:), expected: kept, widening: false)
          hand.view.waitForNextFrame()
          theirs.reset()
          let objects = UnsafeMutableBufferPointer<gpointer?>.allocate(capacity: pattern.removed.count)
          defer { objects.deallocate() }
          let widening = nanoseconds {
            hand.insert(runs, of: all, through: objects)
          }
          try checkChange(
            what, pattern, log: theirs, count: hand.count, item: hand.string(at:), expected: all, widening: true)
          hand.view.waitForNextFrame()
          return ["narrow": narrowing / 1e6, "widen": widening / 1e6]
        }
      )
    )
    variants.append(
      (
        "\(pattern.name).diff",
        {
          let narrowing = nanoseconds { unobserved.replace(with: kept, identifiedBy: { $0 }) }
          try check(unobserved.count == kept.count, "L1 diff: the array holds \(unobserved.count) rows")
          let widening = nanoseconds { unobserved.replace(with: all, identifiedBy: { $0 }) }
          try check(unobserved.count == all.count, "L1 diff: the array holds \(unobserved.count) rows")
          return ["narrow": narrowing / 1e6, "widen": widening / 1e6]
        }
      )
    )
  }
  let rounds = try alternateFigures(rounds: options.rounds, variants)
  window.destroy()
  settle()
  return FilterResults(rounds: rounds, rows: count, patterns: patterns)
}

/// Prints L1's median per variant and direction, and its ratio to the hand's (`--l1`).
func printFilterMedians(_ results: FilterResults) {
  let rounds = results.rounds
  for pattern in results.patterns {
    for direction in ["narrow", "widen"] {
      let direct = "\(pattern.name).direct.\(direction)"
      var line = "L1 \(pattern.name) \(direction) (ms): direct \(formatted(rounds.median(direct), digits: 2))"
      for variant in ["bound", "apply", "query"] {
        let name = "\(pattern.name).\(variant).\(direction)"
        line +=
          ", \(variant) \(formatted(rounds.median(name), digits: 2)) (\(ratio(rounds.medianRatio(name, to: direct))))"
      }
      line += ", diff \(formatted(rounds.median("\(pattern.name).diff.\(direction)"), digits: 2))"
      report(line)
    }
  }
}

/// A row of L1's list filtered by a query: its offset in the unfiltered rows, and its text.
struct QueriedRow: Sendable {
  var id: Int
  var text: String
}

// MARK: - L2: appending one row

/// L2. Bound lists of `appendSmall` and `appendLarge` rows and hand-made ones of the same lengths,
/// in one window; each run appends `appendsPerRun` rows one at a time (`array.append`, against
/// `g_list_store_append` of a new `GtkStringObject`), checks one `items-changed` per append, then
/// removes them again, untimed. `array.large`: the same appends to an array nothing observes, the
/// core's part. Nanoseconds per append.
@MainActor
func measureAppends(_ options: ListOptions) throws -> Rounds {
  let appended = (0..<options.appendsPerRun).map { "Appended row \($0)" }
  var lists: [Widget] = []
  var variants: [ListVariant] = []
  for (size, count) in [("small", options.appendSmall), ("large", options.appendLarge)] {
    let rows = (0..<count).map { "Row \($0)" }
    let array = MutableObservableArray(rows)
    let list = ListView<String>(makeRow: { Label() }, bindRow: { label, text in label.text = text })
    list.reactive.items <~ array
    let hand = HandList(strings: rows)
    lists += [ScrolledWindow(list), ScrolledWindow(hand.view)]
    let ours = logSplices(of: list.selectionModel.object)
    let theirs = logSplices(of: UnsafeMutableRawPointer(hand.selection))
    let total = count + appended.count
    variants.append(
      (
        "bound.\(size)",
        {
          ours.reset()
          let time = nanoseconds {
            for row in appended { array.append(row) }
          }
          try check(
            list.modelCount == total && list.item(at: total - 1) == appended.last
              && ours.emissions == appended.count && ours.largestRemoval == 0,
            "L2 bound \(size): \(list.modelCount) rows after \(ours.emissions) emissions, not \(total) after "
              + "\(appended.count)")
          array.replaceSubrange(count..<total, with: [])
          try check(list.modelCount == count, "L2 bound \(size): \(list.modelCount) rows left, not \(count)")
          list.waitForNextFrame()
          return ["append": time / Double(appended.count)]
        }
      )
    )
    let store = hand.store
    variants.append(
      (
        "direct.\(size)",
        {
          theirs.reset()
          let time = nanoseconds {
            for row in appended {
              let object = gtk_string_object_new(row)
              g_list_store_append(store, object.map { UnsafeMutableRawPointer($0) })
              g_object_unref(object.map { UnsafeMutableRawPointer($0) })
            }
          }
          try check(
            hand.count == total && hand.string(at: total - 1) == appended.last && theirs.emissions == appended.count,
            "L2 direct \(size): \(hand.count) rows after \(theirs.emissions) emissions, not \(total)")
          g_list_store_splice(store, guint(count), guint(appended.count), nil, 0)
          hand.view.waitForNextFrame()
          return ["append": time / Double(appended.count)]
        }
      )
    )
    if size == "large" {
      let unobserved = MutableObservableArray(rows)
      variants.append(
        (
          "array.large",
          {
            let time = nanoseconds {
              for row in appended { unobserved.append(row) }
            }
            try check(unobserved.count == total, "L2 array: \(unobserved.count) rows, not \(total)")
            unobserved.replaceSubrange(count..<total, with: [])
            return ["append": time / Double(appended.count)]
          }
        )
      )
    }
  }
  let window = Window(title: "GTKBenchmarks L2", width: 1000, height: 600)
  window.child = sideBySide(lists)
  try show(window)
  let rounds = try alternateFigures(rounds: options.rounds, variants)
  window.destroy()
  settle()
  return rounds
}

// MARK: - L3: scrolling a long list

/// An item whose name a row binds to.
final class ScrollItem {
  @Published var name: String
  init(name: String) { self.name = name }
}

/// Counts the subscriptions alive through it: one per live row binding.
final class SubscriptionCounter {
  private(set) var live = 0

  func counted<P: Publisher>(_ publisher: P) -> AnyPublisher<P.Output, P.Failure> {
    publisher.handleEvents(
      receiveSubscription: { [unowned self] _ in live += 1 },
      receiveCompletion: { [unowned self] _ in live -= 1 },
      receiveCancel: { [unowned self] in live -= 1 }
    ).eraseToAnyPublisher()
  }
}

/// The row wrappers a factory made, held weakly: how many are alive.
@MainActor
final class MadeRows {
  var rows: [WeakReference] = []
  var alive: Int { rows.count { $0.object != nil } }
}

/// What L3 saw on one list.
struct ScrollResult {
  var rows: Int
  /// Row wrappers made by `makeRow` (ever), alive (held weakly), labels in the list's widget tree,
  /// and live row bindings (subscriptions): after the first frame, and the most at any step.
  var madeAtStart = 0
  var aliveAtStart = 0
  var inTreeAtStart = 0
  var bindingsAtStart = 0
  var madeAtEnd = 0
  var peakAlive = 0
  var peakInTree = 0
  var peakBindings = 0
  /// Extra frames the list needed, after the last step, to show its last row (GTK estimates the
  /// height of rows it has not made).
  var extraFrames = 0
}

/// L3. A `ListView<ScrollItem>` of `rows` items, each row a `Label` whose text is bound in `bindRow`
/// to the item's `@Published` name through a counting `handleEvents`; scrolled from top to bottom
/// in `steps` steps, each a new vertical offset and one frame. Live row wrappers are counted through
/// weak references to every wrapper `makeRow` returned (the wrappers BindingsGTK keeps, in the
/// tree or not), and compared with the wrapped labels found walking the widget tree.
@MainActor
func measureScroll(rows count: Int, steps: Int) throws -> ScrollResult {
  let counter = SubscriptionCounter()
  let made = MadeRows()
  let items = (0..<count).map { ScrollItem(name: "Item \($0)") }
  let array = MutableObservableArray(items)
  let list = ListView<ScrollItem>(
    makeRow: { () -> Label? in
      let label = Label()
      made.rows.append(WeakReference(object: label))
      return label
    },
    bindRow: { (label: Label, item: ScrollItem) in label.reactive.text <~ counter.counted(item.$name) }
  )
  list.reactive.items <~ array
  let scroller = ScrolledWindow(list)
  let window = Window(title: "GTKBenchmarks L3", width: 400, height: 600)
  window.child = scroller
  try show(window)
  try check(list.waitForNextFrame(), "L3: the list drew no frame")
  var result = ScrollResult(rows: count)
  result.madeAtStart = made.rows.count
  result.aliveAtStart = made.alive
  result.inTreeAtStart = wrappedLabels(under: list.widget).count
  result.bindingsAtStart = counter.live
  result.peakAlive = result.aliveAtStart
  result.peakInTree = result.inTreeAtStart
  result.peakBindings = result.bindingsAtStart
  for step in 1...steps {
    scroller.verticalOffset = scroller.verticalRange * Double(step) / Double(steps)
    list.waitForNextFrame()
    result.peakAlive = max(result.peakAlive, made.alive)
    result.peakInTree = max(result.peakInTree, wrappedLabels(under: list.widget).count)
    result.peakBindings = max(result.peakBindings, counter.live)
  }
  let last = "Item \(count - 1)"
  while !wrappedLabels(under: list.widget, mappedOnly: true).contains(where: { $0.text == last })
    && result.extraFrames < 10
  {
    scroller.verticalOffset = scroller.verticalRange
    list.waitForNextFrame()
    result.extraFrames += 1
  }
  result.madeAtEnd = made.rows.count
  let labels = wrappedLabels(under: list.widget)
  try check(
    wrappedLabels(under: list.widget, mappedOnly: true).contains { $0.text == last },
    "L3 \(count): the last row is not shown after scrolling to the end")
  let rowBindings = labels.reduce(0) { $0 + $1.bindings.count }
  try check(
    counter.live == rowBindings,
    "L3 \(count): \(counter.live) live subscriptions, but the rows hold \(rowBindings) bindings")
  // The rows show their items now: a rename reaches a row on screen, not a row that scrolled away.
  items[count - 1].name = "Renamed"
  items[0].name = "Nobody sees this"
  list.waitForNextFrame()
  let texts = wrappedLabels(under: list.widget, mappedOnly: true).map { $0.text }
  try check(texts.contains("Renamed"), "L3 \(count): renaming the last item did not reach its row")
  try check(!texts.contains("Nobody sees this"), "L3 \(count): an item scrolled away long ago wrote into a row")
  window.destroy()
  settle()
  return result
}

// MARK: - All of it

/// Everything the list scenarios measured.
struct ListResults {
  var filter: FilterResults
  var appends: Rounds
  var scrolls: [ScrollResult]
}

/// Runs L1, L2 and L3, reporting progress.
@MainActor
func measureLists(_ options: ListOptions) throws -> ListResults {
  report(
    "L1: filter keystroke, \(options.filterRows) rows, 2 patterns × 5 variants × \(options.rounds) rounds…")
  let filter = try measureFilter(options)
  report(
    "L2: \(options.appendsPerRun) appends to \(options.appendSmall) and \(options.appendLarge) rows × "
      + "\(options.rounds) rounds…")
  let appends = try measureAppends(options)
  var scrolls: [ScrollResult] = []
  for rows in options.scrollRows {
    report("L3: scrolling \(rows) rows in \(options.scrollSteps) steps…")
    scrolls.append(try measureScroll(rows: rows, steps: options.scrollSteps))
  }
  return ListResults(filter: filter, appends: appends, scrolls: scrolls)
}

/// Prints the lists' table, targets and rounds, after the main report.
@MainActor
func printListReport(_ results: ListResults, options: ListOptions) {
  let filter = results.filter.rounds
  let appends = results.appends
  let rows = results.filter.rows
  report("### Lists")
  report()
  report("Medians over \(options.rounds) rounds (L1, L2); L3 is one pass per list length.")
  report()
  report("| scenario | measured | bindings | baseline | bindings / baseline |")
  report("|---|---|---:|---:|---:|")
  for pattern in results.filter.patterns {
    let name = pattern.name
    let change =
      "\(pattern.name == "blocks" ? "3 contiguous blocks" : "a pseudo-random 30 %"): "
      + "\(formatted(Double(pattern.removed.count))) of \(formatted(Double(rows))) rows in "
      + "\(formatted(Double(pattern.runs.count))) runs"
    for (direction, what) in [("narrow", "removing"), ("widen", "restoring")] {
      let bound = "\(name).bound.\(direction)"
      let direct = "\(name).direct.\(direction)"
      report(
        "| L1 | filter, \(what) \(change): `array.replace(with:identifiedBy:)` until GTK's model holds it (ms); "
          + "baseline: the same `g_list_store_splice` calls by hand | \(formatted(filter.median(bound), digits: 2)) "
          + "| \(formatted(filter.median(direct), digits: 2)) | \(ratio(filter.medianRatio(bound, to: direct))) |")
      let apply = "\(name).apply.\(direction)"
      report(
        "| L1 | the same, `ListView`'s part alone: `list.performBatchUpdates` with the change set precomputed (ms) | "
          + "\(formatted(filter.median(apply), digits: 2)) | \(formatted(filter.median(direct), digits: 2)) | "
          + "\(ratio(filter.medianRatio(apply, to: direct))) |")
      report(
        "| L1 | the same, the diff alone: the same replace on an array nothing observes (ms) | "
          + "\(formatted(filter.median("\(name).diff.\(direction)"), digits: 2)) | n/a | n/a |")
      let queried = "\(name).query.\(direction)"
      report(
        "| L1 | the same change by `rows.filter(by: query)`, no diff: the query set until GTK's model holds it (ms); "
          + "baseline: the same `g_list_store_splice` calls by hand | \(formatted(filter.median(queried), digits: 2)) "
          + "| \(formatted(filter.median(direct), digits: 2)) | \(ratio(filter.medianRatio(queried, to: direct))) |")
    }
    report(
      "| L1 | `items-changed` emissions per change (checked in every run, both ways; a reload would be 1) | "
        + "\(formatted(Double(pattern.runs.count))) | \(formatted(Double(pattern.runs.count))) | 1.00× |")
  }
  let smallSize = formatted(Double(options.appendSmall))
  let largeSize = formatted(Double(options.appendLarge))
  for (size, label) in [("small", smallSize), ("large", largeSize)] {
    report(
      "| L2 | one row appended to a bound list of \(label) rows, `array.append` (ns); baseline: "
        + "`g_list_store_append` of a new `GtkStringObject` | \(formatted(appends.median("bound.\(size).append"))) | "
        + "\(formatted(appends.median("direct.\(size).append"))) | "
        + "\(ratio(appends.medianRatio("bound.\(size).append", to: "direct.\(size).append"))) |")
  }
  let growth = appends.medianRatio("bound.large.append", to: "bound.small.append")
  let directGrowth = appends.medianRatio("direct.large.append", to: "direct.small.append")
  report(
    "| L2 | per append at \(largeSize) rows ÷ at \(smallSize) rows (O(1) is about 1×) | \(ratio(growth)) | "
      + "\(ratio(directGrowth)) | n/a |")
  report(
    "| L2 | the same append on an array of \(largeSize) rows nothing observes: the core's part (ns) | "
      + "\(formatted(appends.median("array.large.append"))) | n/a | n/a |")
  for scroll in results.scrolls {
    let length = formatted(Double(scroll.rows))
    report(
      "| L3 | \(length) rows scrolled top to bottom in \(options.scrollSteps) frames: live row wrappers, "
        + "at the start → at the peak | \(scroll.aliveAtStart) → \(scroll.peakAlive) | n/a | n/a |")
    report(
      "| L3 | the same: live row bindings (`label.reactive.text <~ item.$name` subscriptions) | "
        + "\(scroll.bindingsAtStart) → \(scroll.peakBindings) | n/a | n/a |")
  }
  report()

  func status(_ met: Bool) -> String { met ? "**met**" : "**missed**" }
  for pattern in results.filter.patterns {
    let keystroke = filter.medianRatio("\(pattern.name).bound.narrow", to: "\(pattern.name).direct.narrow")
    let widening = filter.medianRatio("\(pattern.name).bound.widen", to: "\(pattern.name).direct.widen")
    report(
      "- L1 \(pattern.name): a filter keystroke at most 1.3× the same splices by hand: \(ratio(keystroke)) — "
        + "\(status(keystroke <= 1.3)) (restoring: \(ratio(widening))); `items-changed` emitted once per run "
        + "(\(pattern.runs.count)), no reload — **met** (checked)")
    let byQuery = filter.medianRatio("\(pattern.name).query.narrow", to: "\(pattern.name).direct.narrow")
    let byQueryWidening = filter.medianRatio("\(pattern.name).query.widen", to: "\(pattern.name).direct.widen")
    report(
      "- L1 \(pattern.name) by `filter(by:)`: a search keystroke at most 1.3× the same splices by hand: "
        + "\(ratio(byQuery)) — \(status(byQuery <= 1.3)) (restoring: \(ratio(byQueryWidening)))")
  }
  report(
    "- L2 appending is O(1): \(ratio(growth)) per append at \(largeSize) rows against \(smallSize) — "
      + status(growth <= 1.5))
  let bound = 300
  let scrolls = results.scrolls
  let peak = scrolls.map { max($0.peakAlive, $0.peakBindings) }.max() ?? 0
  let growsWithLength = scrolls.count > 1 && scrolls.last!.peakBindings > scrolls.first!.peakBindings + 20
  report(
    "- L3 live rows stay bounded while scrolling: at most \(peak) live row wrappers or bindings on "
      + scrolls.map { formatted(Double($0.rows)) }.joined(separator: " and ")
      + " rows (bound: \(bound), and not more on the longer list) — \(status(peak <= bound && !growsWithLength))")
  report()
  func list(_ values: [Double], digits: Int = 2) -> String {
    values.map { String(format: "%.\(digits)f", $0) }.joined(separator: " ")
  }
  report("Rounds behind the medians, and L3's counts:")
  report()
  for pattern in results.filter.patterns {
    for direction in ["narrow", "widen"] {
      func name(_ variant: String) -> String { "\(pattern.name).\(variant).\(direction)" }
      report(
        "- L1 \(pattern.name) \(direction), bound / direct per round: "
          + list(filter.ratios(name("bound"), to: name("direct"))) + "; apply / direct: "
          + list(filter.ratios(name("apply"), to: name("direct"))) + "; query / direct: "
          + list(filter.ratios(name("query"), to: name("direct"))))
    }
  }
  report("- L2 bound, large / small per round: \(list(appends.ratios("bound.large.append", to: "bound.small.append")))")
  for scroll in scrolls {
    report(
      "- L3 \(formatted(Double(scroll.rows))) rows: rows made \(scroll.madeAtStart) at the start, \(scroll.madeAtEnd) "
        + "in all; wrapped labels in the widget tree \(scroll.inTreeAtStart) → \(scroll.peakInTree); "
        + "\(scroll.extraFrames) extra frames to reach the last row")
  }
}
#endif
