#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Tables from observable arrays, in real windows: exact splices, cells, sorting through the model,
/// selection, editable cells, lifetimes.
final class ColumnViewTests: GTKTestCase {
  func testRowsFollowTheArrayBySplicesAndCellsShowTheItems() {
    onMain {
      let planets = MutableObservableArray([
        Planet(name: "Mercury", moons: 0), Planet(name: "Venus", moons: 0), Planet(name: "Earth", moons: 1),
      ])
      let table = makePlanetTable()
      table.reactive.items <~ planets
      let window = Window(title: "Planets", width: 400, height: 300)
      window.child = ScrolledWindow(table)
      show(window)
      table.waitForNextFrame()
      XCTAssertEqual(labels(in: table), ["Mercury", "0", "Venus", "0", "Earth", "1"])
      XCTAssertEqual(table.columns.map(\.title), ["Name", "Moons"])
      XCTAssertEqual(table.columns[1].fixedWidth, 80)
      XCTAssertTrue(table.columns[0].expands)
      XCTAssertTrue(table.columns[0].isResizable)

      let recorder = SpliceRecorder(table)
      planets.append(Planet(name: "Mars", moons: 2))
      planets.remove(at: 1)
      planets.insert(contentsOf: [Planet(name: "Sun", moons: 0), Planet(name: "Vulcan", moons: 0)], at: 0)
      planets[3].moons = 1
      planets.move(from: 0, to: 4)
      XCTAssertEqual(
        recorder.splices,
        [
          Splice(3, 0, 1),  // append
          Splice(1, 1, 0),  // remove
          Splice(0, 0, 2),  // two inserted together
          Splice(3, 1, 1),  // an update replaces its item
          Splice(0, 5, 5),  // a move: one splice over the rows between, with the same objects
        ]
      )
      XCTAssertEqual(table.items, planets.contents)
      XCTAssertEqual(table.spliceCount, 6, "one reset, then one splice per run")
      table.waitForNextFrame()
      XCTAssertEqual(labels(in: table), planets.contents.flatMap { [$0.name, "\($0.moons)"] })
    }
  }

  func testAHeaderClickReachesTheModelWhichSortsAndTheTableFollowsBySplices() {
    onMain {
      final class Model: BindingOwner, @unchecked Sendable {
        let bindings = BindingBag()
        let planets = MutableObservableArray([
          Planet(name: "Earth", moons: 1), Planet(name: "Mars", moons: 2), Planet(name: "Jupiter", moons: 95),
          Planet(name: "Venus", moons: 0),
        ])
        @Published var sortOrder: ColumnSortOrder?

        /// Sorts the planets as `order` says, and shows it.
        func sort(by order: ColumnSortOrder?) {
          sortOrder = order
          guard let order else { return }
          let sorted = planets.contents.sorted {
            let before = order.column == "name" ? $0.name < $1.name : $0.moons < $1.moons
            let after = order.column == "name" ? $1.name < $0.name : $1.moons < $0.moons
            return order.ascending ? before : after
          }
          planets.replace(with: sorted, identifiedBy: \.name)
        }
      }
      let model = Model()
      let table = makePlanetTable(sortable: true)
      table.reactive.items <~ model.planets
      table.reactive.sortOrder ~> (model, { model, order in model.sort(by: order) })
      table.reactive.sortOrder <~ model.$sortOrder
      let window = Window(title: "Sorting", width: 400, height: 300)
      window.child = ScrolledWindow(table)
      show(window)
      XCTAssertNil(model.sortOrder)
      XCTAssertNil(table.sortOrder)

      // The user clicks "Moons" twice: GTK's header sorts by the column, then reverses it.
      let recorder = SpliceRecorder(table)
      let objectsBefore = Set(itemObjects(of: table.selection))
      let moons = table.column(id: "moons")!
      gtk_column_view_sort_by_column(table.columnView, OpaquePointer(moons.column.object), GTK_SORT_ASCENDING)
      XCTAssertEqual(model.sortOrder, ColumnSortOrder(column: "moons", ascending: true))
      waitUntil("the table follows the model's order") { table.items == model.planets.contents }
      XCTAssertEqual(table.items.map(\.moons), [0, 1, 2, 95], "the model sorted, the table followed")
      gtk_column_view_sort_by_column(table.columnView, OpaquePointer(moons.column.object), GTK_SORT_DESCENDING)
      XCTAssertEqual(model.sortOrder, ColumnSortOrder(column: "moons", ascending: false))
      waitUntil("the table follows the model's order") { table.items == model.planets.contents }
      XCTAssertEqual(table.items.map(\.moons), [95, 2, 1, 0])
      XCTAssertEqual(Set(itemObjects(of: table.selection)), objectsBefore, "moves keep their objects: not a reload")
      XCTAssertEqual(table.spliceCount, 1 + recorder.splices.count)

      // The model chooses an order: the indicator follows (read back from GTK's sorter), and so do the rows.
      model.sort(by: ColumnSortOrder(column: "name"))
      XCTAssertEqual(table.sortOrder, ColumnSortOrder(column: "name", ascending: true))
      waitUntil("the table follows the model's order") { table.items == model.planets.contents }
      XCTAssertEqual(table.items.map(\.name), ["Earth", "Jupiter", "Mars", "Venus"])
      table.waitForNextFrame()
      XCTAssertEqual(labels(in: table), ["Earth", "1", "Jupiter", "95", "Mars", "2", "Venus", "0"])

      // No order: the indicator goes.
      model.sort(by: nil)
      XCTAssertNil(table.sortOrder)
      // An order naming no sortable column is ignored.
      table.sortOrder = ColumnSortOrder(column: "rings")
      XCTAssertNil(table.sortOrder)
    }
  }

  func testSelectionBothWaysAndRowActivation() {
    onMain {
      let planets = MutableObservableArray(["Mercury", "Venus", "Earth"].map { Planet(name: $0, moons: 0) })
      let selected = MutableProperty<Int?>(nil)
      let table = makePlanetTable()
      table.reactive.items <~ planets
      table.reactive.selectedIndex <~> selected
      var selectedNames: [String?] = []
      var activated: [Int] = []
      let tokens = [
        table.reactive.selectedItem.sink { selectedNames.append($0?.name) },
        table.reactive.activated.sink { activated.append($0) },
      ]
      let window = Window(title: "Selection", width: 400, height: 300)
      window.child = ScrolledWindow(table)
      show(window)

      gtk_single_selection_set_selected(table.selection, 2)  // the user clicks "Earth"
      XCTAssertEqual(selected.value, 2)
      planets.insert(Planet(name: "Sun", moons: 0), at: 0)
      XCTAssertEqual(selected.value, 3, "the selection stays on Earth")
      selected.value = 1
      XCTAssertEqual(gtk_single_selection_get_selected(table.selection), 1)
      XCTAssertEqual(selectedNames, [nil, "Earth", "Earth", "Mercury"])

      // The user activates the third row (GTK's own action, as a double click runs it).
      let rows = firstDescendant(of: table.widget, ofType: gtk_list_view_get_type())!
      gtk_widget_activate_action_variant(rows, "list.activate-item", g_variant_new_uint32(2))
      XCTAssertEqual(activated, [2])
      tokens.forEach { $0.cancel() }
    }
  }

  func testADoubleClickOrEnterOnACellSendsThatCellAndTheTableFindsItsWidget() {
    onMain {
      let planets = MutableObservableArray([Planet(name: "Mercury", moons: 0), Planet(name: "Earth", moons: 1)])
      let table = makePlanetTable()
      table.reactive.items <~ planets
      var activated: [TableCell] = []
      let token = table.reactive.activatedCell.sink { activated.append($0) }
      let window = Window(title: "Cells", width: 400, height: 300)
      window.child = ScrolledWindow(table)
      show(window)
      table.waitForNextFrame()
      guard let moons = table.widget(showing: TableCell(row: 1, column: "moons")) as? Label,
        let name = table.widget(showing: TableCell(row: 0, column: "name")) as? Label
      else { return XCTFail("the cells shown are not found") }
      XCTAssertEqual([moons.text, name.text], ["1", "Mercury"])
      XCTAssertNil(table.widget(showing: TableCell(row: 2, column: "name")), "no row 2")
      XCTAssertNil(table.widget(showing: TableCell(row: 0, column: "rings")), "no such column")
      XCTAssertEqual(table.cell(containing: moons), TableCell(row: 1, column: "moons"))
      XCTAssertNil(table.cell(containing: window), "a widget outside the table is in no cell")

      // A double click on Earth's moons: the table's gesture sees where, GTK's cell activates the row.
      XCTAssertNil(table.lastPressedCell)
      doubleClick(moons, in: table)
      XCTAssertEqual(table.lastPressedCell, TableCell(row: 1, column: "moons"))
      XCTAssertEqual(table.cell(at: Point(x: 1, y: 1)), nil, "the header is no cell")
      XCTAssertEqual(activated, [TableCell(row: 1, column: "moons")])
      // Enter on Mercury's row, which the keyboard focused: the column clicked last.
      let mercuryRow = gtk_widget_get_parent(gtk_widget_get_parent(name.widget)!)!
      XCTAssertNotEqual(gtk_widget_grab_focus(mercuryRow), 0)
      XCTAssertNotEqual(gtk_widget_activate(mercuryRow), 0)
      XCTAssertEqual(activated.last, TableCell(row: 0, column: "moons"))
      // A double click on Mercury's name, then Enter: that column now.
      doubleClick(name, in: table)
      XCTAssertNotEqual(gtk_widget_activate(mercuryRow), 0)
      XCTAssertEqual(activated.suffix(2), [TableCell(row: 0, column: "name"), TableCell(row: 0, column: "name")])
      XCTAssertEqual(activated.count, 4)
      token.cancel()
      window.destroy()
    }
  }

  func testAnEditedCellCommitsToTheModelAndARecycledCellLetsGoOfItsBindings() {
    onMain {
      final class Cell: @unchecked Sendable {
        @Published var formula: String
        init(_ formula: String) { self.formula = formula }
      }
      let counter = BindingCounter()
      let cells = MutableObservableArray(["1", "=A0+1", "hello"].map(Cell.init))
      let table = ColumnView<Cell>(columns: [
        .init(
          title: "A", makeCell: { EditableLabel() },
          bindCell: { label, cell in
            label.reactive.text <~> cell.$formula
            label.reactive.isVisible <~ counter.counted(Empty<Bool, Never>(completeImmediately: false))
          })
      ])
      table.reactive.items <~ cells
      let window = Window(title: "Cells", width: 300, height: 300)
      window.child = ScrolledWindow(table)
      show(window)
      table.waitForNextFrame()
      let editors = descendants(of: table.widget).compactMap { GObjectWrapper.wrapper(for: $0) as? EditableLabel }
      XCTAssertEqual(editors.map(\.text), ["1", "=A0+1", "hello"])
      XCTAssertEqual(counter.live, 3)

      // The user starts editing the second cell, types, and presses Enter.
      let editor = editors[1]
      var editing: [Bool] = []
      let token = editor.reactive.isEditing.sink { editing.append($0) }
      editor.isEditing = true
      let field = gtk_editable_get_delegate(editor.editable)!
      gtk_editable_set_text(field, "=A0")
      XCTAssertEqual(cells[1].formula, "=A0+1", "nothing is committed while typing")
      gtk_editable_set_text(field, "=A0*2")
      cgtk_signal_emit_void(UnsafeMutableRawPointer(field), "activate")  // Enter
      XCTAssertFalse(editor.isEditing)
      XCTAssertEqual(cells[1].formula, "=A0*2", "Enter committed the text to the model")
      XCTAssertEqual(editing, [false, true, false])

      // Escape puts the text back: the model keeps its value.
      editor.isEditing = true
      gtk_editable_set_text(field, "discarded")
      editor.stopEditing(commit: false)
      XCTAssertEqual(cells[1].formula, "=A0*2")
      XCTAssertEqual(editor.text, "=A0*2")

      // The model writes: the cell shows it.
      cells[2].formula = "world"
      XCTAssertEqual(editors[2].text, "world")

      // A removed row's cell is unbound: its bindings end, and it no longer writes into the item.
      _ = cells.remove(at: 0)
      table.waitForNextFrame()
      XCTAssertEqual(counter.live, 2)
      token.cancel()
    }
  }

  func testClosingTheWindowReleasesTheTableItsCellsBindingsAndItems() {
    onMain {
      let before = GTKLiveObjects.total
      let counter = BindingCounter()
      weak var weakTable: ColumnView<Person>?
      weak var weakPerson: Person?
      weak var weakWindow: Window?
      do {
        let people = MutableObservableArray((0..<50).map { Person(name: "Person \($0)") })
        weakPerson = people[0]
        let table = ColumnView<Person>(columns: [
          .init(
            title: "Name", sortable: true, makeCell: { Label() },
            bindCell: { label, person in label.reactive.text <~ counter.counted(person.$name) }),
          .init(title: "Initial", makeCell: { Label() }, bindCell: { $0.text = String($1.name.prefix(1)) }),
        ])
        table.reactive.items <~ people
        let window = Window(title: "Lifetime", width: 300, height: 300)
        window.child = ScrolledWindow(table)
        show(window)
        table.waitForNextFrame()
        (weakTable, weakWindow) = (table, window)
      }
      XCTAssertNotNil(weakTable, "the window keeps the table")
      XCTAssertNotNil(weakPerson, "the table keeps its items")
      XCTAssertGreaterThan(counter.live, 0)
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakTable)
      XCTAssertNil(weakPerson)
      XCTAssertEqual(counter.live, 0, "every cell's binding ended")
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
    }
  }

  func testASpreadsheetOf26ColumnsAnd100RowsOpensQuickly() {
    onMain {
      // Times are logged, not asserted: they depend on the machine and its load.
      let labels = openSpreadsheet(cells: "labels") { Label() }
      XCTAssertTrue(labels.contains("Z0"))
      let editable = openSpreadsheet(cells: "editable labels") { EditableLabel() }
      XCTAssertTrue(editable.contains("Z0"))
      XCTAssertEqual(editable.count, 2600, "100 rows fit GTK's window of rows: every cell is made")
    }
  }

}

/// A row of the tables below.
struct Planet: Equatable {
  var name: String
  var moons: Int
}

@MainActor
func makePlanetTable(sortable: Bool = false) -> ColumnView<Planet> {
  ColumnView<Planet>(columns: [
    .init(
      title: "Name", id: "name", expands: true, sortable: sortable,
      makeCell: { Label() }, bindCell: { label, planet in label.text = planet.name }),
    .init(
      title: "Moons", id: "moons", fixedWidth: 80, sortable: sortable,
      makeCell: { Label() }, bindCell: { label, planet in label.text = "\(planet.moons)" }),
  ])
}

/// Opens a 26 × 100 table whose cells `makeCell` makes, logs how long its first frame took, and
/// returns the texts of the cells made.
@MainActor
func openSpreadsheet<Cell: Widget>(cells: String, makeCell: @escaping @MainActor () -> Cell) -> [String] {
  let letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
  let start = ContinuousClock.now
  let cpuStart = clock()
  let table = ColumnView<SpreadsheetRow>(
    selection: .none,
    columns: letters.map { letter in
      .init(
        title: letter, fixedWidth: 70, makeCell: makeCell,
        bindCell: { cell, row in
          let text = "\(letter)\(row.number)"
          if let label = cell as? Label { label.text = text }
          if let label = cell as? EditableLabel { label.text = text }
        })
    })
  table.showsColumnSeparators = true
  table.showsRowSeparators = true
  table.reactive.items <~ MutableObservableArray((0..<100).map(SpreadsheetRow.init))
  let window = Window(title: "Cells", width: 1000, height: 700)
  window.child = ScrolledWindow(table)
  show(window)
  table.waitForNextFrame()
  let elapsed = ContinuousClock.now - start
  let cpu = Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC)
  let texts = descendants(of: table.widget).compactMap { node -> String? in
    switch GObjectWrapper.wrapper(for: node) {
    case let label as Label: label.text
    case let label as EditableLabel: label.text
    default: nil
    }
  }
  print("ColumnView: 26 × 100 \(cells): first frame after \(elapsed) (\(cpu) s of CPU), \(texts.count) cells")
  XCTAssertEqual(table.modelCount, 100)
  XCTAssertTrue(table.showsColumnSeparators)
  window.close()
  GTK.drainMainLoop()
  return texts
}

/// Double-clicks `cell` (a cell widget of `table`) as GTK's gestures see it: the press signals alone,
/// with counts 1 and 2 at (4, 4) in the cell, emitted on the table's click gesture (which learns
/// where) and on GTK's cell around `cell` (which activates the row).
@MainActor
func doubleClick(_ cell: Widget, in table: Widget) {
  var x = 0.0
  var y = 0.0
  gtk_widget_translate_coordinates(cell.widget, table.widget, 4, 4, &x, &y)
  for (widget, point) in [(table.widget, (x, y)), (gtk_widget_get_parent(cell.widget)!, (4.0, 4.0))] {
    guard let gesture = clickGesture(of: widget) else { return XCTFail("no click gesture") }
    for count: Int32 in [1, 2] { cgtk_signal_emit_int_double_double(gesture, "pressed", count, point.0, point.1) }
  }
}

/// The first click gesture among `widget`'s controllers.
@MainActor
func clickGesture(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutableRawPointer? {
  WidgetTree.controllers(of: widget, ofType: gtk_gesture_click_get_type()).first
}

/// A row of the spreadsheet test.
struct SpreadsheetRow {
  let number: Int
}

/// Every widget inside `root`, depth first.
@MainActor
func descendants(of root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
  Array(WidgetTree.subtree(of: root).dropFirst())
}

/// The first widget inside `root` whose GType is `type` or derives from it.
@MainActor
func firstDescendant(of root: UnsafeMutablePointer<GtkWidget>, ofType type: GType) -> UnsafeMutablePointer<GtkWidget>? {
  descendants(of: root).first {
    cgtk_type_is_a(
      UnsafeMutableRawPointer($0).assumingMemoryBound(to: GObject.self).pointee.g_type_instance.g_class.pointee.g_type,
      type) != 0
  }
}
#endif
