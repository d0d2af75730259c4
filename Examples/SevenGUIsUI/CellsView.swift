#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// Cells: a 26 × 100 spreadsheet in a recycling table. A cell shows its value; double-click (or
/// Enter) edits its formula, and Enter commits it.
@MainActor
public final class CellsView: TaskView {
  /// The window title.
  public static let title = "Cells"
  /// The sheet: a row-number column, then A to Z.
  public let table = ColumnView<SheetRow>()
  /// The task's widget.
  public let root: Widget

  /// Binds a view to `model`; by default a sheet with a few values and formulas.
  public init(_ model: CellsModel = CellsModel(CellsView.example)) {
    table.append(.init(title: "", fixedWidth: 36, makeCell: { Label() }, bindCell: { $0.text = "\($1.row)" }))
    for column in 0..<CellsModel.columnCount {
      table.append(
        .init(title: CellAddress.letter(column), fixedWidth: 80, makeCell: { EditableLabel() }) { label, row in
          let cell = CellAddress(column: column, row: row.row)!
          label.text = row.values[column].description
          label.reactive.isEditing.dropFirst() ~> (
            label,
            { label, isEditing in
              if isEditing { return label.text = model.formula(at: cell) }
              model.setFormula(label.text, at: cell)
              label.text = model.value(at: cell).description
            }
          )
        })
    }
    table.showsColumnSeparators = true
    table.showsRowSeparators = true
    table.reactive.items <~ model.rows
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
