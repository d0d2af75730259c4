#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Menus described in Swift, popovers, menu buttons and context menus, driven through GTK.
final class MenuTests: GTKTestCase {
  func testAMenuBecomesAGMenuModelWithItemsSectionsAndSubmenus() {
    onMain {
      let menu = Menu([
        .item("_Undo", action: "win.undo"),
        .section("View", [.item("Wrap Lines", action: "win.wrap-lines")]),
        .submenu("Sort By", [.item("Name", action: "win.sort-by", target: "name")]),
      ])
      let model = menuModel(menu.makeModel())
      defer { g_object_unref(UnsafeMutableRawPointer(model)) }
      XCTAssertEqual(g_menu_model_get_n_items(model), 3)
      XCTAssertEqual(stringAttribute(model, 0, "label"), "_Undo")
      XCTAssertEqual(stringAttribute(model, 0, "action"), "win.undo")

      let section = g_menu_model_get_item_link(model, 1, "section")!
      defer { g_object_unref(UnsafeMutableRawPointer(section)) }
      XCTAssertEqual(stringAttribute(model, 1, "label"), "View")
      XCTAssertEqual(stringAttribute(section, 0, "action"), "win.wrap-lines")

      let submenu = g_menu_model_get_item_link(model, 2, "submenu")!
      defer { g_object_unref(UnsafeMutableRawPointer(submenu)) }
      XCTAssertEqual(stringAttribute(model, 2, "label"), "Sort By")
      XCTAssertEqual(stringAttribute(submenu, 0, "target"), "name")
    }
  }

  func testAMenuItemReachesTheModelThroughItsAction() {
    onMain {
      let model = EditorModel()
      let undo = Action("undo")
      undo.reactive.activated ~> (model, { model, _ in model.undone += 1 })
      let anchor = Button("Edit")
      let window = Window(title: "Menu", width: 300, height: 200)
      window.child = anchor
      window.addAction(undo)
      show(window)

      let popover = PopoverMenu(Menu([.item("Undo", action: "win.undo")]))
      popover.popUp(on: anchor)
      waitUntil("the menu shows") { gtk_widget_get_mapped(popover.widget) != 0 }
      let item = menuItem(titled: "Undo", in: popover.widget)
      XCTAssertNotNil(item, "the popover shows the item")
      if let item { cgtk_signal_emit_void(item, "clicked") }
      waitUntil("the model hears the item") { model.undone == 1 }
      XCTAssertEqual(model.undone, 1)
    }
  }

  func testAPopoverPointsAtAWidgetOrAPointAndHides() {
    onMain {
      let anchor = Button("Help")
      let window = Window(title: "Popover", width: 300, height: 200)
      window.child = anchor
      show(window)
      let popover = Popover(child: Label("Dates are day.month.year"))
      XCTAssertFalse(popover.isShowing)
      popover.popUp(on: anchor, at: (x: 12, y: 8))
      waitUntil("the popover shows") { gtk_widget_get_mapped(popover.widget) != 0 }
      XCTAssertTrue(popover.isShowing)
      XCTAssertTrue(gtk_widget_get_parent(popover.widget) == anchor.widget)
      var rectangle = GdkRectangle()
      XCTAssertNotEqual(gtk_popover_get_pointing_to(popover.popover, &rectangle), 0)
      XCTAssertEqual([rectangle.x, rectangle.y], [12, 8])
      popover.popDown()
      waitUntil("the popover hides") { !popover.isShowing }

      // Popping up on another widget moves it there.
      let other = Label("Other")
      window.child = Box(.vertical, spacing: 0, [other])
      popover.popUp(on: other)
      XCTAssertTrue(gtk_widget_get_parent(popover.widget) == other.widget)
      XCTAssertEqual(gtk_popover_get_pointing_to(popover.popover, &rectangle), 0, "the whole widget")
    }
  }

  func testAPopoverOverAWidgetInsideItsAnchorPointsAtThatWidgetsBounds() {
    onMain {
      let first = Label("First").sizeRequest(width: 80, height: 30)
      let second = Label("Second").sizeRequest(width: 80, height: 30)
      let box = Box(.vertical, spacing: 10, [first, second])
      let window = Window(title: "Popover", width: 300, height: 200)
      window.child = box
      show(window)
      let popover = Popover(child: Entry())
      popover.popUp(on: box, over: second)
      waitUntil("the popover shows") { gtk_widget_get_mapped(popover.widget) != 0 }
      XCTAssertTrue(gtk_widget_get_parent(popover.widget) == box.widget, "it belongs to the anchor")
      var rectangle = GdkRectangle()
      XCTAssertNotEqual(gtk_popover_get_pointing_to(popover.popover, &rectangle), 0)
      var bounds = graphene_rect_t()
      XCTAssertNotEqual(gtk_widget_compute_bounds(second.widget, box.widget, &bounds), 0)
      XCTAssertEqual(
        [rectangle.x, rectangle.y, rectangle.width, rectangle.height],
        [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height].map { Int32($0) })
      XCTAssertGreaterThanOrEqual(rectangle.y, 40, "below the first label")
      popover.popDown()
      // A target outside the anchor: the whole anchor.
      popover.popUp(on: second, over: first)
      XCTAssertEqual(gtk_popover_get_pointing_to(popover.popover, &rectangle), 0, "the whole widget")
      popover.popDown()
    }
  }

  func testAMenuButtonPopsUpItsMenu() {
    onMain {
      let button = MenuButton(label: "More", menu: Menu([.item("About", action: "app.about")]))
      let window = Window(title: "Menu button", width: 300, height: 200)
      window.child = button
      show(window)
      XCTAssertEqual(button.label, "More")
      button.popUp()
      waitUntil("the menu shows") { button.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
      XCTAssertNotNil(button.popoverWidget.flatMap { menuItem(titled: "About", in: $0) })
      button.setMenu(Menu([.item("Quit", action: "app.quit")]))
      let model = gtk_menu_button_get_menu_model(button.menuButton)!
      XCTAssertEqual(stringAttribute(model, 0, "action"), "app.quit")
    }
  }

  func testARightClickOpensTheContextMenuAtThePointer() {
    onMain {
      let model = EditorModel()
      let undo = Action("undo")
      undo.reactive.activated ~> (model, { model, _ in model.undone += 1 })
      let canvas = Label("Right-click me")
      canvas.setSizeRequest(width: 200, height: 100)
      let window = Window(title: "Context", width: 300, height: 200)
      window.child = canvas
      window.addAction(undo)
      canvas.contextMenu = Menu([.item("Undo", action: "win.undo")])
      show(window)
      XCTAssertNotNil(canvas.contextMenu)
      XCTAssertNil(canvas.contextMenuController?.popover, "no popover until the menu opens")

      // A secondary-button press, as GTK's click gesture reports it.
      let gesture = clickGestures(of: canvas).first { gtk_gesture_single_get_button(OpaquePointer($0)) == 3 }
      XCTAssertNotNil(gesture, "a right-click gesture was added")
      if let gesture { cgtk_signal_emit_int_double_double(gesture, "pressed", 1, 40, 30) }
      let popover = canvas.contextMenuController?.popover
      XCTAssertNotNil(popover)
      waitUntil("the menu shows") { popover.map { gtk_widget_get_mapped($0.widget) != 0 } ?? false }
      var rectangle = GdkRectangle()
      if let popover { gtk_popover_get_pointing_to(popover.popover, &rectangle) }
      XCTAssertEqual([rectangle.x, rectangle.y], [40, 30], "at the pointer")

      let item = popover.flatMap { menuItem(titled: "Undo", in: $0.widget) }
      if let item { cgtk_signal_emit_void(item, "clicked") }
      waitUntil("the model hears the item") { model.undone == 1 }

      // Removing the menu removes the gestures and the popover.
      canvas.contextMenu = nil
      XCTAssertNil(canvas.contextMenu)
      XCTAssertTrue(clickGestures(of: canvas).isEmpty)
      XCTAssertNil(popover.flatMap { gtk_widget_get_parent($0.widget) })
    }
  }

  func testClosingTheWindowReleasesItsContextMenuAndPopovers() {
    onMain {
      let before = GTKLiveObjects.total
      weak var weakCanvas: Label?
      weak var weakPopover: PopoverMenu?
      weak var weakPlain: Popover?
      weak var weakWindow: Window?
      do {
        let canvas = Label("Canvas")
        let window = Window(title: "Closing", width: 300, height: 200)
        window.child = canvas
        canvas.contextMenu = Menu([.item("Undo", action: "win.undo")])
        show(window)
        canvas.contextMenuController?.open(at: (x: 5, y: 5))
        let plain = Popover(child: Label("Tip"))
        plain.popUp(on: canvas)
        GTK.drainMainLoop()
        (weakCanvas, weakPopover, weakPlain, weakWindow) = (
          canvas, canvas.contextMenuController?.popover, plain, window
        )
      }
      XCTAssertNotNil(weakPopover)
      XCTAssertNotNil(weakPlain, "the anchor keeps its popover")
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakCanvas)
      XCTAssertNil(weakPopover)
      XCTAssertNil(weakPlain)
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
    }
  }
}

/// The string attribute `name` of item `index` of a menu model, if it has one.
@MainActor
func stringAttribute(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int32, _ name: String) -> String? {
  guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else { return nil }
  defer { g_variant_unref(value) }
  return String(cString: g_variant_get_string(value, nil))
}

/// The item of a shown popover menu titled `title` (GTK's `GtkModelButton`), if there is one.
@MainActor
func menuItem(titled title: String, in root: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
  descendants(of: root).first { widget in
    guard String(cString: cgtk_object_type_name(widget)) == "GtkModelButton" else { return false }
    var value = GValue()
    g_value_init(&value, cgtk_type_string())
    defer { g_value_unset(&value) }
    g_object_get_property(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), "text", &value)
    return g_value_get_string(&value).map { String(cString: $0) } == title
  }
}

/// The click gestures added to `widget`.
@MainActor
func clickGestures(of widget: Widget) -> [UnsafeMutableRawPointer] {
  WidgetTree.controllers(of: widget.widget, ofType: gtk_gesture_click_get_type())
}
#endif
