#if GTK
import Bindings
import CGTK

/// Widgets in rows and columns (`GtkGrid`); a widget may span several cells.
///
/// ```swift
/// let form = Grid(rowSpacing: 6, columnSpacing: 12)
/// form.attach(Label("Name"), column: 0, row: 0)
/// form.attach(nameField, column: 1, row: 0)
/// form.attach(notes, column: 0, row: 1, width: 2)   // across both columns
/// ```
///
/// Or row by row, `nil` leaving a cell empty:
///
/// ```swift
/// let form = Grid(rows: [
///   [Label("Name"), nameField],
///   [Label("Email"), emailField],
///   [nil, saveButton],
/// ], rowSpacing: 6, columnSpacing: 12)
/// ```
@MainActor
public final class Grid: Widget {
  /// An empty grid.
  public init(rowSpacing: Int = 0, columnSpacing: Int = 0) {
    super.init(gtk_grid_new(), ownership: .transferred)
    self.rowSpacing = rowSpacing
    self.columnSpacing = columnSpacing
  }

  /// A grid holding `rows`, top to bottom, each row's widgets in columns from 0; a `nil` leaves its
  /// cell empty.
  public convenience init(rows: [[Widget?]], rowSpacing: Int = 0, columnSpacing: Int = 0) {
    self.init(rowSpacing: rowSpacing, columnSpacing: columnSpacing)
    for row in rows { appendRow(row) }
  }

  /// The grid as GTK's `GtkGrid *`.
  public var grid: UnsafeMutablePointer<GtkGrid> { cast() }

  /// Puts `child` at `column` and `row` (counted from 0), spanning `width` columns and `height`
  /// rows.
  ///
  /// ```swift
  /// grid.attach(title, column: 0, row: 0, width: 3)
  /// ```
  public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
    gtk_grid_attach(grid, child.widget, Int32(column), Int32(row), Int32(max(width, 1)), Int32(max(height, 1)))
  }

  /// Adds a row below the last one, its widgets in columns from 0; a `nil` leaves its cell empty.
  ///
  /// ```swift
  /// grid.appendRow([Label("Phone"), phoneField])
  /// ```
  ///
  /// A row of `nil`s stays empty: the next row goes below it.
  public func appendRow(_ children: [Widget?]) {
    let row = max(rowCount, nextAppendedRow)
    for (column, child) in children.enumerated() {
      if let child { attach(child, column: column, row: row) }
    }
    nextAppendedRow = row + 1
  }

  /// The row below the last one ``appendRow(_:)`` added, so that an empty row keeps its place.
  private var nextAppendedRow = 0

  /// Takes `child` out of the grid.
  ///
  /// ```swift
  /// grid.remove(phoneField)
  /// ```
  public func remove(_ child: Widget) { gtk_grid_remove(grid, child.widget) }

  /// The widget whose area covers the cell at `column` and `row`, if any.
  ///
  /// ```swift
  /// grid.child(column: 1, row: 0) === nameField   // true
  /// ```
  public func child(column: Int, row: Int) -> Widget? {
    gtk_grid_get_child_at(grid, Int32(column), Int32(row)).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget }
  }

  /// Where `child` is: its first column and row and how many it spans; `nil` when it is not in
  /// this grid.
  ///
  /// ```swift
  /// grid.cell(of: notes)   // (column: 0, row: 1, width: 2, height: 1)
  /// ```
  public func cell(of child: Widget) -> (column: Int, row: Int, width: Int, height: Int)? {
    guard gtk_widget_get_parent(child.widget) == widget else { return nil }
    var column: Int32 = 0
    var row: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_grid_query_child(grid, child.widget, &column, &row, &width, &height)
    return (Int(column), Int(row), Int(width), Int(height))
  }

  /// How many rows the children reach: one more than the last row any child covers (0 when empty).
  ///
  /// ```swift
  /// grid.attach(notes, column: 0, row: 1, height: 2)
  /// print(grid.rowCount)   // prints 3
  /// ```
  public var rowCount: Int {
    var count = 0
    for child in WidgetTree.children(of: widget) {
      var row: Int32 = 0
      var height: Int32 = 0
      gtk_grid_query_child(grid, child, nil, &row, nil, &height)
      count = max(count, Int(row + height))
    }
    return count
  }

  /// The space between two rows, in pixels (`row-spacing`).
  ///
  /// ```swift
  /// form.rowSpacing = 6
  /// ```
  public var rowSpacing: Int {
    get { Int(gtk_grid_get_row_spacing(grid)) }
    set { gtk_grid_set_row_spacing(grid, UInt32(max(newValue, 0))) }
  }

  /// The space between two columns, in pixels (`column-spacing`).
  ///
  /// ```swift
  /// form.columnSpacing = 12
  /// ```
  public var columnSpacing: Int {
    get { Int(gtk_grid_get_column_spacing(grid)) }
    set { gtk_grid_set_column_spacing(grid, UInt32(max(newValue, 0))) }
  }

  /// Whether every row has the same height (`row-homogeneous`).
  ///
  /// ```swift
  /// keypad.rowsAreHomogeneous = true
  /// ```
  public var rowsAreHomogeneous: Bool {
    get { gtk_grid_get_row_homogeneous(grid) != 0 }
    set { gtk_grid_set_row_homogeneous(grid, newValue ? 1 : 0) }
  }

  /// Whether every column has the same width (`column-homogeneous`).
  ///
  /// ```swift
  /// keypad.columnsAreHomogeneous = true
  /// ```
  public var columnsAreHomogeneous: Bool {
    get { gtk_grid_get_column_homogeneous(grid) != 0 }
    set { gtk_grid_set_column_homogeneous(grid, newValue ? 1 : 0) }
  }
}
#endif
