import Bindings
import BindingsTesting
import SevenGUIsCore
import Testing

@Suite("Cells")
struct CellsTests {
  private func cell(_ name: String) -> CellAddress { CellAddress(name)! }

  @Test("Cell names: a letter A–Z and a row 0–99, lower case accepted")
  func addresses() {
    #expect(cell("B12").column == 1 && cell("B12").row == 12)
    #expect(cell("z99").description == "Z99")
    #expect(CellAddress("A100") == nil && CellAddress("AA1") == nil && CellAddress("1A") == nil)
    #expect(CellAddress("A") == nil && CellAddress("A-1") == nil)
  }

  @Test("A table's column id (a letter, either case) and a row name a cell; the row-number column names none")
  func addressesFromColumnIDs() {
    #expect(CellAddress.letters.count == 26 && CellAddress.letters.first == "A" && CellAddress.letters.last == "Z")
    #expect(CellAddress(column: "B", row: 12) == cell("B12") && CellAddress(column: "z", row: 99) == cell("Z99"))
    #expect(CellAddress(column: "", row: 0) == nil && CellAddress(column: "AA", row: 0) == nil)
    #expect(CellAddress(column: "A", row: 100) == nil && CellAddress(column: "A", row: -1) == nil)
  }

  @Test("Rule 1: a cell holds a number, text, a formula, or nothing")
  func contents() {
    let sheet = CellsModel(["A0": "42", "A1": "hello", "A2": "=A0/4"])
    #expect(sheet.value(at: cell("A0")) == .number(42))
    #expect(sheet.value(at: cell("A1")) == .text("hello"))
    #expect(sheet.value(at: cell("A2")).description == "10.5")
    #expect(sheet.value(at: cell("A3")) == .empty)
    #expect(sheet.formula(at: cell("A2")) == "=A0/4")
  }

  @Test("Rule 2: arithmetic with precedence, unary minus, parentheses, references and ranges")
  func formulas() {
    let sheet = CellsModel(["A0": "1", "A1": "2", "B0": "3", "B1": "4"])
    let expected: [String: String] = [
      "=1+2*3": "7", "=(1+2)*3": "9", "=-A1 - -3": "1", "=10/4": "2.5", "=B1 - A0 - A1": "1",
      "=SUM(A0:B1)": "10", "=sum(b1:a0) * 2": "20", "=PROD(A0:B1, 2)": "48", "=AVG(A0:A1)": "1.5",
      "=MIN(A0:B1)": "1", "=MAX(A0, B1, 7)": "7", "=COUNT(A0:B1)": "4", "=SUM()": "0", "=C5 + 1": "1",
      "= 1.5 * 2": "3",
    ]
    for (formula, value) in expected {
      sheet.setFormula(formula, at: cell("D0"))
      #expect(sheet.value(at: cell("D0")).description == value, "\(formula)")
    }
  }

  @Test("Rule 2 and 4: malformed formulas and bad operands show errors")
  func errors() {
    let sheet = CellsModel(["A0": "text"])
    let expected: [String: String] = [
      "=1+": "#PARSE", "=(1": "#PARSE", "=1 2": "#PARSE", "=$": "#PARSE", "=A1:": "#PARSE", "=": "#PARSE",
      "=AA1": "#REF", "=FOO(1)": "#NAME", "=1/0": "#DIV/0", "=A0+1": "#VALUE", "=A1:A2": "#VALUE",
      "=MIN()": "#VALUE",
    ]
    for (formula, value) in expected {
      sheet.setFormula(formula, at: cell("D0"))
      #expect(sheet.value(at: cell("D0")) == .error(value), "\(formula)")
    }
  }

  @Test("Rule 3: a change re-evaluates its dependents, in order")
  func dependentsFollow() {
    let sheet = CellsModel(["A0": "1", "A1": "=A0*10", "A2": "=A1+A0", "B0": "=SUM(A0:A2)"])
    #expect(sheet.value(at: cell("B0")) == .number(22))
    sheet.setFormula("2", at: cell("A0"))
    #expect(sheet.value(at: cell("A2")) == .number(22))
    #expect(sheet.value(at: cell("B0")) == .number(44))
  }

  @Test("Rule 3: editing A0 of a chain A0→…→A99 evaluates the 100 cells once each")
  func chain() {
    var texts = ["A0": "0"]
    for row in 1..<100 { texts["A\(row)"] = "=A\(row - 1)+1" }
    let sheet = CellsModel(texts)
    let before = sheet.evaluationCount
    sheet.setFormula("1000", at: cell("A0"))
    #expect(sheet.evaluationCount - before == 100)
    #expect(sheet.value(at: cell("A99")) == .number(1099))
  }

  @Test("Rule 3: editing a cell nothing depends on evaluates only that cell")
  func independentCell() {
    var texts = ["A0": "0"]
    for row in 1..<100 { texts["A\(row)"] = "=A\(row - 1)+1" }
    let sheet = CellsModel(texts)
    let before = sheet.evaluationCount
    sheet.setFormula("5", at: cell("Z50"))
    #expect(sheet.evaluationCount - before == 1)
  }

  @Test("Rule 3: a diamond (B and C read A, D reads both) evaluates D once, after B and C")
  func diamond() {
    let sheet = CellsModel(["A0": "1", "B0": "=A0+1", "C0": "=A0*2", "D0": "=B0+C0"])
    let before = sheet.evaluationCount
    sheet.setFormula("10", at: cell("A0"))
    #expect(sheet.evaluationCount - before == 4)
    #expect(sheet.value(at: cell("D0")) == .number(31))
  }

  @Test("Rule 3: a formula that stops reading a cell no longer follows it")
  func dependencyRemoved() {
    let sheet = CellsModel(["A0": "1", "B0": "=A0"])
    sheet.setFormula("7", at: cell("B0"))
    let before = sheet.evaluationCount
    sheet.setFormula("2", at: cell("A0"))
    #expect(sheet.evaluationCount - before == 1)
    #expect(sheet.value(at: cell("B0")) == .number(7))
  }

  @Test("Rule 4: a cycle shows #CYCLE on its cells and after them, and breaking it recovers")
  func cycles() {
    let sheet = CellsModel(["A0": "=A2+1", "A1": "=A0+1", "A2": "=A1+1", "B0": "=A0", "C0": "=C0"])
    for name in ["A0", "A1", "A2", "B0", "C0"] { #expect(sheet.value(at: cell(name)) == .error("#CYCLE")) }
    sheet.setFormula("1", at: cell("A0"))
    #expect(sheet.value(at: cell("A2")) == .number(3))
    #expect(sheet.value(at: cell("B0")) == .number(1))
  }

  @Test("Rule 4: an error spreads to the cells that read it")
  func errorsSpread() {
    let sheet = CellsModel(["A0": "=1/0", "A1": "=A0+1", "A2": "=SUM(A0:A1)"])
    #expect(sheet.value(at: cell("A1")) == .error("#DIV/0"))
    #expect(sheet.value(at: cell("A2")) == .error("#DIV/0"))
  }

  @Test("Rule 4: deep nesting and long formulas end in #PARSE, not a stack overflow")
  func deepFormulas() {
    let sheet = CellsModel()
    sheet.setFormula(
      "=" + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000), at: cell("A0"))
    #expect(sheet.value(at: cell("A0")) == .error("#PARSE"))
    sheet.setFormula("=" + String(repeating: "-", count: 100_000) + "1", at: cell("A1"))
    #expect(sheet.value(at: cell("A1")) == .error("#PARSE"))
    sheet.setFormula("=" + Array(repeating: "1", count: 255).joined(separator: "+"), at: cell("A2"))
    #expect(sheet.value(at: cell("A2")) == .number(255))
  }

  @Test("Rule 5: an edit changes the rows once, updating each row whose values changed")
  func rowUpdates() {
    let sheet = CellsModel(["A0": "1", "B0": "=A0", "A5": "=A0"])
    let changes = RecordingSubscriber<ObservableArrayEvent<SheetRow>, Never>()
    sheet.rows.subscribe(changes)
    defer { changes.cancel() }
    sheet.setFormula("2", at: cell("A0"))
    #expect(changes.values.dropFirst().map(\.change) == [ArrayChangeset(updates: [0, 5])])
    sheet.setFormula("2.0", at: cell("A0"))
    #expect(changes.values.count == 2, "the same values change no row")
    #expect(sheet.rows[0].values[1] == .number(2))
  }
}
