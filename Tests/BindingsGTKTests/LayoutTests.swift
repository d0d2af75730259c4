#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// What a layout binds: plain Swift, `@Published` properties.
final class LayoutModel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  @Published var margin = 4
  @Published var wide = false
  @Published var alignment = Alignment.start
  @Published var insets = Insets(2)
}

/// A view made by subclassing ``Box``, as an application would.
private final class LabeledField: Box {
  let field = Entry()

  init(_ title: String) {
    super.init(.horizontal, spacing: 6, [Label(title)])
    append(field.expand(horizontally: true))
  }
}

/// Margins, expansion, alignment and size requests on every widget: through properties, chained
/// modifiers and bindings, read back through GTK's getters, and GTK's changes read back through
/// the sources.
final class LayoutTests: GTKTestCase {
  func testLayoutPropertiesAreGTKsOwnBothWays() {
    onMain {
      let label = Label("Name")
      label.marginTop = 1
      label.marginLeading = 2
      label.marginBottom = 3
      label.marginTrailing = 4
      XCTAssertEqual(gtk_widget_get_margin_top(label.widget), 1)
      XCTAssertEqual(gtk_widget_get_margin_start(label.widget), 2)
      XCTAssertEqual(gtk_widget_get_margin_bottom(label.widget), 3)
      XCTAssertEqual(gtk_widget_get_margin_end(label.widget), 4)
      XCTAssertEqual(label.margins, Insets(top: 1, leading: 2, bottom: 3, trailing: 4))
      XCTAssertNil(label.margin, "the sides differ")

      label.margin = 12
      XCTAssertEqual(label.margins, Insets(12))
      XCTAssertEqual(label.margin, 12)
      gtk_widget_set_margin_end(label.widget, 7)
      XCTAssertEqual(label.marginTrailing, 7)
      XCTAssertNil(label.margin)
      label.margin = nil
      XCTAssertEqual(label.margins, .zero)
      label.margins = Insets(horizontal: 8, vertical: 3)
      XCTAssertEqual(gtk_widget_get_margin_start(label.widget), 8)
      XCTAssertEqual(gtk_widget_get_margin_top(label.widget), 3)

      label.expandsHorizontally = true
      XCTAssertEqual(gtk_widget_get_hexpand(label.widget), 1)
      XCTAssertEqual(gtk_widget_get_vexpand(label.widget), 0)
      gtk_widget_set_vexpand(label.widget, 1)
      XCTAssertTrue(label.expandsVertically)

      for alignment in [Alignment.fill, .start, .end, .center, .baseline] {
        label.verticalAlignment = alignment
        XCTAssertEqual(label.verticalAlignment, alignment)
      }
      label.horizontalAlignment = .end
      XCTAssertEqual(gtk_widget_get_halign(label.widget), GTK_ALIGN_END)
      gtk_widget_set_valign(label.widget, GTK_ALIGN_CENTER)
      XCTAssertEqual(label.verticalAlignment, .center)

      label.sizeRequest = (width: 120, height: -1)
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_widget_get_size_request(label.widget, &width, &height)
      XCTAssertEqual(width, 120)
      XCTAssertEqual(height, -1)
      gtk_widget_set_size_request(label.widget, 30, 40)
      XCTAssertEqual(label.sizeRequest.width, 30)
      XCTAssertEqual(label.sizeRequest.height, 40)
    }
  }

  func testModifiersChainAndReturnTheWidgetAsItsOwnType() {
    onMain {
      let entry: Entry = Entry(text: "Ada")
        .margin(12)
        .margin(top: 0)
        .expand(horizontally: true)
        .align(horizontal: .start, vertical: .center)
        .sizeRequest(width: 200)
        .cssClass("name-field")
      XCTAssertEqual(entry.text, "Ada", "still typed as an Entry")
      XCTAssertEqual(entry.margins, Insets(top: 0, leading: 12, bottom: 12, trailing: 12))
      XCTAssertTrue(entry.expandsHorizontally)
      XCTAssertFalse(entry.expandsVertically, "a side left nil is left as it is")
      XCTAssertEqual(gtk_widget_get_halign(entry.widget), GTK_ALIGN_START)
      XCTAssertEqual(gtk_widget_get_valign(entry.widget), GTK_ALIGN_CENTER)
      XCTAssertEqual(entry.sizeRequest.width, 200)
      XCTAssertEqual(entry.sizeRequest.height, -1)
      XCTAssertTrue(entry.hasCSSClass("name-field"))

      let caption = Label("Caption").margin(Insets(horizontal: 6, vertical: 2)).expand(vertically: true)
      XCTAssertEqual(caption.margins, Insets(top: 2, leading: 6, bottom: 2, trailing: 6))
      XCTAssertTrue(caption.expandsVertically)
      XCTAssertFalse(caption.expandsHorizontally)
    }
  }

  func testMarginsAndAlignmentLayTheWidgetOutInAWindow() {
    onMain {
      let label = Label("Indented").margin(top: 20, leading: 30).align(horizontal: .start, vertical: .start)
      let window = Window(title: "Layout", width: 300, height: 200)
      window.child = label
      show(window)
      // Where the label starts in the window, with its margins and without.
      var origin = graphene_point_t()
      var labelInWindow = graphene_point_t()
      var windowChildOrigin = graphene_point_t()
      XCTAssertEqual(gtk_widget_compute_point(label.widget, window.widget, &origin, &labelInWindow), 1)
      label.margin = 0
      waitUntil("the label moves") {
        _ = gtk_widget_compute_point(label.widget, window.widget, &origin, &windowChildOrigin)
        return windowChildOrigin.x != labelInWindow.x
      }
      XCTAssertEqual(labelInWindow.x - windowChildOrigin.x, 30, accuracy: 0.5)
      XCTAssertEqual(labelInWindow.y - windowChildOrigin.y, 20, accuracy: 0.5)
      XCTAssertLessThan(label.allocatedSize.width, 300, "aligned at the start, not filling the width")
    }
  }

  func testLayoutEndpointsFollowTheModelAndReportGTKsChanges() {
    onMain {
      let model = LayoutModel()
      let label = Label("Bound")
      let window = Window(title: "Bound layout")
      window.child = label
      show(window)

      label.reactive.marginTop <~ model.$margin
      label.reactive.marginLeading <~ model.$margin.map { $0 * 2 }
      label.reactive.marginBottom <~ model.$margin.map { $0 * 3 }
      label.reactive.marginTrailing <~ model.$margin.map { $0 * 4 }
      XCTAssertEqual(label.margins, Insets(top: 4, leading: 8, bottom: 12, trailing: 16))
      model.margin = 1
      XCTAssertEqual(gtk_widget_get_margin_top(label.widget), 1)
      XCTAssertEqual(gtk_widget_get_margin_end(label.widget), 4)

      label.reactive.expandsHorizontally <~> model.$wide
      label.reactive.horizontalAlignment <~> model.$alignment
      XCTAssertEqual(gtk_widget_get_halign(label.widget), GTK_ALIGN_START)
      gtk_widget_set_hexpand(label.widget, 1)
      XCTAssertTrue(model.wide, "GTK's change reached the model")
      gtk_widget_set_halign(label.widget, GTK_ALIGN_CENTER)
      XCTAssertEqual(model.alignment, .center)
      model.alignment = .end
      XCTAssertEqual(gtk_widget_get_halign(label.widget), GTK_ALIGN_END)

      var tops: [Int] = []
      var valigns: [Alignment] = []
      var vexpands: [Bool] = []
      let tokens = [
        label.reactive.marginTop.sink { tops.append($0) },
        label.reactive.verticalAlignment.sink { valigns.append($0) },
        label.reactive.expandsVertically.sink { vexpands.append($0) },
      ]
      gtk_widget_set_margin_top(label.widget, 9)
      gtk_widget_set_valign(label.widget, GTK_ALIGN_BASELINE)
      gtk_widget_set_vexpand(label.widget, 1)
      XCTAssertEqual(tops, [1, 9])
      XCTAssertEqual(valigns, [.fill, .baseline])
      XCTAssertEqual(vexpands, [false, true])
      tokens.forEach { $0.cancel() }

      let other = Label("All sides")
      other.reactive.margins <~ model.$insets
      XCTAssertEqual(other.margins, Insets(2))
      model.insets = Insets(top: 1, leading: 2, bottom: 3, trailing: 4)
      XCTAssertEqual(gtk_widget_get_margin_bottom(other.widget), 3)
    }
  }

  /// The examples of the article "Laying out windows" (LayingOutWindows.md), as they appear there.
  func testTheArticlesWindowsAreOneExpressionEach() {
    onMain {
      let nameField = Entry()
      let notes = TextView(wrapMode: .word)
      let save = Button("Save")
      let window = Window(title: "Article")
      window.child = Grid(
        rows: [
          [Label("Name").align(horizontal: .end), nameField.expand(horizontally: true)],
          [Label("Notes").align(horizontal: .end, vertical: .start), notes.expand(vertically: true)],
          [nil, save.align(horizontal: .end)],
        ], rowSpacing: 6, columnSpacing: 12
      ).margin(12)
      show(window)
      let grid = window.child as! Grid
      XCTAssertEqual(grid.cell(of: save)?.row, 2)
      XCTAssertEqual(grid.margins, Insets(12))
      XCTAssertTrue(nameField.expandsHorizontally)

      enum Task: Hashable { case counter, timer }
      let model = NavigationModel()
      let (counterView, timerView) = (Label("Counter"), Label("Timer"))
      let stack = Stack(transition: .crossfade)
      stack.addPage(counterView, for: Task.counter, title: "Counter")
      stack.addPage(timerView, for: Task.timer, title: "Timer")
      let task = MutableProperty(Task.timer)
      stack.reactive.visiblePage(as: Task.self) <~> task
      let pages = Window(title: "Pages")
      pages.titlebar = HeaderBar(title: StackSwitcher(stack))
      pages.child = stack
      show(pages)
      XCTAssertTrue(stack.visibleChild === timerView)
      stack.reactive.visiblePageName ~> (model, { model, name in model.page = name })
      stack.showPage(Task.counter)
      XCTAssertEqual(task.value, .counter)
      XCTAssertEqual(model.page, "counter")
    }
  }

  func testBoxIsOpenForSubclassesAndSharesTheModulesOrientation() {
    onMain {
      let row = LabeledField("Name")
      XCTAssertEqual(row.children.count, 2)
      XCTAssertTrue(row.children.last === row.field)
      XCTAssertTrue(GObjectWrapper.wrapper(for: row.object) === row, "the subclass is the wrapper")
      XCTAssertEqual(row.orientation, .horizontal)
      XCTAssertEqual(gtk_orientable_get_orientation(row.opaque), GTK_ORIENTATION_HORIZONTAL)
      XCTAssertEqual(row.spacing, 6)

      let box = Box(Box.Orientation.vertical, spacing: 2)
      box.orientation = .horizontal
      XCTAssertEqual(gtk_orientable_get_orientation(box.opaque), GTK_ORIENTATION_HORIZONTAL)
      box.spacing = 9
      XCTAssertEqual(gtk_box_get_spacing(box.cast()), 9)
      box.isHomogeneous = true
      XCTAssertEqual(gtk_box_get_homogeneous(box.cast()), 1)
      let first = Label("first")
      box.append(Label("last"))
      box.prepend(first)
      XCTAssertTrue(box.children.first === first)

      let scale = Scale(range: 0...10, step: 1, orientation: .vertical)
      XCTAssertEqual(gtk_orientable_get_orientation(scale.opaque), GTK_ORIENTATION_VERTICAL)
      let horizontal = Scale()
      XCTAssertEqual(gtk_orientable_get_orientation(horizontal.opaque), GTK_ORIENTATION_HORIZONTAL)

      weak var weakRow: LabeledField?
      do {
        let window = Window(title: "Subclass")
        let field = LabeledField("Email")
        window.child = field
        weakRow = field
        show(window)
        field.field.reactive.text <~ Just("ada@example.org")
        window.close()
      }
      waitUntil("the subclassed box is released") { weakRow == nil }
    }
  }
}
#endif
