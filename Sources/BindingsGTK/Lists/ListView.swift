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
/// inserts and deletes: see `reactive.selectedIndex` and
/// ``Bindings/Reactive/selectedIndices``.
@MainActor
public final class ListView<Item>: Widget, ListTarget {
  /// The list shows items; its rows are widgets made by its factory.
  public typealias Row = Item

  /// How many rows the user can select.
  public typealias SelectionMode = ListSelectionMode

  /// The store of item objects under the selection model, kept equal to the bound array.
  private let itemStore: ItemStore<Item>
  /// The factory that makes and fills rows.
  private let rowFactory: RowFactory<Item>
  /// The selection model the list view shows (it owns the store).
  public var selectionModel: GObjectWrapper { itemStore.selectionModel }
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
  public var spliceCount: Int { itemStore.spliceCount }

  /// Whether the row showing an item can be selected (a section's header cannot); all can when nil.
  var isSelectable: ((Item) -> Bool)? {
    get { rowFactory.isSelectable }
    set { rowFactory.isSelectable = newValue }
  }

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
    itemStore = ItemStore(selection: selection)
    selectionMode = selection
    let rowFactory = RowFactory(role: "row", makeRow: makeRow, bindRow: bindRow)
    self.rowFactory = rowFactory
    itemStore.itemReplaced = { [weak rowFactory] object in rowFactory?.rebind(object) }
    super.init(
      gtk_list_view_new(
        OpaquePointer(g_object_ref(itemStore.selectionModel.object)), rowFactory.retainedFactory()),
      ownership: .transferred
    )
  }

  /// The list as GTK's `GtkListView *`.
  public var listView: OpaquePointer { opaque }

  /// The selection model as GTK's `GtkSelectionModel *`.
  public var selection: OpaquePointer { OpaquePointer(selectionModel.object) }

  /// The number of items GTK's model holds.
  public var modelCount: Int { itemStore.count }

  /// The item GTK's model holds at `position`, or `nil` out of range.
  ///
  /// - Complexity: O(1).
  public func item(at position: Int) -> Item? {
    itemStore.item(at: position)
  }

  // MARK: ListTarget

  /// Shows `rows` in place of everything: one splice. Applied on GTK's thread, in order with
  /// every other change.
  public nonisolated func reload(with rows: ListRows<Item>) {
    performBatchUpdates(.reset, rows: rows)
  }

  /// Applies `change`, one splice per run of adjacent offsets; a change with moves is one splice
  /// over the rows it touches, in which each moved row keeps its item object, so that GTK's
  /// selection follows it. Applied on GTK's thread, in order with every other change.
  ///
  /// - Complexity: O(*c*) for a change of *c* offsets without moves, O(*s*) for one with moves over
  ///   a span of *s* rows, plus GTK's own work: only the inserted, updated and moved rows are read
  ///   from `rows`.
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
    itemStore.apply(change, rows: rows)
  }
}
#endif
