#if GTK
import Bindings
import BindingsGTK
import Foundation
import GTKTestSupport
import SevenGUIsCore
import SevenGUIsUI
import XCTest

/// Each task in a real window: GTK is driven as a user would (typing, clicking, selecting, the
/// gestures' signals with coordinates, editing a cell), and the widgets are read back through GTK.
/// Closing each window releases its view model.
final class SevenGUIsWindowTests: GTKTestCase {
  func testCounterCountsClicks() {
    onMain {
      check({
        let model = CounterModel(); return (CounterView(model), model)
      }) { view, _, _ in
        XCTAssertEqual(text(view.count), "0")
        for _ in 0..<3 { view.button.click() }
        XCTAssertEqual(text(view.count), "3")
      }
    }
  }

  func testTemperatureConvertsBothWaysAndMarksText() {
    onMain {
      check({
        let model = TemperatureModel(); return (TemperatureView(model), model)
      }) { view, _, _ in
        gtk_editable_set_text(view.celsius.editable, "100")
        XCTAssertEqual(view.fahrenheit.text, "212")
        gtk_editable_set_text(view.fahrenheit.editable, "50")
        XCTAssertEqual(view.celsius.text, "10")
        gtk_editable_set_text(view.celsius.editable, "ten")
        XCTAssertEqual(view.fahrenheit.text, "50")
        XCTAssertTrue(view.celsius.hasCSSClass("error"))
        XCTAssertFalse(view.fahrenheit.hasCSSClass("error"))
      }
    }
  }

  func testFlightBookerDisablesAndConfirmsInAModalDialog() {
    onMain {
      check({
        let model = FlightBookerModel(today: "27.03.2014"); return (FlightBookerView(model), model)
      }) {
        view, _, window in
        XCTAssertEqual(gtk_widget_get_sensitive(view.back.widget), 0, "one-way: no return date")
        gtk_drop_down_set_selected(view.kind.opaque, 1)
        XCTAssertEqual(gtk_widget_get_sensitive(view.back.widget), 1)
        gtk_editable_set_text(view.back.editable, "26.03.2014")
        XCTAssertEqual(gtk_widget_get_sensitive(view.book.widget), 0, "return before start")
        gtk_editable_set_text(view.back.editable, "31.04.2014")
        XCTAssertTrue(view.back.hasCSSClass("error"))
        gtk_editable_set_text(view.back.editable, "01.04.2014")
        XCTAssertFalse(view.back.hasCSSClass("error"))
        XCTAssertEqual(gtk_widget_get_sensitive(view.book.widget), 1)
        view.book.click()
        waitUntil("the dialog opens") { openWindows().count == 2 }
        let dialog = openWindows().first { $0 !== window }
        XCTAssertEqual(dialog?.isModal, true)
        XCTAssertTrue(dialog?.transientFor === window)
        XCTAssertTrue(dialog is MessageDialog)
        XCTAssertTrue(
          labelTexts(in: dialog!).contains("You have booked a return flight from 27.03.2014 to 01.04.2014."))
        dialog?.destroy()
      }
    }
  }

  func testTimerRunsOnTheMainLoopFollowsTheSliderAndResets() {
    onMain {
      check({
        let model = TimerModel(scheduler: MainThreadScheduler.shared, duration: 0.3)
        return (TimerView(model), model)
      }) { view, _, _ in
        XCTAssertEqual(view.duration.adjustment.value, 0.3)
        waitUntil("the timer ends") { view.gauge.fraction == 1 }
        XCTAssertEqual(text(view.elapsed), "0.3 s")
        gtk_adjustment_set_value(view.duration.adjustment.adjustment, 0.6)
        XCTAssertEqual(view.gauge.fraction, 0.5, accuracy: 0.001)
        waitUntil("the longer timer ends") { view.gauge.fraction == 1 }
        view.reset.click()
        XCTAssertEqual(view.gauge.fraction, 0)
        XCTAssertEqual(text(view.elapsed), "0 s")
      }
    }
  }

  func testCRUDFiltersSelectsCreatesUpdatesDeletes() {
    onMain {
      check({
        let model = CRUDModel(); return (CRUDView(model), model)
      }) { view, model, _ in
        XCTAssertEqual(gtk_widget_get_sensitive(view.delete.widget), 0)
        gtk_editable_set_text(view.prefix.editable, "M")
        XCTAssertEqual(view.list.items.map(\.description), ["Mustermann, Max"])
        view.list.selectedIndex = 0
        XCTAssertEqual(view.name.text, "Max")
        XCTAssertEqual(gtk_widget_get_sensitive(view.update.widget), 1)
        gtk_editable_set_text(view.name.editable, "Moritz")
        view.update.click()
        XCTAssertEqual(view.list.items.map(\.description), ["Mustermann, Moritz"])
        gtk_editable_set_text(view.prefix.editable, "")
        XCTAssertEqual(view.list.modelCount, 3)
        XCTAssertEqual(view.list.selectedIndex, 1, "the selection follows its person")
        view.delete.click()
        XCTAssertEqual(view.list.items.map(\.surname), ["Emil", "Tisch"])
        XCTAssertEqual(gtk_widget_get_sensitive(view.delete.widget), 0)
        gtk_editable_set_text(view.name.editable, "Ada")
        gtk_editable_set_text(view.surname.editable, "Lovelace")
        view.create.click()
        XCTAssertEqual(view.list.items.last?.description, "Lovelace, Ada")
        XCTAssertEqual(model.selectedIndex, 2)
      }
    }
  }

  func testCircleDrawerClicksHoversAdjustsAndUndoes() throws {
    try onMain {
      try check({
        let model = CircleDrawerModel(); return (CircleDrawerView(model), model)
      }) { view, model, window in
        let empty = try view.canvas.renderSnapshot()
        cgtk_signal_emit_int_double_double(view.leftClick.object, "pressed", 1, 60, 60)
        cgtk_signal_emit_int_double_double(view.leftClick.object, "pressed", 1, 140, 60)
        XCTAssertEqual(model.circles.count, 2)
        XCTAssertEqual(gtk_widget_get_sensitive(view.undo.widget), 1)
        let drawn = try view.canvas.renderSnapshot()
        XCTAssertGreaterThan(drawn.differingPixels(from: empty), 50, "two circles are drawn")
        cgtk_signal_emit_double_double(view.motion.object, "motion", 62, 60)
        XCTAssertEqual(model.selected, 0)
        let filled = try view.canvas.renderSnapshot()
        XCTAssertEqual(filled.pixel(x: 60, y: 60).red, filled.pixel(x: 60, y: 60).blue)
        XCTAssertLessThan(filled.pixel(x: 60, y: 60).red, 200, "the circle under the pointer is filled grey")
        XCTAssertGreaterThan(filled.pixel(x: 140, y: 60).red, 200, "the other is not")

        cgtk_signal_emit_int_double_double(view.rightClick.object, "pressed", 1, 60, 60)
        XCTAssertTrue(view.menu.isShowing)
        view.adjustItem.click()
        XCTAssertFalse(view.menu.isShowing)
        let dialog = try XCTUnwrap(openWindows().first { $0 !== window })
        XCTAssertTrue(dialog.isModal && dialog.transientFor === window)
        let slider = try XCTUnwrap(dialog.child.flatMap { ($0 as? Box)?.children.last as? Scale })
        for diameter in [40.0, 50, 60] { gtk_adjustment_set_value(slider.adjustment.adjustment, diameter) }
        XCTAssertEqual(model.circles[0].diameter, 60, "each change applies at once")
        dialog.close()
        waitUntil("the dialog closes") { openWindows().count == 1 }
        view.undo.click()
        XCTAssertEqual(model.circles[0].diameter, 30, "the adjustment was one step")
        XCTAssertEqual(gtk_widget_get_sensitive(view.redo.widget), 1)
        view.redo.click()
        XCTAssertEqual(model.circles[0].diameter, 60)
      }
    }
  }

  func testCellsEditsAFormulaAndShowsTheDependentsValues() {
    onMain {
      check({
        let model = CellsModel(["A0": "1", "A1": "=A0*10"]); return (CellsView(model), model)
      }) {
        view, model, _ in
        XCTAssertEqual(view.table.modelCount, 100)
        view.table.waitForNextFrame()
        guard let a0 = cellLabel(view, "A", 0), let a1 = cellLabel(view, "A", 1) else {
          return XCTFail("A0 and A1 are not shown")
        }
        XCTAssertEqual([text(a0), text(a1)], ["1", "10"])
        XCTAssertGreaterThanOrEqual(labelTexts(in: view.table).count, 27 * 100, "every cell is a plain label")

        doubleClick(a1, in: view.table)
        XCTAssertTrue(view.popover.isShowing, "a double-click opens the formula editor")
        XCTAssertEqual(view.editedCell.value, CellAddress("A1"))
        XCTAssertEqual(view.editor.text, "=A0*10", "the editor shows the formula, not the value")
        XCTAssertEqual(text(a1), "10", "the cell still shows the value")
        gtk_editable_set_text(view.editor.editable, "=A0*20")
        view.editor.activate()  // Enter in the editor commits
        XCTAssertFalse(view.popover.isShowing)
        XCTAssertEqual(model.formula(at: CellAddress("A1")!), "=A0*20")
        XCTAssertEqual(text(a1), "20", "the committed formula's value is shown")

        // Enter on a focused row runs GTK's key binding of the row: it edits the column clicked last.
        let row0 = gtk_widget_get_parent(gtk_widget_get_parent(a0.widget)!)!
        XCTAssertNotEqual(gtk_widget_grab_focus(row0), 0)
        XCTAssertNotEqual(gtk_widget_activate(row0), 0)
        XCTAssertTrue(view.popover.isShowing, "Enter opens the formula editor")
        XCTAssertEqual(view.editor.text, "1")
        gtk_editable_set_text(view.editor.editable, "=2+3")
        view.editor.activate()
        XCTAssertEqual(model.formula(at: CellAddress("A0")!), "=2+3")
        XCTAssertEqual(text(a0), "5", "the value is shown again")
        XCTAssertEqual(text(a1), "100", "and the dependent's new value")

        // Escape (the popover closes) cancels the edit.
        doubleClick(a0, in: view.table)
        gtk_editable_set_text(view.editor.editable, "=7")
        view.popover.popDown()
        view.editor.activate()
        XCTAssertEqual(model.formula(at: CellAddress("A0")!), "=2+3", "a cancelled edit changes nothing")
      }
    }
  }
}

/// The label showing `column` of `row` in the Cells table.
@MainActor
private func cellLabel(_ view: CellsView, _ column: String, _ row: Int) -> Label? {
  view.table.widget(showing: TableCell(row: row, column: column)) as? Label
}

/// Double-clicks `cell` as GTK's gestures see it: the press signals alone, with counts 1 and 2 at
/// (4, 4) in the cell, on the table's click gesture (which learns where) and on GTK's cell around
/// `cell` (which activates the row).
@MainActor
private func doubleClick(_ cell: Widget, in table: Widget) {
  var x = 0.0
  var y = 0.0
  gtk_widget_translate_coordinates(cell.widget, table.widget, 4, 4, &x, &y)
  for (widget, point) in [(table.widget, (x, y)), (gtk_widget_get_parent(cell.widget)!, (4.0, 4.0))] {
    let gestures = WidgetTree.controllers(of: widget, ofType: gtk_gesture_click_get_type())
    guard let gesture = gestures.first else { return XCTFail("no click gesture") }
    for count: Int32 in [1, 2] { cgtk_signal_emit_int_double_double(gesture, "pressed", count, point.0, point.1) }
  }
}

/// Shows the view `make` returns in its window, runs `body` with the view and its model, closes
/// the window, and checks that the model is released.
@MainActor
private func check<View: TaskView, Model: AnyObject>(
  _ make: () -> (View, Model), file: StaticString = #filePath, line: UInt = #line,
  _ body: (View, Model, Window) throws -> Void
) rethrows {
  weak var weakModel: Model?
  do {
    let (view, model) = make()
    weakModel = model
    let window = view.makeWindow()
    show(window, file: file, line: line)
    try body(view, model, window)
    window.destroy()
  }
  GTK.drainMainLoop()
  XCTAssertNil(weakModel, "closing the window releases the view model", file: file, line: line)
}

/// The open windows that have a Swift wrapper.
@MainActor
private func openWindows() -> [Window] { Window.open }

@MainActor
private func text(_ label: Label) -> String { String(cString: gtk_label_get_text(label.label)) }

/// The texts of every GTK label inside `widget`, wrapped or not, depth first.
@MainActor
private func labelTexts(in widget: Widget) -> [String] {
  WidgetTree.subtree(of: widget.widget).compactMap { node in
    let instance = UnsafeMutableRawPointer(node).assumingMemoryBound(to: GTypeInstance.self)
    guard g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 else { return nil }
    return String(cString: gtk_label_get_text(OpaquePointer(node)))
  }
}
#endif
