import Bindings

/// A cell of the spreadsheet: a column from A to Z and a row from 0 to 99, named like "B12".
public struct CellAddress: Hashable, Sendable, CustomStringConvertible {
  /// The columns' letters, "A" to "Z".
  public static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)
  /// The column, 0 (A) to 25 (Z).
  public let column: Int
  /// The row, 0 to 99.
  public let row: Int

  /// The cell at `column` and `row`, or `nil` outside the sheet.
  public init?(column: Int, row: Int) {
    guard Self.letters.indices.contains(column), (0..<CellsModel.rowCount).contains(row) else { return nil }
    (self.column, self.row) = (column, row)
  }

  /// The cell in the column lettered `letter` ("B" or "b", a Cells table's column id) at `row`, or `nil` when
  /// that is no cell of the sheet.
  ///
  /// ```swift
  /// print(CellAddress(column: "B", row: 12)!.column)   // prints "1"
  /// ```
  public init?(column letter: String, row: Int) {
    guard let column = Self.letters.firstIndex(of: letter.uppercased()) else { return nil }
    self.init(column: column, row: row)
  }

  /// The cell named `name` ("B12", "b12"), or `nil` when it names no cell of the sheet.
  ///
  /// ```swift
  /// print(CellAddress("B12")!.column)   // prints "1"
  /// ```
  public init?(_ name: String) {
    guard name.dropFirst().allSatisfy(\.isNumber), let row = Int(name.dropFirst()) else { return nil }
    self.init(column: String(name.prefix(1)), row: row)
  }

  /// The cell's name, "B12".
  public var description: String { "\(Self.letters[column])\(row)" }
}

/// What a cell shows: nothing, a number, text, or an error such as "#CYCLE", which is also what a malformed
/// formula throws while it is read.
public enum CellValue: Equatable, Sendable, Error, CustomStringConvertible {
  /// An empty cell; a formula reads it as 0.
  case empty
  /// A number: typed, or a formula's result.
  case number(Double)
  /// Text that is not a number and not a formula.
  case text(String)
  /// An error: "#PARSE" (the formula is malformed), "#CYCLE" (it depends on itself), "#REF" (a
  /// name that is no cell), "#VALUE" (text or a range where a number is needed), "#DIV/0",
  /// "#NAME" (an unknown function).
  case error(String)

  /// The text the cell shows.
  public var description: String {
    switch self {
    case .empty: ""
    case .number(let value): format(value, scale: 1e6)
    case .text(let text): text
    case .error(let code): code
    }
  }
}

/// One row of the sheet, as a table shows it: its number and the values of its 26 cells.
public struct SheetRow: Equatable, Sendable {
  /// The row number, 0 to 99.
  public let row: Int
  /// The values of columns A to Z.
  public var values: [CellValue]
}

/// 7GUIs task 7, Cells: a spreadsheet of 26 × 100 cells with formulas, where changing a cell
/// re-evaluates only the cells that depend on it.
///
/// ```swift
/// let sheet = CellsModel()
/// table.reactive.items <~ sheet.rows
/// sheet.setFormula("5", at: CellAddress("A0")!)
/// sheet.setFormula("=SUM(A0:A3) * 2", at: CellAddress("B0")!)
/// print(sheet.value(at: CellAddress("B0")!))   // prints "10"
/// ```
///
/// The rules, which the tests check one by one:
/// 1. A cell holds text as typed: empty, a number, a formula starting with "=", or other text.
/// 2. Formulas have numbers, cell references (`B12`), ranges (`A0:B3`, as function arguments),
///    `+ - * /` with the usual precedence, unary minus, parentheses, and the functions SUM, PROD,
///    AVG, MIN, MAX and COUNT (case-insensitive). An empty cell counts as 0.
/// 3. Changing a cell re-evaluates that cell and the cells that depend on it, directly or not, each
///    once, in an order where every cell comes after the cells it reads; no other cell is evaluated
///    (``evaluationCount`` counts evaluations).
/// 4. A malformed formula shows "#PARSE"; a cell on or after a cycle of references shows "#CYCLE";
///    an error in a cell spreads to the cells that read it. Nothing recurses without bound: a
///    formula has at most 256 operands, and cells are evaluated by a loop, not by recursion.
/// 5. ``rows`` changes once per edit, by one change that updates the rows whose values changed.
public final class CellsModel: BindingOwner {
  /// The number of columns, A to Z.
  public static let columnCount = CellAddress.letters.count
  /// The number of rows, 0 to 99.
  public static let rowCount = 100
  /// The bindings the model owns.
  public let bindings = BindingBag()
  /// The sheet's values, one element per row.
  public let rows = MutableObservableArray(
    (0..<rowCount).map { SheetRow(row: $0, values: Array(repeating: .empty, count: columnCount)) })
  /// How many cell evaluations have run since the model was made.
  public private(set) var evaluationCount = 0
  private var texts: [CellAddress: String] = [:]
  /// The cells each formula reads.
  private var references: [CellAddress: Set<CellAddress>] = [:]
  /// The formulas that read each cell.
  private var dependents: [CellAddress: Set<CellAddress>] = [:]

  /// Creates a sheet with the cells of `texts`, by name: `["A0": "5", "A1": "=A0*2"]`.
  public init(_ texts: [String: String] = [:]) {
    for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
      if let cell = CellAddress(name) { setFormula(text, at: cell) }
    }
  }

  /// The text typed into `cell`, for editing.
  public func formula(at cell: CellAddress) -> String { texts[cell] ?? "" }

  /// The value `cell` shows.
  public func value(at cell: CellAddress) -> CellValue { rows[cell.row].values[cell.column] }

  /// Sets the text of `cell` and re-evaluates it and its dependents (rule 3).
  public func setFormula(_ text: String, at cell: CellAddress) {
    guard text != formula(at: cell) else { return }
    texts[cell] = text.isEmpty ? nil : text
    for old in references[cell] ?? [] { dependents[old]?.remove(cell) }
    references[cell] = Formula(text, reading: value(at:)).references
    for new in references[cell]! { dependents[new, default: []].insert(cell) }
    reevaluate(from: cell)
  }

  /// Evaluates `cell` and the cells that read it, directly or not, each once and after the cells it reads
  /// (Kahn's order); the cells left waiting are on or after a cycle. The rows change once (rules 3 to 5).
  private func reevaluate(from cell: CellAddress) {
    var affected: Set = [cell]
    var stack = [cell]
    while let next = stack.popLast() {
      for dependent in dependents[next] ?? [] where affected.insert(dependent).inserted { stack.append(dependent) }
    }
    var waiting = [CellAddress: Int]()  // how many of the cells it reads each cell still waits for
    for cell in affected { waiting[cell] = references[cell, default: []].count { affected.contains($0) } }
    var ready = Array(affected.filter { waiting[$0] == 0 })
    var changed = [Int: SheetRow]()  // the rows as they will be, by number
    func show(_ value: CellValue, at cell: CellAddress) {
      evaluationCount += 1
      changed[cell.row, default: rows[cell.row]].values[cell.column] = value
    }
    func read(_ cell: CellAddress) -> CellValue { changed[cell.row]?.values[cell.column] ?? value(at: cell) }
    while let next = ready.popLast() {
      show(Formula(formula(at: next), reading: read).value, at: next)
      waiting[next] = nil
      for dependent in dependents[next] ?? [] where affected.contains(dependent) {
        waiting[dependent]! -= 1
        if waiting[dependent] == 0 { ready.append(dependent) }
      }
    }
    for cell in waiting.keys { show(.error("#CYCLE"), at: cell) }
    rows.batchUpdate { batch in
      for (index, row) in changed where row != batch[index] { batch[index] = row }
    }
  }
}
