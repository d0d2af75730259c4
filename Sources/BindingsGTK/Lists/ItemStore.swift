#if GTK
import Bindings
import CGTK
import Foundation

/// How many rows of a list or table the user can select.
///
/// ```swift
/// let files = ListView<File>(selection: .multiple, makeRow: { Label() }, bindRow: { $0.text = $1.name })
/// ```
public enum ListSelectionMode: Sendable {
  /// None.
  case none
  /// At most one (`GtkSingleSelection`; nothing selected is allowed).
  case single
  /// Any number (`GtkMultiSelection`).
  case multiple
}

/// The selection model of a list or table, which says when a change of its items is being applied:
/// the list's selection sources read the selection once the whole change is in, not on each of
/// its splices (a search that removes 30,000 rows in 20,000 runs reads it once, not 40,000 times).
@MainActor
final class SelectionModelWrapper: GObjectWrapper {
  /// How deep the changes being applied are nested (a handler of a splice may apply another).
  private(set) var changesBeingApplied = 0
  /// Sends after each outermost change is applied; finishes when the wrapper goes, as the model's
  /// signals do.
  let changeApplied = PassthroughSubject<Void, Never>()

  isolated deinit {
    changeApplied.send(completion: .finished)
  }

  /// Whether a change of the items is being applied: the selection is read once it is done.
  var isApplyingChange: Bool { changesBeingApplied > 0 }

  /// Runs `body`, which splices the store, then sends ``changeApplied`` if it was the outermost.
  func applyingChange(_ body: () -> Void) {
    changesBeingApplied += 1
    body()
    changesBeingApplied -= 1
    if changesBeingApplied == 0 { changeApplied.send(()) }
  }
}

/// The model behind a recycling list or table (``ListView``, ``ColumnView``): a `GListStore` of
/// item objects, one per item, under GTK's selection model, kept equal to an observable array by
/// exact splices.
@MainActor
final class ItemStore<Item> {
  /// The `GListStore` of item objects: one `GObject` per item, holding the item.
  let store: OpaquePointer
  /// The selection model the view shows (it owns the store).
  let selectionModel: SelectionModelWrapper
  /// How many `items-changed` emissions the store has caused.
  private(set) var spliceCount = 0
  /// Called with each item object an update gave a new item, after GTK has seen the change, so that
  /// the rows or cells showing it are bound again.
  var itemReplaced: (UnsafeMutableRawPointer) -> Void = { _ in }

  init(selection: ListSelectionMode) {
    let store = g_list_store_new(cgtk_type_object())!
    self.store = store
    let model: UnsafeMutableRawPointer
    switch selection {
    case .none: model = UnsafeMutableRawPointer(gtk_no_selection_new(store)!)
    case .single:
      let single = gtk_single_selection_new(store)!
      gtk_single_selection_set_autoselect(single, 0)
      gtk_single_selection_set_can_unselect(single, 1)
      model = UnsafeMutableRawPointer(single)
    case .multiple: model = UnsafeMutableRawPointer(gtk_multi_selection_new(store)!)
    }
    // The selection model took the store's reference; the wrapper takes one of its own.
    selectionModel = SelectionModelWrapper(model, ownership: .transferred)
  }

  /// The number of items the store holds.
  var count: Int { Int(g_list_model_get_n_items(store)) }

  /// The item at `position`, or `nil` out of range.
  func item(at position: Int) -> Item? {
    guard position >= 0, position < count, let object = g_list_model_get_item(store, guint(position)) else {
      return nil
    }
    defer { g_object_unref(object) }
    return ItemBox<Item>.item(of: object)
  }

  /// Replaces every item with `items`: one splice.
  func replaceAll<C: Collection>(with items: C) where C.Element == Item {
    let rows = ListRows(items: Array(items)) { item, _ in item }
    selectionModel.applyingChange { splice(at: 0, removing: count, rows: rows, offsets: rows.indices) }
  }

  /// Makes the store hold `rows`, telling GTK exactly what `change` says changed: one splice per
  /// run of adjacent offsets, a reset (or a change that does not fit the store) as one splice.
  func apply(_ change: ArrayChangeset, rows: ListRows<Item>) {
    selectionModel.applyingChange { applyWhileSelectionWaits(change, rows: rows) }
  }

  private func applyWhileSelectionWaits(_ change: ArrayChangeset, rows: ListRows<Item>) {
    let expectedOldCount = rows.count - change.inserts.count + change.deletes.count
    if change.isReset || expectedOldCount != count {
      splice(at: 0, removing: count, rows: rows, offsets: rows.indices)
      return
    }
    if !change.moves.isEmpty {
      applyWithMoves(change, rows: rows)
      return
    }
    let removed = Array(change.deletes)
    let inserted = Array(change.inserts)
    // Updates first, at their old offsets, before anything is removed. An updated item keeps its
    // object: the object takes the new item and is spliced in place of itself, so GTK's selection
    // models, which follow objects, keep it selected; a row showing it is bound again.
    let updated = Array(change.updates)
    let updatedTo = newOffsets(ofUpdates: updated, removed: removed, inserted: inserted)
    var updateIndex = 0
    for run in runs(of: updated) {
      // Loops, not closures, on paths that run per row: a closure written in main-actor code and
      // handed to the standard library checks at each call that it runs on the main actor.
      var objects: [UnsafeMutableRawPointer] = []
      objects.reserveCapacity(run.count)
      for offset in run {
        let object = g_list_model_get_item(store, guint(offset))!
        ItemBox<Item>.setItem(rows[updatedTo[updateIndex]], of: object)
        updateIndex += 1
        objects.append(object)
      }
      splice(objects: objects, at: run.lowerBound, removing: run.count)
      for object in objects {
        itemReplaced(object)
        g_object_unref(object)
      }
    }
    // Then deletes, last first so offsets stay valid…
    for run in runs(of: removed).reversed() {
      remove(at: run.lowerBound, count: run.count)
    }
    // …then inserts, first first, at their new offsets.
    for run in runs(of: inserted) {
      splice(at: run.lowerBound, removing: 0, rows: rows, offsets: run)
    }
    assert(count == rows.count, "the change set does not match the array: \(change)")
  }

  /// A change with moves, as one splice over the offsets it touches, in which every item that stays
  /// keeps its object: GTK's selection models look for a removed selected object among those the
  /// same splice adds, so a selected row that moves stays selected (two splices, out and in, would
  /// lose it), and a row that only moves is not made again. The rows showing moved or updated items
  /// are bound again.
  private func applyWithMoves(_ change: ArrayChangeset, rows: ListRows<Item>) {
    let oldCount = count
    let newCount = rows.count
    let movedFrom = change.moves.map(\.from)
    let movedTo = change.moves.map(\.to)
    // A hand-made change whose offsets are out of range or repeated does not describe the rows:
    // applied as a reset.
    guard
      Self.areDistinct(change.deletes + movedFrom + change.updates, below: oldCount),
      Self.areDistinct(change.inserts + movedTo, below: newCount)
    else {
      splice(at: 0, removing: oldCount, rows: rows, offsets: rows.indices)
      return
    }
    // Before `first` and in the last `tail` offsets, nothing changed: the same items in the same order.
    let first = min(
      change.deletes.first ?? oldCount, change.updates.first ?? oldCount, movedFrom.min() ?? oldCount,
      change.inserts.first ?? newCount, movedTo.min() ?? newCount)
    let lastOld = max(change.deletes.last ?? -1, change.updates.last ?? -1, movedFrom.max() ?? -1)
    let lastNew = max(change.inserts.last ?? -1, movedTo.max() ?? -1)
    let tail = min(oldCount - 1 - lastOld, newCount - 1 - lastNew)
    let oldSpan = oldCount - tail - first
    let newSpan = newCount - tail - first

    // Which old item each new offset of the span shows: an insert, a move's source, or the next
    // old item that neither left nor moved.
    var leaves = [Bool](repeating: false, count: oldSpan)
    for offset in change.deletes { leaves[offset - first] = true }
    for offset in movedFrom { leaves[offset - first] = true }
    var updated = [Bool](repeating: false, count: oldSpan)
    for offset in change.updates { updated[offset - first] = true }
    let inserted = -2
    let following = -1
    var source = [Int](repeating: following, count: newSpan)
    for offset in change.inserts { source[offset - first] = inserted }
    for move in change.moves { source[move.to - first] = move.from - first }

    var oldObjects: [UnsafeMutableRawPointer] = []
    oldObjects.reserveCapacity(oldSpan)
    for offset in first..<first + oldSpan { oldObjects.append(g_list_model_get_item(store, guint(offset))!) }
    var newObjects: [UnsafeMutableRawPointer] = []
    newObjects.reserveCapacity(newSpan)
    var rebound: [UnsafeMutableRawPointer] = []
    var next = 0
    for offset in 0..<newSpan {
      var old = source[offset]
      if old == inserted {
        newObjects.append(ItemBox.makeObject(holding: rows[first + offset]))
        continue
      }
      if old == following {
        while leaves[next] { next += 1 }
        old = next
        next += 1
        if !updated[old] {
          newObjects.append(g_object_ref(oldObjects[old]))
          continue
        }
      }
      // Moved or updated: the same object, which takes the item the array has there now.
      let object = oldObjects[old]
      ItemBox<Item>.setItem(rows[first + offset], of: object)
      newObjects.append(g_object_ref(object))
      rebound.append(object)
    }
    splice(objects: newObjects, at: first, removing: oldSpan)
    for object in rebound { itemReplaced(object) }
    for object in newObjects { g_object_unref(object) }
    for object in oldObjects { g_object_unref(object) }
    assert(count == rows.count, "the change set does not match the array: \(change)")
  }

  /// Whether `offsets` are distinct and each in `0..<count`.
  private static func areDistinct(_ offsets: [Int], below count: Int) -> Bool {
    var seen = [Bool](repeating: false, count: count)
    for offset in offsets {
      guard offset >= 0, offset < count, !seen[offset] else { return false }
      seen[offset] = true
    }
    return true
  }

  /// Where each updated item is after the change (updates name offsets before it), in one pass over
  /// the sorted offsets.
  private func newOffsets(ofUpdates updates: [Int], removed: [Int], inserted: [Int]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(updates.count)
    var removedBefore = 0
    var insertedUpTo = 0
    for old in updates {
      while removedBefore < removed.count && removed[removedBefore] < old { removedBefore += 1 }
      var offset = old - removedBefore
      while insertedUpTo < inserted.count && inserted[insertedUpTo] <= offset + insertedUpTo { insertedUpTo += 1 }
      offset += insertedUpTo
      result.append(offset)
    }
    return result
  }

  /// One `g_list_store_splice` that only removes: one `items-changed`.
  private func remove(at position: Int, count: Int) {
    g_list_store_splice(store, guint(position), guint(count), nil, 0)
    spliceCount += 1
  }

  /// One `g_list_store_splice` of new item objects for the rows at `offsets`: one `items-changed`.
  /// The objects are made in a temporary buffer (on the stack for a short run), and a removal passes
  /// none. The rows are read by offset from the concrete `ListRows`: through a generic collection (a slice
  /// of the rows), each read and each index step went through the collection's witness table, about
  /// 4,400 instructions per row inserted.
  private func splice(at position: Int, removing count: Int, rows: ListRows<Item>, offsets: Range<Int>) {
    let insertedCount = offsets.count
    guard insertedCount > 0 else {
      remove(at: position, count: count)
      return
    }
    withUnsafeTemporaryAllocation(of: gpointer?.self, capacity: insertedCount) { objects in
      let first = offsets.lowerBound
      for slot in 0..<insertedCount {
        objects[slot] = ItemBox.makeObject(holding: rows[first + slot])
      }
      g_list_store_splice(store, guint(position), guint(count), objects.baseAddress, guint(insertedCount))
      for slot in 0..<insertedCount { g_object_unref(objects[slot]) }
    }
    spliceCount += 1
  }

  /// One `g_list_store_splice`: one `items-changed`.
  private func splice(objects: [UnsafeMutableRawPointer], at position: Int, removing count: Int) {
    var pointers: [gpointer?] = objects
    pointers.withUnsafeMutableBufferPointer { buffer in
      g_list_store_splice(
        store, guint(position), guint(count), buffer.isEmpty ? nil : buffer.baseAddress, guint(buffer.count))
    }
    spliceCount += 1
  }
}

/// A `GtkSignalListItemFactory` that makes widgets for list items (a list's rows, a table
/// column's cells) and binds them to the items they show.
///
/// A widget is made once (`setup`) and shows one item after another (`bind`, `unbind`); the
/// bindings `bind` makes go into the bags of the widget and of the widgets inside it, and are ended
/// when it stops showing the item, so a recycled widget never writes a value of the item it showed
/// before.
///
/// What it costs per row: `bind` only, while no row has held a binding. The `unbind` handler is
/// connected the first time a row is found holding one (at a bind: bindings made in `makeRow` or
/// `bindRow`); a row that only shows values (`label.text = item.name`) pays for no `unbind`
/// emission. The widget showing an updated item is found among the list items set up (and not torn
/// down), not in a map kept at every bind and unbind.
@MainActor
final class RowFactory<Item> {
  /// The factory whose `setup`, `bind` and `unbind` signals make and fill widgets.
  let factory: GObjectWrapper
  /// Whether the row showing an item can be selected (a section's header cannot); all can when nil.
  var isSelectable: ((Item) -> Bool)?
  /// The list items set up and not torn down: each holds one of the factory's widgets for good.
  private var listItems: Set<UnsafeMutableRawPointer> = []
  /// Which list item showed each item object when last looked; rebuilt when a bind came since.
  private var shownBy: [UnsafeMutableRawPointer: UnsafeMutableRawPointer] = [:]
  /// Whether a bind came since `shownBy` was built.
  private var shownByIsStale = true
  /// Whether the `unbind` handler is connected: once a row has held a binding.
  private var endsBindingsAtUnbind = false
  private let makeRow: @MainActor () throws -> Widget?
  private let bindRow: @MainActor (Widget, Item) throws -> Void
  /// What the widgets are, in diagnostics: "row", "cell".
  private let role: String
  /// The class of the boxes of this factory's items, `ItemBox<Item>`: looked up once.
  private let boxClass = ObjectIdentifier(ItemBox<Item>.self)

  init<RowWidget: Widget>(
    role: String,
    makeRow: @escaping @MainActor () throws -> RowWidget?,
    bindRow: @escaping @MainActor (RowWidget, Item) throws -> Void
  ) {
    self.role = role
    factory = GObjectWrapper(UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()!), ownership: .transferred)
    self.makeRow = { try makeRow() }
    // A row is nearly always of the very class `makeRow` returns: compared by class, then read as
    // one without the run-time cast; a subclass's row is cast, and another widget (the empty row
    // put where `makeRow` failed) is skipped.
    let rowClass = ObjectIdentifier(RowWidget.self)
    self.bindRow = { row, item in
      if ObjectIdentifier(type(of: row)) == rowClass {
        try bindRow(unsafeDowncast(row, to: RowWidget.self), item)
      } else if let row = row as? RowWidget {
        try bindRow(row, item)
      }
    }
    connect()
  }

  /// The factory as GTK's `GtkListItemFactory *`, with a reference for the caller to hand over.
  func retainedFactory() -> OpaquePointer {
    OpaquePointer(g_object_ref(factory.object))
  }

  /// Binds again the widget showing `object`, if one does: its item has been replaced.
  func rebind(_ object: UnsafeMutableRawPointer) {
    if shownByIsStale {
      shownBy.removeAll(keepingCapacity: true)
      for listItem in listItems {
        if let shown = gtk_list_item_get_item(OpaquePointer(listItem)) { shownBy[shown] = listItem }
      }
      shownByIsStale = false
    }
    // A list item unbound since still names the object in the map: it must still show it.
    if let listItem = shownBy[object], gtk_list_item_get_item(OpaquePointer(listItem)) == object {
      bind(listItem)
    }
  }

  /// The position of the item that `widget` (one of this factory's widgets) shows, or `nil` when it
  /// shows none.
  ///
  /// - Complexity: O(*n*) for the *n* widgets made.
  func position(ofWidget widget: UnsafeMutablePointer<GtkWidget>) -> Int? {
    listItems.first { gtk_list_item_get_child(OpaquePointer($0)) == widget }.flatMap(RowFactory.position(of:))
  }

  /// The widget showing the item at `position`, or `nil` when none does (the row is not shown).
  ///
  /// - Complexity: O(*n*) for the *n* widgets made.
  func widget(showing position: Int) -> Widget? {
    listItems.first { RowFactory.position(of: $0) == position }.flatMap(RowFactory.widget(of:))
  }

  /// The position of the item `listItem` shows, or `nil` when it shows none.
  private static func position(of listItem: UnsafeMutableRawPointer) -> Int? {
    guard gtk_list_item_get_item(OpaquePointer(listItem)) != nil else { return nil }
    let position = gtk_list_item_get_position(OpaquePointer(listItem))
    return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
  }

  private func connect() {
    _ = SignalConnection.connect("setup", shape: .pointerArgument, of: factory) { [weak self] arguments in
      self?.setUp(arguments.pointer!)
      return false
    }
    _ = SignalConnection.connect("bind", shape: .pointerArgument, of: factory) { [weak self] arguments in
      self?.bind(arguments.pointer!)
      return false
    }
    _ = SignalConnection.connect("teardown", shape: .pointerArgument, of: factory) { [weak self] arguments in
      self?.tearDown(arguments.pointer!)
      return false
    }
  }

  /// Connects the `unbind` handler, which ends a row's bindings when it stops showing its item.
  private func endBindingsAtUnbind() {
    endsBindingsAtUnbind = true
    _ = SignalConnection.connect("unbind", shape: .pointerArgument, of: factory) { arguments in
      if let row = RowFactory.widget(of: arguments.pointer!), row.rowMayHoldBindings {
        row.removeBindingsOfSubtree()
      }
      return false
    }
  }

  private func setUp(_ listItem: UnsafeMutableRawPointer) {
    var row: Widget?
    do {
      row = try makeRow()
      if row == nil { reportListProblem("the \(role) factory returned no \(role); an empty \(role) is shown") }
    } catch {
      reportListProblem("the \(role) factory threw \(error); an empty \(role) is shown")
    }
    let child = row ?? Label()
    // The list item references the widget, which keeps its wrapper alive from here on; the list
    // item names the wrapper, unretained, for `bind` to find it without a look-up on the widget.
    withExtendedLifetime(child) { gtk_list_item_set_child(OpaquePointer(listItem), child.widget) }
    g_object_set_qdata(
      listItem.assumingMemoryBound(to: GObject.self), rowQuark, Unmanaged.passUnretained(child).toOpaque())
    listItems.insert(listItem)
  }

  private func tearDown(_ listItem: UnsafeMutableRawPointer) {
    listItems.remove(listItem)
    shownByIsStale = true
    // The row goes with its list item: what it is bound to ends now, not when its wrapper goes.
    if gtk_list_item_get_child(OpaquePointer(listItem)) != nil, let row = RowFactory.widget(of: listItem),
      row.rowMayHoldBindings
    {
      row.removeBindingsOfSubtree()
    }
    g_object_set_qdata(listItem.assumingMemoryBound(to: GObject.self), rowQuark, nil)
  }

  private func bind(_ listItem: UnsafeMutableRawPointer) {
    // The box, not an `Item?`: in this generic code an optional item would look up the metadata of
    // `Optional<Item>` on every bind.
    guard let row = RowFactory.widget(of: listItem),
      let object = gtk_list_item_get_item(OpaquePointer(listItem)),
      let box = ItemBox<Item>.box(of: object, boxClass: boxClass)
    else { return }
    shownByIsStale = true
    // A row none of whose widgets was ever bound to anything has nothing to end.
    if row.rowMayHoldBindings { row.removeBindingsOfSubtree() }
    if let isSelectable { gtk_list_item_set_selectable(OpaquePointer(listItem), isSelectable(box.item) ? 1 : 0) }
    do {
      // The box is held here: the item stays valid even if the row's code gives the object another.
      try bindRow(row, box.item)
    } catch {
      row.removeBindingsOfSubtree()
      reportListProblem("binding a \(role) threw \(error); the \(role) is left empty")
    }
    if !endsBindingsAtUnbind && row.rowMayHoldBindings { endBindingsAtUnbind() }
  }

  /// The widget `setUp` made for `listItem`.
  private static func widget(of listItem: UnsafeMutableRawPointer) -> Widget? {
    guard let row = g_object_get_qdata(listItem.assumingMemoryBound(to: GObject.self), rowQuark) else { return nil }
    return Unmanaged<Widget>.fromOpaque(row).takeUnretainedValue()
  }
}

/// The runs of adjacent offsets in sorted `offsets`: `[1, 2, 3, 7]` → `[1..<4, 7..<8]`.
func runs(of offsets: [Int]) -> [Range<Int>] {
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

/// Reports a diagnostic about a list (standard error, and the observer of tests and the monkey); the
/// list carries on.
func reportListProblem(_ message: String) {
  Diagnostics.report("BindingsGTK: list: \(message)")
}

/// The qdata key of the wrapper of the widget a list item shows (unretained: the list item holds the
/// widget, which keeps its wrapper alive).
private let rowQuark: GQuark = g_quark_from_string("bindings-gtk-row")
#endif
