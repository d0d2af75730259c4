#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// A model that picks pages, splits and sections.
final class NavigationModel: BindingOwner, @unchecked Sendable {
  enum Task: Hashable {
    case counter, timer, cells
  }

  let bindings = BindingBag()
  @Published var page = "timer"
  @Published var task = Task.counter
  @Published var split = 80
  @Published var showsDetails = false
}

/// Containers in real windows: children where they were put (read through GTK's getters), pages
/// following the model and the model hearing GTK's switches, style sheets drawn, and every
/// wrapper released when the window closes.
final class ContainerTests: GTKTestCase {
  func testGridPutsEachChildAtItsCell() {
    onMain {
      let name = Label("Name")
      let field = Entry()
      let notes = Label("Notes")
      let grid = Grid(rowSpacing: 4, columnSpacing: 8)
      grid.attach(name, column: 0, row: 0)
      grid.attach(field, column: 1, row: 0)
      grid.attach(notes, column: 0, row: 1, width: 2, height: 3)
      let window = Window(title: "Grid")
      window.child = grid
      show(window)

      var column: Int32 = -1
      var row: Int32 = -1
      var width: Int32 = -1
      var height: Int32 = -1
      gtk_grid_query_child(grid.grid, notes.widget, &column, &row, &width, &height)
      XCTAssertEqual([column, row, width, height], [0, 1, 2, 3])
      gtk_grid_query_child(grid.grid, field.widget, &column, &row, &width, &height)
      XCTAssertEqual([column, row, width, height], [1, 0, 1, 1])
      XCTAssertTrue(grid.child(column: 1, row: 3) === notes, "a spanning child covers its cells")
      XCTAssertNil(grid.child(column: 2, row: 0))
      XCTAssertEqual(grid.cell(of: name)?.column, 0)
      XCTAssertNil(grid.cell(of: Label("elsewhere")))
      XCTAssertEqual(grid.rowCount, 4)
      XCTAssertGreaterThan(field.allocatedSize.width, 0)

      XCTAssertEqual(gtk_grid_get_row_spacing(grid.grid), 4)
      XCTAssertEqual(gtk_grid_get_column_spacing(grid.grid), 8)
      gtk_grid_set_row_spacing(grid.grid, 10)
      XCTAssertEqual(grid.rowSpacing, 10)
      grid.columnsAreHomogeneous = true
      XCTAssertEqual(gtk_grid_get_column_homogeneous(grid.grid), 1)
      gtk_grid_set_row_homogeneous(grid.grid, 1)
      XCTAssertTrue(grid.rowsAreHomogeneous)

      grid.remove(field)
      XCTAssertNil(grid.child(column: 1, row: 0))
    }
  }

  func testGridBuildsRowsFromArraysLeavingNilCellsEmpty() {
    onMain {
      let save = Button("Save")
      let email = Entry()
      let grid = Grid(rows: [
        [Label("Name"), Entry()],
        [Label("Email"), email],
        [nil, nil],
        [nil, save],
      ])
      XCTAssertEqual(grid.cell(of: email)?.row, 1)
      XCTAssertEqual(grid.cell(of: email)?.column, 1)
      XCTAssertEqual(grid.cell(of: save)?.row, 3, "the empty row kept its place")
      XCTAssertEqual(grid.cell(of: save)?.column, 1)
      XCTAssertNil(grid.child(column: 0, row: 3))
      let phone = Entry()
      grid.appendRow([Label("Phone"), phone])
      XCTAssertEqual(grid.cell(of: phone)?.row, 4)
    }
  }

  func testPanedHoldsTwoPanesAndItsPositionIsBoundBothWays() {
    onMain {
      let model = NavigationModel()
      let start = Label("List")
      let end = Label("Details")
      let paned = Paned(.horizontal, start: start, end: end)
      let window = Window(title: "Paned", width: 400, height: 200)
      window.child = paned
      show(window)

      XCTAssertEqual(gtk_paned_get_start_child(paned.opaque), start.widget)
      XCTAssertEqual(gtk_paned_get_end_child(paned.opaque), end.widget)
      XCTAssertTrue(paned.startChild === start)
      XCTAssertEqual(paned.orientation, .horizontal)
      paned.orientation = .vertical
      XCTAssertEqual(gtk_orientable_get_orientation(paned.opaque), GTK_ORIENTATION_VERTICAL)
      paned.orientation = .horizontal

      paned.reactive.position <~> model.$split
      XCTAssertEqual(gtk_paned_get_position(paned.opaque), 80)
      model.split = 150
      XCTAssertEqual(gtk_paned_get_position(paned.opaque), 150)
      gtk_paned_set_position(paned.opaque, 120)
      XCTAssertEqual(model.split, 120, "a drag (GTK's setter) reached the model")

      paned.hasWideHandle = true
      XCTAssertEqual(gtk_paned_get_wide_handle(paned.opaque), 1)
      paned.endChild = nil
      XCTAssertNil(gtk_paned_get_end_child(paned.opaque))
    }
  }

  func testStackShowsTheModelsPageByNameAndTheModelHearsTheSwitcher() {
    onMain {
      let model = NavigationModel()
      let counter = Label("Counter page")
      let timer = Label("Timer page")
      let stack = Stack()
      stack.addPage(counter, name: "counter", title: "Counter")
      stack.addPage(timer, name: "timer", title: "Timer")
      let switcher = StackSwitcher(stack)
      let window = Window(title: "Stack")
      window.child = Box(.vertical, [switcher, stack])
      show(window)

      XCTAssertEqual(stack.pageNames, ["counter", "timer"])
      XCTAssertEqual(stack.pageTitle(of: timer), "Timer")
      XCTAssertEqual(stack.pageName(of: counter), "counter")
      XCTAssertTrue(stack.child(named: "timer") === timer)
      XCTAssertEqual(stack.visiblePageName, "counter", "the first page added shows")
      XCTAssertTrue(switcher.stack === stack)

      stack.reactive.visiblePageName <~> model.$page
      XCTAssertEqual(String(cString: gtk_stack_get_visible_child_name(stack.opaque)), "timer")
      XCTAssertEqual(gtk_stack_get_visible_child(stack.opaque), timer.widget)
      model.page = "counter"
      XCTAssertEqual(String(cString: gtk_stack_get_visible_child_name(stack.opaque)), "counter")

      gtk_stack_set_visible_child(stack.opaque, timer.widget)
      XCTAssertEqual(model.page, "timer", "GTK's setter reached the model")

      // A click on the switcher's first button shows the first page, and the model hears it.
      let firstButton = gtk_widget_get_first_child(switcher.widget)!
      cgtk_signal_emit_void(UnsafeMutableRawPointer(firstButton), "clicked")
      XCTAssertEqual(model.page, "counter")
      XCTAssertTrue(stack.visibleChild === counter)
      XCTAssertEqual(labels(in: window.child!).filter { $0.hasSuffix("page") }, ["Counter page"])

      // A name no page has, and a name taken twice, change nothing.
      model.page = "missing"
      XCTAssertEqual(stack.visiblePageName, "counter")
      stack.addPage(Label("Another"), name: "timer")
      XCTAssertEqual(stack.pageNames, ["counter", "timer"])
      XCTAssertTrue(stack.child(named: "timer") === timer)

      stack.transition = .crossfade
      XCTAssertEqual(gtk_stack_get_transition_type(stack.opaque), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
      gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN)
      XCTAssertEqual(stack.transition, .slideUpDown)
      stack.transitionDuration = 50
      XCTAssertEqual(gtk_stack_get_transition_duration(stack.opaque), 50)

      stack.remove(timer)
      XCTAssertEqual(stack.pageNames, ["counter"])
    }
  }

  func testStackPagesCanBeAnyHashableValue() {
    onMain {
      typealias Task = NavigationModel.Task
      let model = NavigationModel()
      let stack = Stack()
      let pages: [Task: Label] = [.counter: Label("Counter"), .timer: Label("Timer"), .cells: Label("Cells")]
      for task in [Task.counter, .timer, .cells] {
        stack.addPage(pages[task]!, for: task, title: "\(task)".capitalized)
      }
      stack.addPage(Label("Plain"), name: "plain")
      let sidebar = StackSidebar(stack)
      let window = Window(title: "Typed stack")
      window.child = Box(.horizontal, [sidebar, stack.expand(horizontally: true)])
      show(window)
      XCTAssertTrue(sidebar.stack === stack)
      XCTAssertEqual(stack.pageNames, ["counter", "timer", "cells", "plain"], "pages are named after their values")
      XCTAssertEqual(stack.pageTitle(of: pages[.cells]!), "Cells")

      model.task = .cells
      stack.reactive.visiblePage(as: Task.self) <~> model.$task
      XCTAssertEqual(gtk_stack_get_visible_child(stack.opaque), pages[.cells]!.widget)
      model.task = .timer
      XCTAssertEqual(String(cString: gtk_stack_get_visible_child_name(stack.opaque)), "timer")
      XCTAssertEqual(stack.visiblePage(as: Task.self), .timer)

      gtk_stack_set_visible_child(stack.opaque, pages[.counter]!.widget)
      XCTAssertEqual(model.task, .counter, "GTK's setter reached the model")

      // A page added by name only is not a Task: the model keeps its value.
      gtk_stack_set_visible_child_name(stack.opaque, "plain")
      XCTAssertEqual(model.task, .counter)
      XCTAssertNil(stack.visiblePage(as: Task.self))
      stack.showPage(Task.timer)
      XCTAssertEqual(model.task, .timer)

      // The same value twice is refused.
      stack.addPage(Label("Again"), for: Task.timer)
      XCTAssertEqual(stack.pageNames.count, 4)

      // The page names made unique when a value's name is taken.
      let other = Stack()
      other.addPage(Label("named"), name: "counter")
      other.addPage(Label("typed"), for: Task.counter)
      XCTAssertEqual(other.pageNames, ["counter", "counter-2"])
      other.showPage(Task.counter)
      XCTAssertEqual(other.visiblePageName, "counter-2")
    }
  }

  func testHeaderBarHoldsItsChildrenAndIsTheWindowsTitlebar() {
    onMain {
      let back = Button("Back")
      let save = Button("Save")
      let title = Label("Title")
      let header = HeaderBar(start: [back], title: title, end: [save])
      let window = Window(title: "Header")
      window.titlebar = header
      window.child = Label("Content")
      show(window)

      XCTAssertEqual(gtk_window_get_titlebar(window.window), header.widget)
      XCTAssertTrue(window.titlebar === header)
      XCTAssertEqual(gtk_header_bar_get_title_widget(header.opaque), title.widget)
      XCTAssertTrue(header.titleWidget === title)
      XCTAssertEqual(gtk_widget_get_ancestor(back.widget, gtk_header_bar_get_type()), header.widget)
      XCTAssertEqual(gtk_widget_get_ancestor(save.widget, gtk_header_bar_get_type()), header.widget)
      XCTAssertGreaterThan(back.allocatedSize.width, 0, "the start button is shown")
      let extra = Button("More")
      header.packEnd(extra)
      XCTAssertEqual(gtk_widget_get_ancestor(extra.widget, gtk_header_bar_get_type()), header.widget)
      header.remove(extra)
      XCTAssertNil(gtk_widget_get_parent(extra.widget))

      header.showsTitleButtons = false
      XCTAssertEqual(gtk_header_bar_get_show_title_buttons(header.opaque), 0)
      header.titleWidget = nil
      XCTAssertNil(gtk_header_bar_get_title_widget(header.opaque))
      let hidden = Window(title: "Not shown")
      hidden.titlebar = HeaderBar()
      hidden.titlebar = nil
      XCTAssertNil(gtk_window_get_titlebar(hidden.window))
    }
  }

  func testExpanderIsBoundBothWaysAndFrameSeparatorAndCenterBoxHoldTheirChildren() {
    onMain {
      let model = NavigationModel()
      let details = Label("Details")
      let expander = Expander("More", child: details)
      let framed = Label("Inside")
      let frame = Frame("Group", child: framed)
      let (start, center, end) = (Label("Start"), Label("Center"), Label("End"))
      let centerBox = CenterBox(start: start, center: center, end: end)
      let separator = Separator(.vertical)
      let window = Window(title: "Containers")
      window.child = Box(.vertical, [expander, frame, separator, centerBox])
      show(window)

      XCTAssertEqual(gtk_expander_get_child(expander.opaque), details.widget)
      XCTAssertEqual(String(cString: gtk_expander_get_label(expander.opaque)), "More")
      expander.reactive.isExpanded <~> model.$showsDetails
      XCTAssertEqual(gtk_expander_get_expanded(expander.opaque), 0)
      model.showsDetails = true
      XCTAssertEqual(gtk_expander_get_expanded(expander.opaque), 1)
      waitUntil("the details show") { gtk_widget_get_mapped(details.widget) != 0 }
      gtk_expander_set_expanded(expander.opaque, 0)
      XCTAssertFalse(model.showsDetails, "GTK's setter reached the model")
      // A click on the title, as the user makes it.
      cgtk_signal_emit_void(expander.object, "activate")
      XCTAssertTrue(model.showsDetails, "the user's click reached the model")
      expander.reactive.label <~ model.$page.map { "Page \($0)" }
      XCTAssertEqual(expander.label, "Page timer")

      XCTAssertEqual(gtk_frame_get_child(frame.frame), framed.widget)
      XCTAssertEqual(String(cString: gtk_frame_get_label(frame.frame)), "Group")
      frame.reactive.label <~ model.$page.map { Optional($0) }
      XCTAssertEqual(String(cString: gtk_frame_get_label(frame.frame)), "timer")
      frame.label = nil
      XCTAssertNil(gtk_frame_get_label(frame.frame))

      XCTAssertEqual(gtk_orientable_get_orientation(separator.opaque), GTK_ORIENTATION_VERTICAL)
      separator.orientation = .horizontal
      XCTAssertEqual(gtk_orientable_get_orientation(separator.opaque), GTK_ORIENTATION_HORIZONTAL)

      XCTAssertEqual(gtk_center_box_get_start_widget(centerBox.opaque), start.widget)
      XCTAssertEqual(gtk_center_box_get_center_widget(centerBox.opaque), center.widget)
      XCTAssertEqual(gtk_center_box_get_end_widget(centerBox.opaque), end.widget)
      XCTAssertTrue(centerBox.endChild === end)
      centerBox.orientation = .vertical
      XCTAssertEqual(gtk_orientable_get_orientation(centerBox.opaque), GTK_ORIENTATION_VERTICAL)
    }
  }

  func testClosingAWindowReleasesEveryContainerAndItsChildren() {
    onMain {
      let before = GTKLiveObjects.total
      let model = NavigationModel()
      var containers: [WeakWidget] = []
      weak var weakWindow: Window?
      do {
        let stack = Stack()
        stack.addPage(Label("One"), for: NavigationModel.Task.counter, title: "One")
        stack.addPage(Label("Two"), name: "two", title: "Two")
        stack.reactive.visiblePageName <~> model.$page
        stack.reactive.visiblePage(as: NavigationModel.Task.self) ~> (model, { model, task in model.task = task })
        let expander = Expander("More", child: Label("Details"))
        expander.reactive.isExpanded <~> model.$showsDetails
        let paned = Paned(start: Label("Start"), end: Label("End"))
        paned.reactive.position <~> model.$split
        let grid = Grid(rows: [[Label("a"), Label("b")], [nil, Entry()]])
        let header = HeaderBar(start: [Button("Back")], title: StackSwitcher(stack))
        let window = Window(title: "Everything")
        window.titlebar = header
        let all: [Widget] = [
          stack, StackSidebar(stack), expander, paned, grid, Frame("F", child: Label("f")), Separator(),
          CenterBox(start: Label("s"), center: Label("c"), end: Label("e")), header,
        ]
        window.child = Box(
          .vertical,
          [
            stack, all[1], expander, paned, grid, all[5], all[6], all[7],
          ])
        containers = all.map(WeakWidget.init)
        weakWindow = window
        show(window)
      }
      XCTAssertTrue(containers.allSatisfy { $0.widget != nil }, "the open window keeps them")
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      for container in containers {
        XCTAssertNil(container.widget, "\(container.typeName) was not released")
      }
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
      XCTAssertEqual(model.bindings.count, 0, "the bindings into the model ended with the widgets")
      model.page = "two"  // reaches nothing, and crashes nothing
    }
  }

  func testAStyleSheetStylesEveryWindowUntilRemoved() throws {
    try onMain {
      let label = Label("Styled").cssClass("bindings-test-red").sizeRequest(width: 60, height: 30)
      let window = Window(title: "CSS")
      window.child = label
      show(window)
      let plain = try label.renderSnapshot()
      XCTAssertFalse(isRed(plain.pixel(x: 2, y: 2)))

      let sheet = try StyleSheet.add(".bindings-test-red { background-color: rgb(255, 0, 0); }")
      XCTAssertTrue(sheet.isAdded)
      waitUntil("the label turns red") { (try? label.renderSnapshot()).map { isRed($0.pixel(x: 2, y: 2)) } ?? false }

      sheet.remove()
      sheet.remove()
      XCTAssertFalse(sheet.isAdded)
      waitUntil("the label is plain again") {
        (try? label.renderSnapshot()).map { !isRed($0.pixel(x: 2, y: 2)) } ?? false
      }
    }
  }

  func testAStyleSheetWithErrorsIsRefusedWithEveryProblem() throws {
    try onMain {
      let css = """
        .fine { color: blue; }
        .wrong { colour: red; }
        .worse { color: notacolor; }
        """
      XCTAssertThrowsError(try StyleSheet.add(css)) { error in
        guard case .invalidCSS(let problems) = error as? StyleSheetError else {
          return XCTFail("unexpected error \(error)")
        }
        XCTAssertEqual(problems.map(\.line), [2, 3])
        XCTAssertEqual(problems.first?.column, 10)
        XCTAssertTrue(problems.first?.message.contains("colour") ?? false, "\(problems)")
        XCTAssertTrue("\(error)".hasPrefix("the style sheet has 2 problems: 2:10:"), "\(error)")
      }
      // Nothing was added: a widget with the valid part's class keeps the theme's colour.
      let label = Label("x").cssClass("fine")
      let window = Window(title: "CSS errors")
      window.child = label
      show(window)
      let context = gtk_widget_get_style_context(label.widget)
      var color = GdkRGBA()
      gtk_style_context_get_color(context, &color)
      XCTAssertLessThan(color.blue, 0.9, "the refused style sheet's rule does not apply")
    }
  }
}

/// A weak reference to a widget, with its type's name for messages.
@MainActor
private struct WeakWidget {
  weak var widget: Widget?
  let typeName: String

  init(_ widget: Widget) {
    self.widget = widget
    typeName = "\(type(of: widget))"
  }
}

/// Whether `pixel` is the test style sheet's red.
private func isRed(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
  pixel.red > 240 && pixel.green < 15 && pixel.blue < 15 && pixel.alpha > 240
}
#endif
