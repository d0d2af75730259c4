#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// A document model with undo, as an app writes it.
final class EditorModel: BindingOwner {
  let bindings = BindingBag()
  @Published var canUndo = true
  @Published var wrapsLines = false
  @Published var sortOrder = "name"
  @Published var zoom = 100
  var undone = 0
}

/// Actions in a window's and the application's action groups, activated through GTK.
final class ActionTests: GTKTestCase {
  func testActivatingAWindowActionThroughGTKReachesTheModelUnlessDisabled() {
    onMain {
      let model = EditorModel()
      let undo = Action("undo")
      undo.reactive.activated ~> (model, { model, _ in model.undone += 1 })
      undo.reactive.isEnabled <~ model.$canUndo
      let button = Button("Undo")
      let window = Window(title: "Editor")
      window.child = button
      window.addAction(undo)
      show(window)

      XCTAssertEqual(undo.name, "undo")
      XCTAssertNotEqual(gtk_widget_activate_action_variant(button.widget, "win.undo", nil), 0)
      XCTAssertEqual(model.undone, 1)
      undo.activate()
      XCTAssertEqual(model.undone, 2)

      model.canUndo = false
      XCTAssertFalse(undo.isEnabled)
      XCTAssertEqual(g_action_get_enabled(undo.action), 0)
      gtk_widget_activate_action_variant(button.widget, "win.undo", nil)
      undo.activate()
      XCTAssertEqual(model.undone, 2, "a disabled action does not fire")

      // A button bound to the action by name follows its enabled state.
      gtk_actionable_set_action_name(OpaquePointer(button.object), "win.undo")
      GTK.drainMainLoop()
      XCTAssertFalse(button.isSensitive)
      model.canUndo = true
      GTK.drainMainLoop()
      XCTAssertTrue(button.isSensitive)
      button.click()
      XCTAssertEqual(model.undone, 3)
    }
  }

  func testABooleanStateIsBoundBothWaysAndActivationTogglesIt() {
    onMain {
      let model = EditorModel()
      let wrap = Action("wrap-lines", state: true)
      XCTAssertTrue(wrap.state)
      wrap.reactive.state <~> model.$wrapsLines
      XCTAssertFalse(wrap.state, "<~> starts from the model")

      model.wrapsLines = true
      XCTAssertTrue(wrap.state)
      let variant = g_action_get_state(wrap.action)!
      XCTAssertNotEqual(g_variant_get_boolean(variant), 0)
      g_variant_unref(variant)

      // Activated through GTK's action group, as a check menu item does: toggles, the model hears.
      let window = Window(title: "Wrap")
      window.addAction(wrap)
      var activations = 0
      let token = wrap.reactive.activated.sink { activations += 1 }
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.widget, "win.wrap-lines", nil), 0)
      XCTAssertFalse(model.wrapsLines)
      XCTAssertEqual(activations, 1)
      g_action_change_state(wrap.action, g_variant_new_boolean(1))
      XCTAssertTrue(model.wrapsLines)
      token.cancel()
    }
  }

  func testStringAndIntStatesTakeTheActivationsValue() {
    onMain {
      let model = EditorModel()
      let sort = Action("sort-by", state: "date")
      sort.reactive.state <~> model.$sortOrder
      XCTAssertEqual(sort.state, "name")
      let window = Window(title: "Sort")
      window.addAction(sort)
      gtk_widget_activate_action_variant(window.widget, "win.sort-by", g_variant_new_string("size"))
      XCTAssertEqual(model.sortOrder, "size")
      XCTAssertEqual(sort.state, "size")

      let zoom = Action("zoom", state: 100)
      zoom.reactive.state ~> (model, { model, zoom in model.zoom = zoom })
      window.addAction(zoom)
      gtk_widget_activate_action_variant(window.widget, "win.zoom", g_variant_new_int64(150))
      XCTAssertEqual(model.zoom, 150)
      zoom.state = 75
      XCTAssertEqual(model.zoom, 75)
    }
  }

  func testApplicationActionsAndAcceleratorsReachEveryWindow() {
    onMain {
      let model = EditorModel()
      let undo = Action("undo")
      undo.reactive.activated ~> (model, { model, _ in model.undone += 1 })
      let help = Action("help")
      var helped = 0
      let token = help.reactive.activated.sink { helped += 1 }
      GTKApplication.addAction(help)
      GTKApplication.setAccelerators(["<Ctrl>z"], for: "win.undo")
      XCTAssertEqual(GTKApplication.accelerators(for: "win.undo"), ["<Ctrl>z"])

      let window = Window(title: "Shortcuts")
      window.addAction(undo)
      show(window)
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.widget, "app.help", nil), 0)
      XCTAssertEqual(helped, 1)

      // The window's shortcut controller has <Control>z for win.undo, and its action reaches the model.
      let shortcut = shortcuts(of: window).first { $0.action == "win.undo" }
      XCTAssertEqual(shortcut?.trigger, "<Control>z")
      if let shortcut {
        gtk_shortcut_action_activate(
          gtk_shortcut_get_action(shortcut.shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE, window.widget, nil)
      }
      XCTAssertEqual(model.undone, 1)

      // An accelerator GTK cannot parse is reported and skipped; an empty list removes them.
      let log = AppDiagnosticLog()
      log.observe { GTKApplication.setAccelerators(["<Ctrl>nosuchkey", "<Ctrl>y"], for: "win.redo") }
      XCTAssertEqual(GTKApplication.accelerators(for: "win.redo"), ["<Ctrl>y"])
      XCTAssertEqual(log.messages.count, 1)
      XCTAssertTrue(log.messages.first?.contains("\"<Ctrl>nosuchkey\"") ?? false, "\(log.messages)")
      GTKApplication.setAccelerators([], for: "win.redo")
      GTKApplication.setAccelerators([], for: "win.undo")
      XCTAssertFalse(shortcuts(of: window).contains { ["win.undo", "win.redo"].contains($0.action) })
      GTKApplication.removeAction(named: "help")
      token.cancel()
    }
  }

  func testClosingTheWindowReleasesItsActionsAndTheirBindings() {
    onMain {
      let before = GTKLiveObjects.total
      let model = EditorModel()
      weak var weakAction: Action<Void>?
      weak var weakWindow: Window?
      do {
        let undo = Action("undo")
        undo.reactive.activated ~> (model, { model, _ in model.undone += 1 })
        undo.reactive.isEnabled <~ model.$canUndo
        let window = Window(title: "Closing")
        window.addAction(undo)
        show(window)
        (weakAction, weakWindow) = (undo, window)
      }
      XCTAssertNotNil(weakAction, "the window's action group keeps the action")
      weakAction?.activate()
      XCTAssertEqual(model.undone, 1)
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakAction)
      XCTAssertEqual(model.bindings.count, 0)
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
    }
  }
}

/// The shortcuts of `window`'s shortcut controllers: the trigger and the action's name.
@MainActor
func shortcuts(of window: Window) -> [(shortcut: OpaquePointer, trigger: String, action: String)] {
  var found: [(OpaquePointer, String, String)] = []
  for controller in WidgetTree.controllers(of: window.widget, ofType: gtk_shortcut_controller_get_type()) {
    for item in 0..<g_list_model_get_n_items(OpaquePointer(controller)) {
      let shortcut = OpaquePointer(g_list_model_get_item(OpaquePointer(controller), item)!)
      defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
      let triggerText = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
      defer { g_free(triggerText) }
      let trigger = String(cString: triggerText)
      let action = gtk_shortcut_get_action(shortcut)!
      let isNamed =
        g_type_check_instance_is_a(
          UnsafeMutableRawPointer(action).assumingMemoryBound(to: GTypeInstance.self), gtk_named_action_get_type()) != 0
      let name = isNamed ? gtk_named_action_get_action_name(action).map { String(cString: $0) } ?? "" : ""
      found.append((shortcut, trigger, name))
    }
  }
  return found
}
#endif
