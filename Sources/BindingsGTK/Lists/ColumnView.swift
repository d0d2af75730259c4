#if GTK
import Bindings
import CGTK
import Foundation

/// A table that recycles its cells (`GtkColumnView`), showing an observable array: one row per
/// item, one cell per column.
///
/// Give it columns — each a title and a cell factory: how to make a cell widget, and how to show
/// an item in it — and bind an observable array to it, exactly as to a ``ListView``:
///
/// ```swift
/// let table = ColumnView<Person>(columns: [
///   .init(title: "Name", makeCell: { Label() }, bindCell: { label, person in label.reactive.text <~ person.$name }),
///   .init(title: "Age", makeCell: { Label() }, bindCell: { label, person in label.text = "\(person.age)" }),
/// ])
/// table.reactive.items <~ model.people
/// window.child = ScrolledWindow(table)
/// ```
///
/// GTK makes cells only for the rows on screen and a margin around them, and reuses them as the
/// table scrolls. `bindCell` runs each time a cell shows an item; the bindings it makes go into the
/// bags of the cell and of the widgets inside it, which are emptied when the cell stops showing the
/// item, so a recycled cell never writes a value of the item it showed before.
///
/// Each change of the array reaches GTK as it was reported, one `items-changed` per run of
/// adjacent offsets, never a reload (only a reset replaces everything). Selection works as a
/// ``ListView``'s: `reactive.selectedIndex`, `reactive.selectedItem`.
///
/// ## Sorting
///
/// The table never sorts by itself. A click on a sortable column's header changes only the sort
/// indicator, and ``Bindings/Reactive/sortOrder`` reports the new order to the model; the model
/// sorts its array, and the table follows by splices, as for any other change. Binding the model's
/// order back lets it set the indicator too:
///
/// ```swift
/// table.reactive.sortOrder ~> (model, { model, order in model.sort(by: order) })
/// table.reactive.sortOrder <~ model.$sortOrder
/// ```
/// (Each sortable column has a sorter that only reports which column GTK asks first and in which
/// direction; the view's sorter is never applied to the rows.)
@MainActor
public final class ColumnView<Item>: Widget, ListTarget, TableWidget {
  /// The table shows items; its cells are widgets made by its columns' factories.
  public typealias Row = Item
  /// How many rows the user can select.
  public typealias SelectionMode = ListSelectionMode

  /// The order the user chose by clicking a column's header: a ``ColumnSortOrder``.
  public typealias SortOrder = ColumnSortOrder

  /// One column of a table: a title, and a factory for its cells.
  ///
  /// ```swift
  /// let name = ColumnView<Person>.Column(
  ///   title: "Name", id: "name", expands: true, sortable: true,
  ///   makeCell: { Label() },
  ///   bindCell: { label, person in label.reactive.text <~ person.$name }
  /// )
  /// ```
  @MainActor
  public final class Column {
    /// The name the column goes by in a ``SortOrder``: given, or the title.
    public let id: String
    /// The column as a wrapper of GTK's `GtkColumnViewColumn`.
    public let column: GObjectWrapper
    /// The factory that makes and fills the column's cells.
    let cellFactory: RowFactory<Item>
    /// Whether a click on the header sorts by this column.
    public let isSortable: Bool

    /// A column whose cells are made by `makeCell` and filled by `bindCell`.
    ///
    /// - Parameters:
    ///   - title: The header's text.
    ///   - id: The column's name in a ``SortOrder``; the title when `nil`.
    ///   - resizable: Whether the user can drag the header's edge to resize the column.
    ///   - expands: Whether the column takes a share of the table's spare width.
    ///   - fixedWidth: The column's width in pixels; `nil` to fit the cells.
    ///   - sortable: Whether a click on the header reports a new ``SortOrder``.
    ///   - makeCell: Makes an empty cell widget; called for the rows on screen only. A factory that
    ///     throws or returns `nil` gets a diagnostic and an empty cell.
    ///   - bindCell: Shows an item in a cell made by `makeCell`: set its widgets, or bind them (into
    ///     the bags of the cell and its widgets, emptied when the cell is unbound; so bind here, not
    ///     in `makeCell`). A throw leaves the cell empty, with a diagnostic.
    public init<Cell: Widget>(
      title: String,
      id: String? = nil,
      resizable: Bool = true,
      expands: Bool = false,
      fixedWidth: Int? = nil,
      sortable: Bool = false,
      makeCell: @escaping @MainActor () throws -> Cell?,
      bindCell: @escaping @MainActor (Cell, Item) throws -> Void
    ) {
      self.id = id ?? title
      self.isSortable = sortable
      cellFactory = RowFactory(role: "cell", makeRow: makeCell, bindRow: bindCell)
      let pointer = gtk_column_view_column_new(title, cellFactory.retainedFactory())!
      column = GObjectWrapper(UnsafeMutableRawPointer(pointer), ownership: .transferred)
      isResizable = resizable
      self.expands = expands
      self.fixedWidth = fixedWidth
      if sortable {
        // A sorter that only reports: see `ColumnView.sortOrder`.
        let sorter = gtk_custom_sorter_new(reportingCompare, UnsafeMutableRawPointer(column.object), nil)!
        gtk_column_view_column_set_sorter(
          pointer, UnsafeMutableRawPointer(sorter).assumingMemoryBound(to: GtkSorter.self))
        g_object_unref(UnsafeMutableRawPointer(sorter))
      }
    }

    private var pointer: OpaquePointer { OpaquePointer(column.object) }

    /// The header's text.
    public var title: String {
      get { gtk_column_view_column_get_title(pointer).map { String(cString: $0) } ?? "" }
      set { lendingCString(newValue) { gtk_column_view_column_set_title(pointer, $0) } }
    }

    /// Whether the user can drag the header's edge to resize the column.
    public var isResizable: Bool {
      get { gtk_column_view_column_get_resizable(pointer) != 0 }
      set { gtk_column_view_column_set_resizable(pointer, newValue ? 1 : 0) }
    }

    /// Whether the column takes a share of the table's spare width.
    public var expands: Bool {
      get { gtk_column_view_column_get_expand(pointer) != 0 }
      set { gtk_column_view_column_set_expand(pointer, newValue ? 1 : 0) }
    }

    /// The column's width in pixels, or `nil` to fit the cells.
    public var fixedWidth: Int? {
      get {
        let width = gtk_column_view_column_get_fixed_width(pointer)
        return width < 0 ? nil : Int(width)
      }
      set { gtk_column_view_column_set_fixed_width(pointer, newValue.map { Int32(clamping: $0) } ?? -1) }
    }

    /// Whether the column is shown.
    public var isVisible: Bool {
      get { gtk_column_view_column_get_visible(pointer) != 0 }
      set { gtk_column_view_column_set_visible(pointer, newValue ? 1 : 0) }
    }
  }

  /// The store of item objects under the selection model, kept equal to the bound array.
  private let itemStore: ItemStore<Item>
  /// The selection model the table shows (it owns the store).
  public var selectionModel: GObjectWrapper { itemStore.selectionModel }
  /// The selection mode the table was made with.
  public let selectionMode: SelectionMode
  /// The columns, left to right.
  public private(set) var columns: [Column] = []
  /// The view's sorter (`GtkColumnViewSorter`), which GTK changes when a header is clicked.
  public let sorter: GObjectWrapper
  /// The position of the row activated last.
  public private(set) var lastActivatedPosition = 0

  /// A table with `columns`, whose rows the user selects as `selection` says.
  ///
  /// ```swift
  /// let table = ColumnView<Person>(selection: .multiple, columns: [
  ///   .init(title: "Name", makeCell: { Label() }, bindCell: { $0.text = $1.name })
  /// ])
  /// ```
  public init(selection: SelectionMode = .single, columns: [Column] = []) {
    itemStore = ItemStore(selection: selection)
    selectionMode = selection
    let view = gtk_column_view_new(OpaquePointer(g_object_ref(itemStore.selectionModel.object)))!
    sorter = GObjectWrapper(
      UnsafeMutableRawPointer(gtk_column_view_get_sorter(OpaquePointer(view))!), ownership: .borrowed)
    super.init(view, ownership: .transferred)
    // Bind again the cells showing an item an update replaced, in every column.
    itemStore.itemReplaced = { [weak self] object in
      for column in self?.columns ?? [] { column.cellFactory.rebind(object) }
    }
    // Connected before any subscriber's handler, so it runs first: GLib runs handlers in order.
    // `activate` passes the position (a `guint`) where a pointer-shaped handler reads its argument;
    // its low 32 bits are the position.
    // Which cell each press lands on, seen before the cell's own gesture activates its row.
    let presses = ClickGesture()
    presses.propagationPhase = .capture
    addController(presses)
    presses.reactive.pressed ~> (
      self, { table, click in table.lastPressedCell = table.cell(at: click.location) ?? table.lastPressedCell }
    )
    _ = SignalConnection.connect("activate", shape: .pointerArgument, of: self) { [weak self] arguments in
      self?.lastActivatedPosition = Int(UInt32(truncatingIfNeeded: UInt(bitPattern: arguments.pointer)))
      return false
    }
    for column in columns { append(column) }
  }

  /// The table as GTK's `GtkColumnView *`.
  public var columnView: OpaquePointer { opaque }

  /// The selection model as GTK's `GtkSelectionModel *`.
  public var selection: OpaquePointer { OpaquePointer(selectionModel.object) }

  /// Adds `column` at the right end.
  ///
  /// ```swift
  /// table.append(.init(title: "Email", makeCell: { Label() }, bindCell: { $0.text = $1.email }))
  /// ```
  ///
  /// A column belongs to one table: adding it to a second one is ignored, with a diagnostic.
  public func append(_ column: Column) {
    guard !columns.contains(where: { $0 === column }),
      gtk_column_view_column_get_column_view(OpaquePointer(column.column.object)) == nil
    else {
      reportListProblem("column \"\(column.id)\" already belongs to a table; not added again")
      return
    }
    columns.append(column)
    gtk_column_view_append_column(opaque, OpaquePointer(column.column.object))
  }

  /// Removes `column` from the table.
  public func remove(_ column: Column) {
    guard let index = columns.firstIndex(where: { $0 === column }) else { return }
    gtk_column_view_remove_column(opaque, OpaquePointer(column.column.object))
    columns.remove(at: index)
  }

  /// The ``Column/id`` of each column, left to right.
  public var columnIDs: [String] { columns.map(\.id) }

  /// The column whose ``Column/id`` is `id`.
  public func column(id: String) -> Column? {
    columns.first { $0.id == id }
  }

  /// The number of rows GTK's model holds.
  public var modelCount: Int { itemStore.count }

  /// The item GTK's model holds at `position`, or `nil` out of range.
  ///
  /// - Complexity: O(1).
  public func item(at position: Int) -> Item? {
    itemStore.item(at: position)
  }

  /// The items GTK's model holds now, read from it.
  ///
  /// - Complexity: O(*n*).
  public var items: [Item] {
    (0..<modelCount).compactMap { item(at: $0) }
  }

  /// How many `items-changed` emissions the table has caused: one per run of adjacent offsets in a
  /// change, one for a reset.
  public var spliceCount: Int { itemStore.spliceCount }

  /// The cell that holds `widget`: a cell widget the columns made, a widget inside one, or GTK's
  /// own cell around one. `nil` for any other widget, or a cell that shows no item.
  ///
  /// ```swift
  /// if let cell = table.cell(containing: label) { print(cell) }   // prints "B of row 3"
  /// ```
  ///
  /// - Complexity: O(*c* · *n*) for *c* columns and *n* cells shown per column.
  public func cell(containing widget: Widget) -> TableCell? {
    cell(containing: widget.widget)
  }

  /// The cell that holds `widget` (see ``cell(containing:)-(Widget)``), by GTK pointer.
  func cell(containing widget: UnsafeMutablePointer<GtkWidget>) -> TableCell? {
    // GTK's cell holds the cell widget as its only child; other widgets are inside the cell widget.
    let ancestors = sequence(first: widget) { $0 == self.widget ? nil : gtk_widget_get_parent($0) }
    for candidate in [gtk_widget_get_first_child(widget)].compactMap({ $0 }) + ancestors {
      for column in columns {
        if let row = column.cellFactory.position(ofWidget: candidate) { return TableCell(row: row, column: column.id) }
      }
    }
    return nil
  }

  /// The cell at `point`, in the table's coordinates; `nil` over a header, between cells, or where
  /// no row is.
  ///
  /// ```swift
  /// print(table.cell(at: Point(x: 100, y: 40)) ?? "no cell")   // prints "B of row 0"
  /// ```
  public func cell(at point: Point) -> TableCell? {
    gtk_widget_pick(widget, point.x, point.y, GTK_PICK_DEFAULT).flatMap { cell(containing: $0) }
  }

  /// The cell the primary button was pressed on last, `nil` before any press on a cell. A press
  /// elsewhere in the table leaves it as it was.
  ///
  /// ```swift
  /// print(table.lastPressedCell ?? "none")   // prints "B of row 3" after a click on that cell
  /// ```
  public private(set) var lastPressedCell: TableCell?

  /// The widget showing `cell`, or `nil` when its row is not shown (or no column has its id):
  /// a widget the column's `makeCell` made, to point a popover at or to read back.
  ///
  /// ```swift
  /// editor.popUp(on: table.widget(showing: TableCell(row: 3, column: "B"))!)
  /// ```
  ///
  /// - Complexity: O(*n*) for the *n* cells shown in the column.
  public func widget(showing cell: TableCell) -> Widget? {
    column(id: cell.column)?.cellFactory.widget(showing: cell.row)
  }

  /// Whether lines are drawn between rows.
  public var showsRowSeparators: Bool {
    get { gtk_column_view_get_show_row_separators(opaque) != 0 }
    set { gtk_column_view_set_show_row_separators(opaque, newValue ? 1 : 0) }
  }

  /// Whether lines are drawn between columns.
  public var showsColumnSeparators: Bool {
    get { gtk_column_view_get_show_column_separators(opaque) != 0 }
    set { gtk_column_view_set_show_column_separators(opaque, newValue ? 1 : 0) }
  }

  /// Whether a single click activates a row (a double click does otherwise).
  public var activatesOnSingleClick: Bool {
    get { gtk_column_view_get_single_click_activate(opaque) != 0 }
    set { gtk_column_view_set_single_click_activate(opaque, newValue ? 1 : 0) }
  }

  /// The order the sort indicator shows: `nil` when the table is not sorted by any column.
  ///
  /// Setting it moves the indicator only (the model sorts the rows). An order naming no sortable
  /// column of the table is ignored, with a diagnostic.
  public var sortOrder: SortOrder? {
    get { readSortOrder() }
    set {
      guard let newValue else {
        gtk_column_view_sort_by_column(opaque, nil, GTK_SORT_ASCENDING)
        return
      }
      guard let column = column(id: newValue.column), column.isSortable else {
        reportListProblem("sort order \(newValue) names no sortable column of the table; ignored")
        return
      }
      gtk_column_view_sort_by_column(
        opaque, OpaquePointer(column.column.object), newValue.ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING)
    }
  }

  /// Asks the view's sorter to compare two probe objects. It asks the columns' sorters in its
  /// order, the primary first; each of ours answers "smaller" after writing its column into the
  /// first probe, so the first probe names the primary column, and the answer is "smaller" when
  /// that column is ascending, "larger" when descending (GTK inverts it), "equal" when unsorted.
  private func readSortOrder() -> SortOrder? {
    let first = cgtk_object_new(cgtk_type_object())
    let second = cgtk_object_new(cgtk_type_object())
    defer {
      g_object_unref(first)
      g_object_unref(second)
    }
    let ordering = gtk_sorter_compare(
      UnsafeMutableRawPointer(sorter.object).assumingMemoryBound(to: GtkSorter.self), first, second)
    guard ordering != GTK_ORDERING_EQUAL,
      let asked = g_object_get_qdata(first.assumingMemoryBound(to: GObject.self), sortProbeQuark),
      let column = columns.first(where: { UnsafeMutableRawPointer($0.column.object) == asked })
    else { return nil }
    return SortOrder(column: column.id, ascending: ordering == GTK_ORDERING_SMALLER)
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
      MainActor.assumeIsolated {
        GTK.assertGTKThread("Changing a table's items")
        guard !self.isDisposed else { return }
        self.itemStore.apply(change, rows: rows)
      }
    }
  }
}

/// The compare function of a sortable column's sorter: writes the column (`data`) into the first
/// item, if no column has yet, and answers "smaller"; see `ColumnView.readSortOrder()`.
private let reportingCompare: @convention(c) (gconstpointer?, gconstpointer?, gpointer?) -> gint = {
  first, _, column in
  guard let first else { return -1 }
  let object = UnsafeMutablePointer(mutating: first.assumingMemoryBound(to: GObject.self))
  if g_object_get_qdata(object, sortProbeQuark) == nil { g_object_set_qdata(object, sortProbeQuark, column) }
  return -1
}

/// The qdata key under which a sorting probe names the column asked first.
private let sortProbeQuark: GQuark = g_quark_from_string("bindings-gtk-sort-probe")

/// The order a table is sorted by: a column's ``ColumnView/Column/id``, and the direction.
///
/// ```swift
/// let order = ColumnView<Person>.SortOrder(column: "name", ascending: false)
/// print(order)   // name descending
/// ```
public struct ColumnSortOrder: Hashable, Sendable, CustomStringConvertible {
  /// The ``ColumnView/Column/id`` of the column sorted by.
  public var column: String
  /// Whether the smallest value comes first.
  public var ascending: Bool

  /// The order by `column`, ascending unless told otherwise.
  public init(column: String, ascending: Bool = true) {
    self.column = column
    self.ascending = ascending
  }

  /// `name ascending`, `name descending`.
  public var description: String { "\(column) \(ascending ? "ascending" : "descending")" }
}

/// A cell of a table: the position of its row, and the ``ColumnView/Column/id`` of its column.
///
/// ```swift
/// table.reactive.activatedCell ~> (model, { model, cell in model.edit(row: cell.row, column: cell.column) })
/// print(TableCell(row: 3, column: "B"))   // prints "B of row 3"
/// ```
public struct TableCell: Hashable, Sendable, CustomStringConvertible {
  /// The position of the row.
  public var row: Int
  /// The ``ColumnView/Column/id`` of the column.
  public var column: String

  /// The cell of `column` in the row at `row`.
  public init(row: Int, column: String) {
    self.row = row
    self.column = column
  }

  /// `B of row 3`.
  public var description: String { "\(column) of row \(row)" }
}

/// A table whose rows can be selected, sorted by a click on a header and activated: ``ColumnView``.
@MainActor
public protocol TableWidget: SelectableList {
  /// The order the sort indicator shows, `nil` for none.
  var sortOrder: ColumnSortOrder? { get set }
  /// The sorter GTK changes when the user clicks a header; it emits `changed`.
  var sorter: GObjectWrapper { get }
  /// The position of the row activated last.
  var lastActivatedPosition: Int { get }
  /// The cell the primary button was pressed on last, `nil` before any.
  var lastPressedCell: TableCell? { get }
  /// The ids of the columns, left to right.
  var columnIDs: [String] { get }
}

@MainActor
extension Reactive where Base: TableWidget {
  /// The order the table is sorted by (`nil` for none): a source that sends the current order,
  /// then the new one each time the user clicks a sortable column's header; a target that moves
  /// the sort indicator; and a side of `<~>`. The table never sorts its rows: the model does.
  ///
  /// ```swift
  /// table.reactive.sortOrder ~> (model, { model, order in model.sort(by: order) })  // reorders `people`
  /// table.reactive.sortOrder <~ model.$sortOrder   // the indicator shows the model's order
  /// ```
  public var sortOrder: BindingEndpoint<Base, ColumnSortOrder?> {
    let target: BindingTarget<Base, ColumnSortOrder?> = gtkTarget("sort-order") { table, order in
      if table.sortOrder != order { table.sortOrder = order }
    }
    weak let table = base
    let changes = SignalPublisher<ColumnSortOrder?>(
      base.sorter, signal: "changed", shape: .pointerArgument, replaysCurrentValue: true
    ) { _ in table?.sortOrder }
    return BindingEndpoint(target: target, changes: changes.removeDuplicates()).asControl()
  }

  /// The position of each row the user activates (a double click, or Enter; a single click with
  /// ``ColumnView/activatesOnSingleClick``), as a source.
  ///
  /// ```swift
  /// table.reactive.activated ~> (model, { model, row in model.open(row) })
  /// ```
  public var activated: SignalPublisher<Int> {
    weak let table = base
    return SignalPublisher(base, signal: "activate", shape: .pointerArgument) { _ in
      table?.lastActivatedPosition ?? 0
    }
  }

  /// The cell the user activates, as a source: a double click on it (a single click with
  /// ``ColumnView/activatesOnSingleClick``), or Enter on a row, in the column clicked last.
  ///
  /// ```swift
  /// table.reactive.activatedCell ~> (view, { view, cell in view.edit(cell) })
  /// ```
  ///
  /// GTK activates rows, not cells, and focuses rows: the row is the activated one, and the column
  /// that of ``ColumnView/lastPressedCell`` (the first column before any click), so that Enter on
  /// a row the arrow keys reached edits the same column as the last click did. A table with no
  /// column sends nothing.
  public var activatedCell: SignalPublisher<TableCell> {
    weak let table = base
    return SignalPublisher(base, signal: "activate", shape: .pointerArgument) { _ in
      guard let table, let column = table.lastPressedCell?.column ?? table.columnIDs.first else { return nil }
      return TableCell(row: table.lastActivatedPosition, column: column)
    }
  }
}
#endif
