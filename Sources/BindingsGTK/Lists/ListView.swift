#if GTK
import Bindings
import CGTK
import Foundation

/// A list that recycles its row widgets (`GtkListView`), showing an observable array.
///
/// Give it a row factory — how to make a row widget, and how to show an item in it — and bind an
/// observable array to it:
///
/// ```swift
/// let list = ListView<Contact>(
///   makeRow: { Label() },
///   bindRow: { label, contact in label.reactive.text <~ contact.$name }
/// )
/// list.reactive.items <~ viewModel.visibleContacts
/// window.child = ScrolledWindow(list)
/// ```
///
/// GTK makes rows only for what is on screen and a margin around it (about two hundred rows,
/// whatever the length of the list), and reuses them as the list scrolls. `bindRow` runs each
/// time a row shows an item; the bindings it makes go into the bags of the row and of the widgets
/// inside it, which are emptied when the row stops showing the item, so a recycled row never writes
/// a value of the item it showed before.
///
/// Each change of the array reaches GTK as it was reported, one `items-changed` per run of
/// adjacent offsets: updates replace their items, deletes remove, inserts insert. Only a reset
/// (the first event, or a replace without a diff) replaces everything. Changes made on any thread
/// are applied on GTK's thread, in order.
///
/// Selection is a model of its own, GTK's single or multiple selection, kept right by GTK across
/// inserts and deletes: see ``Bindings/Reactive/selectedIndex`` and
/// ``Bindings/Reactive/selectedIndices``.
@MainActor
public final class ListView<Item>: Widget, ListTarget {
  /// The list shows items; its rows are widgets made by its factory.
  public typealias Row = Item

  /// How many rows the user can select.
  public enum SelectionMode: Sendable {
    /// None.
    case none
    /// At most one (`GtkSingleSelection`; nothing selected is allowed).
    case single
    /// Any number (`GtkMultiSelection`).
    case multiple
  }

  /// The `GListStore` of item objects: one `GObject` per item, holding the item.
  private let store: OpaquePointer
  /// The selection model the list view shows (it owns the store).
  public let selectionModel: GObjectWrapper
  /// The factory whose `setup`, `bind` and `unbind` signals make and fill rows.
  private let factory: GObjectWrapper
  /// The selection mode the list was made with.
  public let selectionMode: SelectionMode
  /// The items GTK's model holds now, read from it.
  ///
  /// - Complexity: O(*n*).
  public var items: [Item] {
    (0..<modelCount).compactMap { item(at: $0) }
  }
  /// How many `items-changed` emissions the list has caused: one per run of adjacent offsets in a
  /// change, one for a reset.
  public private(set) var spliceCount = 0

  /// The list item (row) that shows each item object now, to bind it again when its item is updated.
  private var boundListItems: [UnsafeMutableRawPointer: UnsafeMutableRawPointer] = [:]

  /// Whether the row showing an item can be selected (a section's header cannot); all can when nil.
  var isSelectable: ((Item) -> Bool)?

  private let makeRow: @MainActor () throws -> Widget?
  private let bindRow: @MainActor (Widget, Item) throws -> Void

  /// A list whose rows are made by `makeRow` and filled by `bindRow`.
  ///
  /// - Parameters:
  ///   - selection: How many rows the user can select.
  ///   - makeRow: Makes an empty row widget; called for the rows on screen only. A factory that
  ///     throws or returns `nil` gets a diagnostic and an empty row; the list keeps working.
  ///   - bindRow: Shows an item in a row made by `makeRow`: set its widgets, or bind them (into
  ///     the bags of the row and its widgets, emptied when the row is unbound; so bind here, not in
  ///     `makeRow`). A throw leaves the row empty, with a diagnostic.
  public init<RowWidget: Widget>(
    selection: SelectionMode = .single,
    makeRow: @escaping @MainActor () throws -> RowWidget?,
    bindRow: @escaping @MainActor (RowWidget, Item) throws -> Void
  ) {
    let store = g_list_store_new(cgtk_type_object())!
    self.store = store
    self.selectionMode = selection
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
    selectionModel = GObjectWrapper(model, ownership: .transferred)
    factory = GObjectWrapper(UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()!), ownership: .transferred)
    self.makeRow = { try makeRow() }
    self.bindRow = { row, item in
      guard let row = row as? RowWidget else { return }
      try bindRow(row, item)
    }
    super.init(
      gtk_list_view_new(OpaquePointer(g_object_ref(model)), OpaquePointer(g_object_ref(factory.object))),
      ownership: .transferred
    )
    connectFactory()
  }

  /// The list as GTK's `GtkListView *`.
  public var listView: OpaquePointer { opaque }

  /// The selection model as GTK's `GtkSelectionModel *`.
  public var selection: OpaquePointer { OpaquePointer(selectionModel.object) }

  /// The number of items GTK's model holds.
  public var modelCount: Int { Int(g_list_model_get_n_items(store)) }

  /// The item GTK's model holds at `position`, or `nil` out of range.
  ///
  /// - Complexity: O(1).
  public func item(at position: Int) -> Item? {
    guard position >= 0, position < modelCount, let object = g_list_model_get_item(store, guint(position)) else {
      return nil
    }
    defer { g_object_unref(object) }
    return ItemBox<Item>.item(of: object)
  }

  // MARK: ListTarget

  /// Shows `rows` in place of everything: one splice. Applied on GTK's thread, in order with
  /// every other change.
  public nonisolated func reload(with rows: ListRows<Item>) {
    performBatchUpdates(.reset, rows: rows)
  }

  /// Applies `change`, one splice per run of adjacent offsets. Applied on GTK's thread, in order
  /// with every other change.
  ///
  /// - Complexity: O(*c*) for a change of *c* offsets, plus GTK's own work: only the inserted and
  ///   updated rows are read from `rows`.
  public nonisolated func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<Item>) {
    // `rows` is a view of the array's contents as they were after this change: read on GTK's
    // thread, later, it still shows them.
    nonisolated(unsafe) let rows = rows
    MainThreadScheduler.shared.schedule {
      MainActor.assumeIsolated { self.apply(change, rows: rows) }
    }
  }

  /// Makes GTK's model hold `rows`, telling it exactly what `change` says changed.
  private func apply(_ change: ArrayChangeset, rows: ListRows<Item>) {
    GTK.assertGTKThread("Changing a list's items")
    guard !isDisposed else { return }
    let expectedOldCount = rows.count - change.inserts.count + change.deletes.count
    if change.isReset || expectedOldCount != modelCount {
      splice(at: 0, removing: modelCount, inserting: rows)
      return
    }
    let removed = change.moves.isEmpty ? change.deletes : (change.deletes + change.moves.map(\.from)).sorted()
    let inserted = change.moves.isEmpty ? change.inserts : (change.inserts + change.moves.map(\.to)).sorted()
    // Updates first, at their old offsets, before anything moves. An updated item keeps its
    // object: the object takes the new item and is spliced in place of itself, so GTK's selection
    // models, which follow objects, keep it selected; a row showing it is bound again.
    let updatedTo = newOffsets(ofUpdates: change.updates, removed: removed, inserted: inserted)
    var updateIndex = 0
    for run in runs(of: change.updates) {
      let objects = run.map { offset in
        let object = g_list_model_get_item(store, guint(offset))!
        ItemBox<Item>.setItem(rows[updatedTo[updateIndex]], of: object)
        updateIndex += 1
        return object
      }
      splice(objects: objects, at: run.lowerBound, removing: run.count)
      for object in objects {
        if let listItem = boundListItems[object] { bindRow(listItem) }
        g_object_unref(object)
      }
    }
    // Then deletes (a move is a delete and an insert), last first so offsets stay valid…
    for run in runs(of: removed).reversed() {
      splice(at: run.lowerBound, removing: run.count, inserting: EmptyCollection())
    }
    // …then inserts, first first, at their new offsets.
    for run in runs(of: inserted) {
      splice(at: run.lowerBound, removing: 0, inserting: run.lazy.map { rows[$0] })
    }
    assert(modelCount == rows.count, "the change set does not match the array: \(change)")
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

  private func splice<C: Collection>(at position: Int, removing count: Int, inserting newItems: C)
  where C.Element == Item {
    let objects = newItems.map { ItemBox.makeObject(holding: $0) }
    splice(objects: objects, at: position, removing: count)
    for object in objects { g_object_unref(object) }
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

  // MARK: Rows

  private func connectFactory() {
    _ = SignalConnection.connect("setup", shape: .pointerArgument, of: factory) { [weak self] arguments in
      self?.setUpRow(arguments.pointer!)
      return false
    }
    _ = SignalConnection.connect("bind", shape: .pointerArgument, of: factory) { [weak self] arguments in
      self?.bindRow(arguments.pointer!)
      return false
    }
    _ = SignalConnection.connect("unbind", shape: .pointerArgument, of: factory) { [weak self] arguments in
      let listItem = arguments.pointer!
      ListView.row(of: listItem)?.removeBindingsOfSubtree()
      if let object = gtk_list_item_get_item(OpaquePointer(listItem)), self?.boundListItems[object] == listItem {
        self?.boundListItems[object] = nil
      }
      return false
    }
  }

  private func setUpRow(_ listItem: UnsafeMutableRawPointer) {
    var row: Widget?
    do {
      row = try makeRow()
      if row == nil { reportListProblem("the row factory returned no row; an empty row is shown") }
    } catch {
      reportListProblem("the row factory threw \(error); an empty row is shown")
    }
    let child = row ?? Label()
    // The list item references the widget, which keeps its wrapper alive from here on.
    withExtendedLifetime(child) { gtk_list_item_set_child(OpaquePointer(listItem), child.widget) }
  }

  private func bindRow(_ listItem: UnsafeMutableRawPointer) {
    guard let row = ListView.row(of: listItem),
      let object = gtk_list_item_get_item(OpaquePointer(listItem)),
      let item = ItemBox<Item>.item(of: object)
    else { return }
    boundListItems[object] = listItem
    row.removeBindingsOfSubtree()
    if let isSelectable { gtk_list_item_set_selectable(OpaquePointer(listItem), isSelectable(item) ? 1 : 0) }
    do {
      try bindRow(row, item)
    } catch {
      row.removeBindingsOfSubtree()
      reportListProblem("binding a row threw \(error); the row is left empty")
    }
  }

  private static func row(of listItem: UnsafeMutableRawPointer) -> Widget? {
    gtk_list_item_get_child(OpaquePointer(listItem)).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget }
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

/// Writes a diagnostic about a list to standard error; the list carries on.
func reportListProblem(_ message: String) {
  FileHandle.standardError.write(Data("BindingsGTK: list: \(message)\n".utf8))
}

/// A Swift item held by the plain `GObject` that stands for it in a `GListStore`.
final class ItemBox<Item> {
  private(set) var item: Item

  private init(_ item: Item) {
    self.item = item
  }

  /// A new `GObject` (one reference, the caller's) holding `item`.
  static func makeObject(holding item: Item) -> UnsafeMutableRawPointer {
    let object = cgtk_object_new(cgtk_type_object())
    let box = Unmanaged.passRetained(ItemBox(item)).toOpaque()
    g_object_set_qdata_full(object.assumingMemoryBound(to: GObject.self), itemQuark, box) { box in
      Unmanaged<AnyObject>.fromOpaque(box!).release()
    }
    return object
  }

  /// Makes `object` hold `item` instead.
  static func setItem(_ item: Item, of object: UnsafeMutableRawPointer) {
    guard let box = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), itemQuark) else { return }
    (Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue() as? ItemBox<Item>)?.item = item
  }

  /// The item `object` holds, if it holds an `Item`.
  static func item(of object: UnsafeMutableRawPointer) -> Item? {
    guard let box = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), itemQuark) else { return nil }
    return (Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue() as? ItemBox<Item>)?.item
  }
}

/// The qdata key of an item object's Swift item.
private let itemQuark: GQuark = g_quark_from_static_string("bindings-gtk-item")
#endif
