#if GTK
import Bindings
import BindingsGTK
import CGTK
import ContactsCore
import ContactsUI
import Dispatch
import Foundation

// L4: Contacts' search keystroke. The real Contacts window (`ContactsUI.ContactsWindow`) over a
// `ContactsViewModel` of 3,000 and of 100,000 generated contacts: a query typed into its search
// entry until GTK's list model holds the filtered contacts, and the widening keystroke back to "",
// against the same `g_list_store_splice` calls made by hand on a `GListStore` of `GtkStringObject`s
// in a hand-made `GtkListView` (L1's `HandList`) whose rows are the window's four labels made in C
// calls; and against one-label rows by hand, GTK's floor. Beside them, where the time goes (timed
// in rounds of their own, so that the clocks cost the headline figures nothing): `ListView`'s part
// with the change precomputed, the view model with no window, `filter(by:)` with the contacts' own
// test and nothing bound, and the test alone.

// MARK: - Sizes

/// The sizes of L4, from the run's ``Options``.
struct ContactsSearchOptions {
  var isQuick: Bool
  /// How many times the variants alternate; each figure is the median.
  var rounds: Int
  /// The address books searched, in contacts.
  var sizes = [3_000, 100_000]
  /// The query typed: one letter, which removes about a third of the generated contacts, scattered
  /// through the list (those whose name and email have no "i": the phone numbers have none).
  var query = "i"

  init(_ options: Options) {
    isQuick = options.isQuick
    rounds = options.rounds
    if options.isQuick { sizes = [1_000, 5_000] }
  }
}

/// The view model's throttle lets a query through at once when the last one went through at least
/// 150 ms ago (`ContactSearch.follow`); the keystrokes are spaced by more than that.
private let keystrokeGapNanoseconds: UInt64 = 170_000_000

/// The throttle's interval, against which every gap between keystrokes is checked.
private let throttleNanoseconds: UInt64 = 150_000_000

/// Spaces the keystrokes typed into one view model so that its throttle lets each through at once,
/// and keeps the shortest gap seen, on the clock the throttle reads (`DispatchTime`).
@MainActor
final class KeystrokeSpacer {
  /// When the last keystroke had been applied, or `nil` before the first.
  private var lastEnd: UInt64?
  /// The shortest time from the end of one keystroke to the start of the next.
  private(set) var shortestGap = UInt64.max

  /// Runs GTK's loop (frames, timers, the main queue) until the gap has passed since the last
  /// keystroke ended.
  func waitOut() {
    guard let lastEnd else { return }
    GTK.iterateMainLoop(
      until: { DispatchTime.now().uptimeNanoseconds - lastEnd >= keystrokeGapNanoseconds }, timeout: .seconds(2))
  }

  /// Types a keystroke with `body`, after ``waitOut()``, and records when it ended.
  func keystroke(_ body: () -> Void) {
    waitOut()
    let start = DispatchTime.now().uptimeNanoseconds
    if let lastEnd { shortestGap = min(shortestGap, start - lastEnd) }
    body()
    lastEnd = DispatchTime.now().uptimeNanoseconds
  }
}

// MARK: - Where a keystroke's time goes

/// The time spent inside the emissions of one signal on one instance: from the start of each
/// emission (an emission hook, which GLib runs before any handler) to the end of a handler
/// connected with `G_CONNECT_AFTER` (which runs after every other handler). The same clock is put
/// on both lists of a comparison, so that it costs both the same. Used on GTK's thread only.
final class EmissionClock {
  /// The instance whose emissions are timed.
  let instance: gpointer
  /// The time spent inside the emissions since the last ``reset()``, and their number.
  private(set) var nanoseconds: UInt64 = 0
  private(set) var count = 0
  /// When the emission under way started, if one is.
  fileprivate var started: UInt64?
  private let signalID: guint
  private var hookID: gulong = 0
  private var handlerID: gulong = 0

  /// Times the emissions of `signal` (a signal of `type`) on `instance`; `ended` is the handler
  /// that ends each, connected after the others.
  fileprivate init(_ signal: String, of type: GType, on instance: gpointer, ended: GCallback) {
    self.instance = instance
    signalID = g_signal_lookup(signal, type)
    precondition(signalID != 0, "no signal \(signal)")
    hookID = g_signal_add_emission_hook(
      signalID, 0, emissionStarted, Unmanaged.passRetained(self).toOpaque(), releaseClockHook)
    precondition(hookID != 0, "signal \(signal) takes no emission hook")
    handlerID = g_signal_connect_data(
      instance, signal, ended, Unmanaged.passRetained(self).toOpaque(), releaseClockHandler, G_CONNECT_AFTER)
  }

  /// The time in milliseconds.
  var milliseconds: Double { Double(nanoseconds) / 1e6 }

  func reset() {
    (nanoseconds, count, started) = (0, 0, nil)
  }

  /// Ends the emission under way, if any.
  fileprivate func end() {
    guard let started else { return }
    nanoseconds += monotonicNanoseconds() - started
    count += 1
    self.started = nil
  }

  /// Removes the emission hook and the handler: the instance's emissions cost nothing more.
  func remove() {
    if hookID != 0 { g_signal_remove_emission_hook(signalID, hookID) }
    if handlerID != 0 { g_signal_handler_disconnect(instance, handlerID) }
    (hookID, handlerID) = (0, 0)
  }
}

/// Starts an ``EmissionClock``'s emission when the emitting instance is the clock's.
private let emissionStarted: GSignalEmissionHook = { _, count, values, data in
  let clock = Unmanaged<EmissionClock>.fromOpaque(data!).takeUnretainedValue()
  if count > 0, let values, g_value_peek_pointer(values) == clock.instance {
    clock.started = monotonicNanoseconds()
  }
  return 1  // keep the hook
}

/// Ends an ``EmissionClock``'s emission of `items-changed` (position, removed, added).
private let itemsChangedEnded: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
  _, _, _, _, data in
  Unmanaged<EmissionClock>.fromOpaque(data!).takeUnretainedValue().end()
}

/// Ends an ``EmissionClock``'s emission of a list item factory's `setup`, `bind`, `unbind` or
/// `teardown` (the list item).
private let listItemEnded: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
  Unmanaged<EmissionClock>.fromOpaque(data!).takeUnretainedValue().end()
}

private let releaseClockHook: GDestroyNotify = { data in
  Unmanaged<EmissionClock>.fromOpaque(data!).release()
}

private let releaseClockHandler: GClosureNotify = { data, _ in
  Unmanaged<EmissionClock>.fromOpaque(data!).release()
}

/// Where a list's time goes: inside its store's `items-changed` emissions, which hold the selection
/// model's `items-changed` and `notify::n-items` emissions (`GtkSingleSelection` sends both from its
/// handler on the store); inside the selection model's `items-changed` emissions (GTK's list view,
/// and every handler connected to the model, the bindings' included); and inside its row factory's
/// signals (making, binding, unbinding and dropping rows), which GTK emits during `items-changed`
/// for the rows it keeps. (`notify` takes no emission hook, so it is timed as the difference.)
@MainActor
struct ListClocks {
  let store: EmissionClock
  let splices: EmissionClock
  let rows: [EmissionClock]
  let binds: EmissionClock

  /// Clocks on `list` (a `GtkListView`) and on its model `selection`.
  init(list: OpaquePointer, selection: gpointer) {
    splices = EmissionClock(
      "items-changed", of: g_list_model_get_type(), on: selection,
      ended: unsafeBitCast(itemsChangedEnded, to: GCallback.self))
    store = EmissionClock(
      "items-changed", of: g_list_model_get_type(),
      on: UnsafeMutableRawPointer(gtk_single_selection_get_model(OpaquePointer(selection)))!,
      ended: unsafeBitCast(itemsChangedEnded, to: GCallback.self))
    let factory = UnsafeMutableRawPointer(gtk_list_view_get_factory(list)!)
    rows = ["setup", "bind", "unbind", "teardown"].map {
      EmissionClock(
        $0, of: gtk_signal_list_item_factory_get_type(), on: factory,
        ended: unsafeBitCast(listItemEnded, to: GCallback.self))
    }
    binds = rows[1]
  }

  func reset() {
    store.reset()
    splices.reset()
    for clock in rows { clock.reset() }
  }

  /// The figures since the last ``reset()``, named with `suffix`: milliseconds in `items-changed`
  /// and in the row factory, and rows bound.
  func figures(_ suffix: String) -> [String: Double] {
    [
      "splices\(suffix)": splices.milliseconds, "store\(suffix)": store.milliseconds,
      "rows\(suffix)": rows.reduce(0) { $0 + $1.milliseconds },
      "binds\(suffix)": Double(binds.count),
    ]
  }

  func remove() {
    store.remove()
    splices.remove()
    for clock in rows { clock.remove() }
  }
}

// MARK: - The window's rows, by hand

/// What each hand-made row shows of each contact, as the window's `ContactRow` shows it, made once
/// as C strings: the bold initials (Pango markup), the full name, the email, the star.
final class HandContactRowTexts {
  struct Texts {
    var initials: UnsafeMutablePointer<CChar>
    var name: UnsafeMutablePointer<CChar>
    var email: UnsafeMutablePointer<CChar>
    var star: UnsafeMutablePointer<CChar>
  }

  let texts: [Texts]

  init(_ contacts: [Contact]) {
    texts = contacts.map { contact in
      Texts(
        initials: strdup("<b>\(contact.initials)</b>"), name: strdup(contact.fullName), email: strdup(contact.email),
        star: strdup(contact.isFavorite ? "★" : ""))
    }
  }

  deinit {
    for row in texts {
      for text in [row.initials, row.name, row.email, row.star] { free(text) }
    }
  }

  /// A ``HandList``'s rows showing these texts; the list must not outlive this object.
  var rows: HandRows {
    HandRows(
      setUp: unsafeBitCast(setUpContactRow, to: GCallback.self),
      bind: unsafeBitCast(bindContactRow, to: GCallback.self),
      data: Unmanaged.passUnretained(self).toOpaque(), tagsOffsets: true)
  }
}

/// The hand-made factory's `setup`: the window's `ContactRow` in C calls. A horizontal box, 10
/// pixels apart and 4 pixels of margin above and below, of four labels: the initials 32 pixels
/// wide, the star, the name (expanding, leading) and the email (leading, dimmed).
private let setUpContactRow: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, listItem, _ in
  let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
  let initials = gtk_label_new(nil)!
  gtk_widget_set_size_request(initials, 32, -1)
  let star = gtk_label_new(nil)!
  let name = gtk_label_new(nil)!
  gtk_widget_set_hexpand(name, 1)
  gtk_label_set_xalign(OpaquePointer(name), 0)
  let email = gtk_label_new(nil)!
  gtk_label_set_xalign(OpaquePointer(email), 0)
  gtk_widget_add_css_class(email, "dim-label")
  for part in [initials, star, name, email] {
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), part)
  }
  gtk_widget_set_margin_top(box, 4)
  gtk_widget_set_margin_bottom(box, 4)
  gtk_list_item_set_child(OpaquePointer(listItem), box)
}

/// The hand-made factory's `bind`: the row's four labels show the texts of the contact whose offset
/// the item carries.
private let bindContactRow: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, listItem, data in
  let item = OpaquePointer(listItem)
  guard let object = gtk_list_item_get_item(item), let box = gtk_list_item_get_child(item),
    let initials = gtk_widget_get_first_child(box), let star = gtk_widget_get_next_sibling(initials),
    let name = gtk_widget_get_next_sibling(star), let email = gtk_widget_get_next_sibling(name)
  else { return }
  let texts = Unmanaged<HandContactRowTexts>.fromOpaque(data!).takeUnretainedValue().texts[HandList.offset(of: object)]
  gtk_label_set_markup(OpaquePointer(initials), texts.initials)
  gtk_label_set_text(OpaquePointer(star), texts.star)
  gtk_label_set_text(OpaquePointer(name), texts.name)
  gtk_label_set_text(OpaquePointer(email), texts.email)
}

// MARK: - One address book

/// `Contact.matches(_:)`'s test with the query prepared once, as the view model prepares it once per
/// query: whether the full name, the email or the phone contains the query, ignoring case.
private func contactMatches(_ contact: Contact, _ query: SearchQuery) -> Bool {
  contact.matches(query)
}

/// What L4 measured on one address book.
struct ContactsSearchResult {
  var contacts: Int
  var query: String
  /// The contacts the query removes, and in how many runs of adjacent rows.
  var removed: Int
  var runs: Int
  var rounds: Rounds
  /// Timed keystrokes on the window: how many were applied before `gtk_editable_set_text` returned,
  /// and how many needed turns of GTK's loop (included in their time).
  var keystrokes = 0
  var appliedAtOnce = 0
  /// The shortest gap between keystrokes into either view model, in milliseconds.
  var shortestGapMilliseconds = 0.0
}

/// L4 on `count` contacts. Variants, each timing the narrowing keystroke and then the widening one
/// (a frame is drawn after each on the lists, untimed):
///
/// - `bound`: the query set into the window's search entry (`window.search.text`), until GTK's
///   model holds the filtered contacts; GTK's loop is iterated inside the timed part if the result
///   has not reached the list when `gtk_editable_set_text` returns;
/// - `direct`: the same splices by hand on a `GListStore` of the contacts' full names, the runs
///   computed beforehand from the view model's result, in a list whose rows are the window's four
///   labels made by hand (``HandContactRowTexts``: their texts made once, before the timing);
/// - `plain`: the same on a list of one-label rows: GTK's floor;
/// - `apply`: `ListView<Contact>.performBatchUpdates` with the change set precomputed: `ListView`'s
///   own part;
/// - `core`: a second view model of the same contacts, no window: `query` set until `visible` holds
///   the result (the throttle, the filter, the status line, the selection);
/// - `filter`: `MutableObservableArray(contacts).filter(by: needle)` with ``contactMatches(_:_:)``,
///   nothing bound: the test over every contact and the change it makes;
/// - `predicate`: ``contactMatches(_:_:)`` over every contact, narrowing only.
///
/// Then `bound`, `direct`, `plain` and `apply` run again with ``ListClocks`` on the four lists,
/// timing what happens inside `items-changed` and inside the row factory; only those figures are
/// kept from that second set of rounds.
@MainActor
func measureContactsSearch(count: Int, options: ContactsSearchOptions) throws -> ContactsSearchResult {
  let query = options.query
  let contacts = ContactGenerator(seed: 42).make(count: count)
  let names = contacts.map(\.fullName)

  // The real window, as the app opens it.
  let viewModel = ContactsViewModel(contacts: contacts, scheduler: MainThreadScheduler.shared)
  let window = ContactsWindow(viewModel: viewModel)
  let list = window.list
  try show(window.window)
  try check(list.waitForNextFrame(), "L4 \(count): the Contacts list drew no frame")
  try check(list.modelCount == count, "L4 \(count): the Contacts list holds \(list.modelCount) rows, not \(count)")
  let spacer = KeystrokeSpacer()

  // The runs, from the view model's own result (one untimed keystroke), checked against the test.
  spacer.keystroke { window.search.text = query }
  try check(
    GTK.iterateMainLoop(until: { viewModel.appliedQuery == query && list.modelCount == viewModel.visible.count }),
    "L4 \(count): the query \"\(query)\" did not reach the list")
  let kept = viewModel.visible.contents
  let keptIDs = Set(kept.map(\.id))
  let removed = contacts.indices.filter { !keptIDs.contains(contacts[$0].id) }
  try check(
    kept.map(\.id) == contacts.filter { $0.matches(query) }.map(\.id),
    "L4 \(count): the view model's result is not the contacts that match \"\(query)\"")
  try check(!removed.isEmpty && removed.count < count, "L4 \(count): \"\(query)\" removes \(removed.count) contacts")
  let runs = offsetRuns(removed)
  spacer.keystroke { window.search.text = "" }
  try check(
    GTK.iterateMainLoop(until: { viewModel.appliedQuery == "" && list.modelCount == count }),
    "L4 \(count): the empty query did not bring the contacts back")
  list.waitForNextFrame()

  // The baselines and `ListView`'s part, in a second window of three lists about as tall as the
  // Contacts list: the window's rows made by hand, one-label rows by hand, and `ListView`'s
  // one-label rows.
  let rowTexts = HandContactRowTexts(contacts)
  let hand = HandList(strings: names, rows: rowTexts.rows)
  let plain = HandList(strings: names)
  let applied = ListView<Contact>(makeRow: { Label() }, bindRow: { label, contact in label.text = contact.fullName })
  applied.performBatchUpdates(
    ArrayChangeset(inserts: Array(contacts.indices)), rows: ListRows(items: contacts) { c, _ in c })
  let scrollers = [ScrolledWindow(hand.view), ScrolledWindow(plain.view), ScrolledWindow(applied)]
  for scroller in scrollers {
    gtk_widget_set_hexpand(scroller.widget, 1)
    gtk_widget_set_vexpand(scroller.widget, 1)
  }
  let box = Box(.horizontal, spacing: 6, scrollers)
  gtk_box_set_homogeneous(box.cast(), 1)
  let baselineWindow = Window(title: "GTKBenchmarks L4", width: 1_000, height: 460)
  baselineWindow.child = box
  try show(baselineWindow)
  try check(hand.view.waitForNextFrame(), "L4 \(count): the hand-made list drew no frame")

  // Nothing bound: a view model with no window, and the filter over an array.
  let unbound = ContactsViewModel(contacts: contacts, scheduler: MainThreadScheduler.shared)
  let unboundSpacer = KeystrokeSpacer()
  let needle = CurrentValueSubject<SearchQuery, Never>(SearchQuery(""))
  let filtered = MutableObservableArray(contacts).filter(by: needle, contactMatches)

  let ours = logSplices(of: list.selectionModel.object)
  let theirs = logSplices(of: UnsafeMutableRawPointer(hand.selection))
  let plainLog = logSplices(of: UnsafeMutableRawPointer(plain.selection))
  let byApply = logSplices(of: applied.selectionModel.object)
  // The clocks are on only for a second set of rounds: the headline figures are timed without them.
  var boundClocks: ListClocks?
  var handClocks: ListClocks?
  var plainClocks: ListClocks?
  var applyClocks: ListClocks?
  func installClocks() {
    boundClocks = ListClocks(list: list.listView, selection: list.selectionModel.object)
    handClocks = ListClocks(list: OpaquePointer(hand.view.widget), selection: UnsafeMutableRawPointer(hand.selection))
    plainClocks = ListClocks(
      list: OpaquePointer(plain.view.widget), selection: UnsafeMutableRawPointer(plain.selection))
    applyClocks = ListClocks(list: applied.listView, selection: applied.selectionModel.object)
  }
  func removeClocks() {
    for clocks in [boundClocks, handClocks, plainClocks, applyClocks] { clocks?.remove() }
    (boundClocks, handClocks, plainClocks, applyClocks) = (nil, nil, nil, nil)
  }
  let keptPositions = [0, kept.count / 2, kept.count - 1]
  let allPositions = [0, count / 2, count - 1]
  var keystrokes = 0
  var appliedAtOnce = 0

  /// Checks a list model after a change: the contacts `expected` shows, one emission per run.
  func checkChange(
    _ what: String,
    log: SpliceLog,
    count modelCount: Int,
    name: (Int) -> String?,
    widening: Bool
  ) throws {
    let expected = widening ? names : kept.map(\.fullName)
    try check(modelCount == expected.count, "\(what): the model holds \(modelCount) rows, not \(expected.count)")
    for position in widening ? allPositions : keptPositions {
      try check(
        name(position) == expected[position],
        "\(what): row \(position) is \(name(position) ?? "nil"), not \(expected[position])")
    }
    try check(
      log.emissions == runs.count && log.removed == (widening ? 0 : removed.count)
        && log.added == (widening ? removed.count : 0),
      "\(what): \(log.emissions) items-changed emissions removing \(log.removed) and adding \(log.added) rows; "
        + "the change has \(runs.count) runs of \(removed.count) rows")
  }

  /// Types `text` into the window's search entry, timed until GTK's model holds the view model's
  /// result for it (turning GTK's loop if it is not there when the entry's setter returns); the
  /// window's list clocks time that part alone.
  func typeIntoWindow(_ text: String, expecting expected: Int) throws -> Double {
    var time = 0.0
    var atOnce = false
    spacer.keystroke {
      boundClocks?.reset()
      time = nanoseconds {
        window.search.text = text
        atOnce = viewModel.appliedQuery == text && list.modelCount == expected
        if !atOnce {
          GTK.iterateMainLoop(until: { viewModel.appliedQuery == text && list.modelCount == expected })
        }
      }
    }
    keystrokes += 1
    if atOnce { appliedAtOnce += 1 }
    let visible = viewModel.visible.contents
    try check(
      viewModel.appliedQuery == text && visible.count == expected,
      "L4 \(count) bound: the view model shows \(visible.count) contacts for \"\(viewModel.appliedQuery)\", "
        + "not \(expected) for \"\(text)\"")
    for position in [0, expected / 2, expected - 1] {
      try check(
        list.item(at: position)?.id == visible[position].id,
        "L4 \(count) bound: row \(position) of GTK's model is not the view model's")
    }
    return time
  }

  let narrowing = ArrayChangeset(deletes: removed)
  let widening = ArrayChangeset(inserts: removed)
  let descending = Array(runs.reversed())

  /// The same splices by hand on `handList`, the runs computed beforehand.
  func handVariant(
    _ name: String, _ handList: HandList, log: SpliceLog, clocks: @escaping () -> ListClocks?
  ) -> ListVariant {
    (
      name,
      {
        let store = handList.store
        log.reset()
        clocks()?.reset()
        let narrow = nanoseconds {
          for run in descending { g_list_store_splice(store, guint(run.lowerBound), guint(run.count), nil, 0) }
        }
        let narrowClocks = clocks()?.figures("Narrow") ?? [:]
        try checkChange(
          "L4 \(count) \(name)", log: log, count: handList.count, name: handList.string(at:), widening: false)
        handList.view.waitForNextFrame()
        log.reset()
        let objects = UnsafeMutableBufferPointer<gpointer?>.allocate(capacity: removed.count)
        defer { objects.deallocate() }
        clocks()?.reset()
        let widen = nanoseconds {
          handList.insert(runs, of: names, through: objects)
        }
        let widenClocks = clocks()?.figures("Widen") ?? [:]
        try checkChange(
          "L4 \(count) \(name)", log: log, count: handList.count, name: handList.string(at:), widening: true)
        handList.view.waitForNextFrame()
        return ["narrow": narrow / 1e6, "widen": widen / 1e6].merging(narrowClocks) { a, _ in a }
          .merging(widenClocks) { a, _ in a }
      }
    )
  }

  let variants: [ListVariant] = [
    (
      "bound",
      {
        ours.reset()
        let narrow = try typeIntoWindow(query, expecting: kept.count)
        let narrowClocks = boundClocks?.figures("Narrow") ?? [:]
        try checkChange(
          "L4 \(count) bound", log: ours, count: list.modelCount, name: { list.item(at: $0)?.fullName },
          widening: false)
        list.waitForNextFrame()
        ours.reset()
        let widen = try typeIntoWindow("", expecting: count)
        let widenClocks = boundClocks?.figures("Widen") ?? [:]
        try checkChange(
          "L4 \(count) bound", log: ours, count: list.modelCount, name: { list.item(at: $0)?.fullName },
          widening: true)
        list.waitForNextFrame()
        return ["narrow": narrow / 1e6, "widen": widen / 1e6].merging(narrowClocks) { a, _ in a }
          .merging(widenClocks) { a, _ in a }
      }
    ),
    handVariant("direct", hand, log: theirs) { handClocks },
    handVariant("plain", plain, log: plainLog) { plainClocks },
    (
      "apply",
      {
        byApply.reset()
        applyClocks?.reset()
        let narrow = nanoseconds {
          applied.performBatchUpdates(narrowing, rows: ListRows(items: kept) { contact, _ in contact })
        }
        let narrowClocks = applyClocks?.figures("Narrow") ?? [:]
        try checkChange(
          "L4 \(count) apply", log: byApply, count: applied.modelCount, name: { applied.item(at: $0)?.fullName },
          widening: false)
        applied.waitForNextFrame()
        byApply.reset()
        applyClocks?.reset()
        let widen = nanoseconds {
          applied.performBatchUpdates(widening, rows: ListRows(items: contacts) { contact, _ in contact })
        }
        let widenClocks = applyClocks?.figures("Widen") ?? [:]
        try checkChange(
          "L4 \(count) apply", log: byApply, count: applied.modelCount, name: { applied.item(at: $0)?.fullName },
          widening: true)
        applied.waitForNextFrame()
        return ["narrow": narrow / 1e6, "widen": widen / 1e6].merging(narrowClocks) { a, _ in a }
          .merging(widenClocks) { a, _ in a }
      }
    ),
    (
      "core",
      {
        var narrow = 0.0
        unboundSpacer.keystroke {
          narrow = nanoseconds {
            unbound.query = query
            if unbound.visible.count != kept.count {
              GTK.iterateMainLoop(until: { unbound.visible.count == kept.count })
            }
          }
        }
        try check(
          unbound.appliedQuery == query && unbound.visible.contents.map(\.id) == kept.map(\.id),
          "L4 \(count) core: the view model with no window shows \(unbound.visible.count) contacts")
        var widen = 0.0
        unboundSpacer.keystroke {
          widen = nanoseconds {
            unbound.query = ""
            if unbound.visible.count != count {
              GTK.iterateMainLoop(until: { unbound.visible.count == count })
            }
          }
        }
        try check(
          unbound.appliedQuery == "" && unbound.visible.count == count,
          "L4 \(count) core: the view model with no window shows \(unbound.visible.count) contacts, not all")
        return ["narrow": narrow / 1e6, "widen": widen / 1e6]
      }
    ),
    (
      "filter",
      {
        let narrow = nanoseconds { needle.send(SearchQuery(query)) }
        try check(filtered.count == kept.count, "L4 \(count) filter: \(filtered.count) contacts, not \(kept.count)")
        let widen = nanoseconds { needle.send(SearchQuery("")) }
        try check(filtered.count == count, "L4 \(count) filter: \(filtered.count) contacts, not \(count)")
        return ["narrow": narrow / 1e6, "widen": widen / 1e6]
      }
    ),
    (
      "predicate",
      {
        var matching = 0
        let prepared = SearchQuery(query)
        let narrow = nanoseconds {
          for contact in contacts where contactMatches(contact, prepared) { matching += 1 }
        }
        try check(matching == kept.count, "L4 \(count) predicate: \(matching) contacts match, not \(kept.count)")
        return ["narrow": narrow / 1e6]
      }
    ),
  ]
  var rounds = try alternateFigures(rounds: options.rounds, variants)
  // The breakdown: the four lists again, with the clocks on; only the clocks' figures are kept.
  installClocks()
  let clocked = try alternateFigures(rounds: options.rounds, Array(variants.prefix(4)))
  removeClocks()
  for (figure, samples) in clocked.samples where !figure.hasSuffix(".narrow") && !figure.hasSuffix(".widen") {
    rounds.samples[figure] = samples
  }
  try check(appliedAtOnce <= keystrokes, "L4 \(count): counting keystrokes")
  let shortestGap = min(spacer.shortestGap, unboundSpacer.shortestGap)
  try check(
    shortestGap >= throttleNanoseconds,
    "L4 \(count): a keystroke came \(Double(shortestGap) / 1e6) ms after the last one: the throttle may have held it")
  window.window.destroy()
  baselineWindow.destroy()
  settle()
  withExtendedLifetime(rowTexts) {}
  return ContactsSearchResult(
    contacts: count, query: query, removed: removed.count, runs: runs.count, rounds: rounds,
    keystrokes: keystrokes, appliedAtOnce: appliedAtOnce, shortestGapMilliseconds: Double(shortestGap) / 1e6)
}

// MARK: - All of it

/// Runs L4 on every address book size, reporting progress.
@MainActor
func measureContactsSearch(_ options: ContactsSearchOptions) throws -> [ContactsSearchResult] {
  var results: [ContactsSearchResult] = []
  for size in options.sizes {
    report(
      "L4: Contacts' search keystroke \"\(options.query)\" and back, \(formatted(Double(size))) contacts, "
        + "7 variants × \(options.rounds) rounds, then 4 with clocks…")
    results.append(try measureContactsSearch(count: size, options: options))
  }
  return results
}

/// Prints L4's table, targets and rounds, after the lists' report.
@MainActor
func printContactsSearchReport(_ results: [ContactsSearchResult], options: ContactsSearchOptions) {
  report("### Contacts' search")
  report()
  report(
    "Medians over \(options.rounds) rounds. Each keystroke comes more than 150 ms after the last (GTK's loop "
      + "runs meanwhile, untimed), so that the view model's throttle applies it at once.")
  report()
  report("| scenario | measured | bindings | baseline | bindings / baseline |")
  report("|---|---|---:|---:|---:|")
  for result in results {
    let rounds = result.rounds
    let size = formatted(Double(result.contacts))
    let share = formatted(100 * Double(result.removed) / Double(result.contacts), digits: 1)
    let change =
      "\(formatted(Double(result.removed))) of \(size) contacts (\(share) %) in \(formatted(Double(result.runs))) runs"
    let loop =
      result.appliedAtOnce == result.keystrokes
      ? "in every run GTK's model held the result when `gtk_editable_set_text` returned: no loop turn"
      : "\(result.keystrokes - result.appliedAtOnce) of \(result.keystrokes) keystrokes needed turns of GTK's "
        + "loop, included"
    for direction in ["narrow", "widen"] {
      let bound = "bound.\(direction)"
      let direct = "direct.\(direction)"
      let what =
        direction == "narrow"
        ? "Contacts' search keystroke, \(size) contacts: \"\(result.query)\" typed into the real window's search "
          + "entry, removing \(change), until GTK's model holds the view model's result (ms; \(loop))"
        : "Contacts' search, widening keystroke back to \"\", \(size) contacts: restoring the \(change) (ms)"
      report(
        "| L4 | \(what); baseline: the same `g_list_store_splice` calls by hand, rows of the same four labels by "
          + "hand | "
          + "\(formatted(rounds.median(bound), digits: 2)) | \(formatted(rounds.median(direct), digits: 2)) | "
          + "\(ratio(rounds.medianRatio(bound, to: direct))) |")
      let plain = "plain.\(direction)"
      report(
        "| L4 | the same against GTK's floor: the same splices by hand on a list of one-label rows (ms) | "
          + "\(formatted(rounds.median(bound), digits: 2)) | \(formatted(rounds.median(plain), digits: 2)) | "
          + "\(ratio(rounds.medianRatio(bound, to: plain))) |")
      let suffix = direction == "narrow" ? "Narrow" : "Widen"
      func milliseconds(_ name: String) -> String { formatted(rounds.median(name), digits: 2) }
      func rows(_ variant: String) -> String { formatted(rounds.median("\(variant).binds\(suffix)")) }
      report(
        "| L4 | the same, time inside the list store's `items-changed`: all that GTK and the handlers do per "
          + "splice, the selection model's `items-changed` and `notify::n-items` included (ms) | "
          + "\(milliseconds("bound.store\(suffix)")) | \(milliseconds("direct.store\(suffix)")) | "
          + "\(ratio(rounds.medianRatio("bound.store\(suffix)", to: "direct.store\(suffix)"))) |")
      report(
        "| L4 | the same, the part inside the selection model's `items-changed`: GTK's list view, the rows it "
          + "binds meanwhile, every handler on the model (the bindings' selection handlers included) (ms) | "
          + "\(milliseconds("bound.splices\(suffix)")) | \(milliseconds("direct.splices\(suffix)")) | "
          + "\(ratio(rounds.medianRatio("bound.splices\(suffix)", to: "direct.splices\(suffix)"))) |")
      report(
        "| L4 | the same, of that the part inside the row factory's `setup`, `bind`, `unbind` and `teardown`: the rows GTK "
          + "binds during the splices (ms; rows bound: \(rows("bound")) bound, \(rows("direct")) direct; the "
          + "window's rows are `ContactRow`s of four labels, the baseline's the same four labels by hand; one-label "
          + "rows by hand: \(milliseconds("plain.rows\(suffix)"))) | "
          + "\(milliseconds("bound.rows\(suffix)")) | \(milliseconds("direct.rows\(suffix)")) | "
          + "\(ratio(rounds.medianRatio("bound.rows\(suffix)", to: "direct.rows\(suffix)"))) |")
      let apply = "apply.\(direction)"
      report(
        "| L4 | the same, `ListView`'s part alone: a `ListView<Contact>` of one-label rows, `performBatchUpdates` "
          + "with the change set precomputed (ms; inside `items-changed` \(milliseconds("apply.splices\(suffix)")), "
          + "of which in the row factory \(milliseconds("apply.rows\(suffix)")), rows bound: \(rows("apply")); "
          + "baseline: one-label rows by hand) | "
          + "\(milliseconds(apply)) | \(milliseconds(plain)) | "
          + "\(ratio(rounds.medianRatio(apply, to: plain))) |")
      report(
        "| L4 | the same, the view model alone: a second `ContactsViewModel`, no window, `query` set until "
          + "`visible` holds the result (ms) | \(formatted(rounds.median("core.\(direction)"), digits: 2)) | n/a | n/a |"
      )
      report(
        "| L4 | the same, `filter(by:)` with `Contact.matches(_:)`'s test on an array of the contacts, nothing "
          + "bound (ms) | \(formatted(rounds.median("filter.\(direction)"), digits: 2)) | n/a | n/a |")
      if direction == "narrow" {
        report(
          "| L4 | the same, the test alone: `Contact.matches(_:)`'s test for \"\(result.query)\" over the \(size) "
            + "contacts (ms) | "
            + "\(formatted(rounds.median("predicate.narrow"), digits: 2)) | n/a | n/a |")
      }
    }
    let runs = formatted(Double(result.runs))
    report(
      "| L4 | `items-changed` emissions per keystroke, \(size) contacts (checked in every run, both ways; a reload "
        + "would be 1) | \(runs) | \(runs) | 1.00× |")
  }
  report()

  func status(_ met: Bool) -> String { met ? "**met**" : "**missed**" }
  for result in results {
    let rounds = result.rounds
    let keystroke = rounds.medianRatio("bound.narrow", to: "direct.narrow")
    let widening = rounds.medianRatio("bound.widen", to: "direct.widen")
    report(
      "- L4 \(formatted(Double(result.contacts))) contacts: a search keystroke at most 1.3× GTK's own splices "
        + "(rows of the same four labels by hand): \(ratio(keystroke)) — \(status(keystroke <= 1.3)) (widening: "
        + "\(ratio(widening)); against one-label rows by hand: \(ratio(rounds.medianRatio("bound.narrow", to: "plain.narrow"))) "
        + "and \(ratio(rounds.medianRatio("bound.widen", to: "plain.widen")))); `items-changed` "
        + "emitted once per run (\(result.runs)), no reload — **met** (checked); no throttle wait: every "
        + "keystroke at least \(formatted(result.shortestGapMilliseconds, digits: 0)) ms after the last "
        + "(checked), \(result.appliedAtOnce) of \(result.keystrokes) applied before the entry's setter returned")
  }
  report()
  func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: " ") }
  report("Rounds behind the medians:")
  report()
  for result in results {
    for direction in ["narrow", "widen"] {
      report(
        "- L4 \(formatted(Double(result.contacts))) \(direction), bound / direct per round: "
          + list(result.rounds.ratios("bound.\(direction)", to: "direct.\(direction)")) + "; apply / plain: "
          + list(result.rounds.ratios("apply.\(direction)", to: "plain.\(direction)")) + "; bound / plain: "
          + list(result.rounds.ratios("bound.\(direction)", to: "plain.\(direction)")))
    }
  }
}
#endif
