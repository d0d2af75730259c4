#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// Cells: a 26 × 100 spreadsheet in a recycling table of plain labels, each showing a value. A
/// double-click on a cell (or Enter) opens the one formula editor over it; Enter commits the
/// formula, Escape or a click elsewhere cancels it.
@MainActor
public final class CellsView: TaskView {
  /// The window title.
  public static let title = "Cells"
  /// The sheet: a row-number column, then A to Z.
  public let table = ColumnView<SheetRow>()
  /// The formula editor, shared by every cell, in a popover over the cell it edits.
  public let editor = Entry(), popover: Popover
  /// The cell the editor edits, while ``popover`` shows.
  public let editedCell = MutableProperty<CellAddress?>(nil)
  /// The task's widget.
  public let root: Widget

  /// Binds a view to `model`; by default a sheet with a few values and formulas.
  public init(_ model: CellsModel = CellsModel(CellsView.example)) {
    popover = Popover(child: editor.sizeRequest(width: 240))
    table.append(.init(title: "", fixedWidth: 36, makeCell: { Label() }, bindCell: { $0.text = "\($1.row)" }))
    for (column, letter) in CellAddress.letters.enumerated() {
      table.append(.init(title: letter, fixedWidth: 80, makeCell: { Label() }) { $0.text = "\($1.values[column])" })
    }
    table.showsColumnSeparators = true
    table.showsRowSeparators = true
    table.reactive.items <~ model.rows
    table.reactive.activatedCell.bind(to: table) { [editor, popover, editedCell] table, cell in
      guard let label = table.widget(showing: cell) else { return }
      guard let address = CellAddress(column: cell.column, row: cell.row) else { return }
      editedCell.value = address
      editor.text = model.formula(at: address)
      popover.popUp(on: table, over: label)
      _ = editor.grabFocus()
    }
    editor.reactive.activate.bind(to: editor) { [weak popover, editedCell] editor, _ in
      if let cell = editedCell.value, popover?.isShowing == true { model.setFormula(editor.text, at: cell) }
      popover?.popDown()
    }
    root = ScrolledWindow(table).sizeRequest(width: 720, height: 420)
    root.keepAlive(model)
  }

  /// The sheet the app opens with.
  public static let example = [
    "A0": "Item", "B0": "Price", "C0": "Qty", "D0": "Total", "A1": "Apples", "B1": "1.2", "C1": "10",
    "D1": "=B1*C1", "A2": "Pears", "B2": "0.8", "C2": "25", "D2": "=B2*C2", "A3": "Sum", "D3": "=SUM(D1:D2)",
    "A4": "Average", "D4": "=AVG(D1:D2)", "A5": "Cycle", "D5": "=D5+1",
  ]
}
#endif
