#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// A one-pixel PNG image.
private let onePixelPNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

/// Every reactive member, both ways, on widgets in a real window: values go in through the
/// bindings and are read back through GTK's getters; changes are made through GTK's own setters
/// and signals and read back from the model.
final class WidgetBindingTests: GTKTestCase {
  func testLabelTextFollowsTheModelAndReportsItsChanges() {
    onMain {
      let model = ProfileModel()
      let label = Label()
      let window = Window(title: "Label")
      window.child = label
      show(window)

      label.reactive.text <~ model.$name
      XCTAssertEqual(String(cString: gtk_label_get_text(label.label)), "Ada")
      model.name = "Grace"
      XCTAssertEqual(String(cString: gtk_label_get_text(label.label)), "Grace")

      var seen: [String] = []
      let token = label.reactive.text.sink { seen.append($0) }
      gtk_label_set_text(label.label, "Hopper")
      XCTAssertEqual(seen, ["Grace", "Hopper"])
      token.cancel()
    }
  }

  func testLabelMarkupIsParsedByGTK() {
    onMain {
      let label = Label()
      let count = MutableProperty(3)
      label.reactive.markup <~ count.map { "<b>\($0)</b> unread" }
      XCTAssertEqual(label.text, "3 unread")
      XCTAssertEqual(String(cString: gtk_label_get_label(label.label)), "<b>3</b> unread")
      XCTAssertEqual(gtk_label_get_use_markup(label.label), 1)
    }
  }

  func testButtonClicksReachTheModelAndItsLabelIsBound() {
    onMain {
      let model = ProfileModel()
      let button = Button("Save")
      button.reactive.clicked ~> model.reactive.submit
      button.reactive.label <~ model.$name.map { "Save \($0)" }
      XCTAssertEqual(String(cString: gtk_button_get_label(button.button)), "Save Ada")

      cgtk_signal_emit_void(button.object, "clicked")
      cgtk_signal_emit_void(button.object, "clicked")
      XCTAssertEqual(model.submitted, 2)
    }
  }

  func testEntryTextIsBoundBothWaysInOneLine() {
    onMain {
      let model = ProfileModel()
      let entry = Entry()
      let window = Window(title: "Entry")
      window.child = entry
      show(window)

      entry.reactive.text <~> model.$name
      XCTAssertEqual(String(cString: gtk_editable_get_text(entry.editable)), "Ada")

      // What the user types reaches the model…
      gtk_editable_set_text(entry.editable, "Ada L")
      XCTAssertEqual(model.name, "Ada L")
      // …and the model's changes reach the field.
      model.name = "Grace"
      XCTAssertEqual(String(cString: gtk_editable_get_text(entry.editable)), "Grace")
      // Keystroke by keystroke, through GTK's own editing.
      var position: Int32 = Int32(gtk_editable_get_position(entry.editable))
      position = 5
      gtk_editable_insert_text(entry.editable, " H", -1, &position)
      XCTAssertEqual(model.name, "Grace H")
      gtk_editable_delete_text(entry.editable, 0, 6)
      XCTAssertEqual(model.name, "H")
      XCTAssertEqual(entry.bindings.count, 1)
    }
  }

  func testEntryActivateAndEveryEditableKind() {
    onMain {
      let model = ProfileModel()
      let editables: [EditableWidget] = [Entry(), PasswordEntry(), Text()]
      for editable in editables {
        editable.reactive.activate ~> model.reactive.submit
        editable.reactive.text ~> model.reactive.rename
        gtk_editable_set_text(editable.editable, "typed into \(editable.typeName)")
        cgtk_signal_emit_void(editable.object, "activate")
      }
      XCTAssertEqual(model.submitted, 3)
      XCTAssertEqual(
        model.renamed,
        ["", "typed into GtkEntry", "", "typed into GtkPasswordEntry", "", "typed into GtkText"]
      )
    }
  }

  func testTogglesAreBoundBothWays() {
    onMain {
      let model = ProfileModel()
      let check = CheckButton("Admin")
      let toggle = ToggleButton("Admin")
      let toggleSwitch = Switch()
      check.reactive.isActive <~> model.$isAdmin
      toggle.reactive.isActive <~ model.$isAdmin
      toggleSwitch.reactive.isActive <~ model.$isAdmin

      gtk_check_button_set_active(check.cast(), 1)
      XCTAssertTrue(model.isAdmin)
      XCTAssertEqual(gtk_toggle_button_get_active(toggle.cast()), 1)
      XCTAssertEqual(gtk_switch_get_active(toggleSwitch.opaque), 1)

      model.isAdmin = false
      XCTAssertEqual(gtk_check_button_get_active(check.cast()), 0)
      XCTAssertEqual(gtk_switch_get_active(toggleSwitch.opaque), 0)

      var switched: [Bool] = []
      let token = toggleSwitch.reactive.isActive.dropFirst().sink { switched.append($0) }
      gtk_switch_set_active(toggleSwitch.opaque, 1)
      XCTAssertEqual(switched, [true])
      token.cancel()
    }
  }

  func testScaleAndSpinButtonValuesAndRanges() {
    onMain {
      let model = ProfileModel()
      let scale = Scale(range: 0...1, step: 0.01)
      let spin = SpinButton(range: 0...10, step: 0.5)
      scale.reactive.value <~> model.$volume
      spin.reactive.value <~ model.$volume.map { $0 * 10 }
      XCTAssertEqual(gtk_adjustment_get_value(scale.adjustment.adjustment), 0.5)
      XCTAssertEqual(gtk_spin_button_get_value(spin.opaque), 5)

      // The user drags the slider: GTK moves its adjustment.
      gtk_adjustment_set_value(scale.adjustment.adjustment, 0.25)
      XCTAssertEqual(model.volume, 0.25)
      XCTAssertEqual(gtk_spin_button_get_value(spin.opaque), 2.5)

      // A range bound into a control clamps its value.
      let maximum = MutableProperty(0.2)
      scale.reactive.range <~ maximum.map { 0...$0 }
      XCTAssertEqual(gtk_adjustment_get_upper(scale.adjustment.adjustment), 0.2)
      XCTAssertEqual(gtk_adjustment_get_value(scale.adjustment.adjustment), 0.2)
      XCTAssertEqual(model.volume, 0.2)
    }
  }

  func testProgressBarSpinnerAndImage() {
    onMain {
      let model = ProfileModel()
      let bar = ProgressBar()
      let spinner = Spinner()
      let image = Image()
      bar.reactive.fraction <~ model.$progress
      bar.reactive.text <~ model.$progress.map { "\(Int($0 * 100)) %" }
      spinner.reactive.isSpinning <~ model.$progress.map { $0 < 1 }
      image.reactive.iconName <~ model.$progress.map { $0 < 1 ? "content-loading-symbolic" : "emblem-ok-symbolic" }

      model.progress = 0.4
      XCTAssertEqual(gtk_progress_bar_get_fraction(bar.opaque), 0.4, accuracy: 1e-9)
      XCTAssertEqual(String(cString: gtk_progress_bar_get_text(bar.opaque)), "40 %")
      XCTAssertEqual(gtk_spinner_get_spinning(spinner.opaque), 1)
      XCTAssertEqual(String(cString: gtk_image_get_icon_name(image.opaque)), "content-loading-symbolic")
      model.progress = 1
      XCTAssertEqual(gtk_spinner_get_spinning(spinner.opaque), 0)
      XCTAssertEqual(String(cString: gtk_image_get_icon_name(image.opaque)), "emblem-ok-symbolic")

      let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindings-gtk-pixel.png").path
      XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(base64Encoded: onePixelPNG)))
      let file = MutableProperty<String?>(path)
      image.reactive.file <~ file
      XCTAssertEqual(image.file, path)
      XCTAssertNil(image.iconName)
      file.value = nil
      XCTAssertNil(image.file)
    }
  }

  func testDropDownSelectionBothWaysAndItsItems() {
    onMain {
      let model = ProfileModel()
      let sizes = MutableProperty(["Small", "Medium", "Large"])
      let dropDown = DropDown()
      dropDown.reactive.items <~ sizes
      dropDown.reactive.selected <~> model.$sizeIndex
      XCTAssertEqual(g_list_model_get_n_items(gtk_drop_down_get_model(dropDown.opaque)), 3)
      XCTAssertEqual(gtk_drop_down_get_selected(dropDown.opaque), 0)

      gtk_drop_down_set_selected(dropDown.opaque, 2)
      XCTAssertEqual(model.sizeIndex, 2)
      XCTAssertEqual(dropDown.selectedItem, "Large")

      model.sizeIndex = 1
      XCTAssertEqual(gtk_drop_down_get_selected(dropDown.opaque), 1)
      model.sizeIndex = nil
      XCTAssertEqual(gtk_drop_down_get_selected(dropDown.opaque), GTK_INVALID_LIST_POSITION)

      var picked: [String?] = []
      let token = dropDown.reactive.selectedItem.sink { picked.append($0) }
      sizes.value = ["S", "M", "L", "XL"]
      gtk_drop_down_set_selected(dropDown.opaque, 3)
      XCTAssertEqual(dropDown.items, ["S", "M", "L", "XL"])
      XCTAssertEqual(picked.last, "XL")
      token.cancel()
    }
  }

  func testEveryWidgetsCommonMembers() {
    onMain {
      let model = ProfileModel()
      let label = Label("Status")
      label.reactive.isVisible <~ model.$isAdmin
      label.reactive.isSensitive <~ model.$isAdmin.map { !$0 }
      label.reactive.tooltipText <~ model.$name.map { "Hello, \($0)" }
      label.reactive.opacity <~ model.$volume
      label.reactive.cssClass("error") <~ model.$isAdmin
      XCTAssertEqual(gtk_widget_get_visible(label.widget), 0)
      XCTAssertEqual(gtk_widget_get_sensitive(label.widget), 1)
      XCTAssertEqual(String(cString: gtk_widget_get_tooltip_text(label.widget)), "Hello, Ada")
      XCTAssertEqual(gtk_widget_get_opacity(label.widget), 0.5, accuracy: 0.01)  // GTK keeps 8 bits
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "error"), 0)

      model.isAdmin = true
      XCTAssertEqual(gtk_widget_get_visible(label.widget), 1)
      XCTAssertEqual(gtk_widget_get_sensitive(label.widget), 0)
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "error"), 1)

      let classes = MutableProperty(["title", "accent"])
      let other = Label()
      other.reactive.cssClasses <~ classes
      XCTAssertEqual(other.cssClasses, ["title", "accent"])
      var visible: [Bool] = []
      let token = other.reactive.isVisible.sink { visible.append($0) }
      gtk_widget_set_visible(other.widget, 0)
      XCTAssertEqual(visible, [true, false])
      token.cancel()
    }
  }

  func testStyleClassTargetsAreNamedByTheirWidgetAndApartFromProperties() {
    onMain {
      let label = Label("Status")
      let first = MutableProperty(false)
      let second = MutableProperty(true)
      let shown = MutableProperty(true)
      label.reactive.cssClass("visible") <~ first
      label.reactive.isVisible <~ shown
      XCTAssertEqual(label.bindings.count, 2, "a style class named like a property is a target of its own")
      label.reactive.cssClass("visible") <~ second
      XCTAssertEqual(label.bindings.count, 2, "a second source for one style class replaces the first")
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "visible"), 1)
      first.value = false
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "visible"), 1, "the replaced binding has ended")
      XCTAssertEqual(
        Set(label.bindings.liveBindings.map(\.target)), ["GtkLabel.css-class:visible", "GtkLabel.visible"])
    }
  }

  func testWindowTitleAndCloseRequest() {
    onMain {
      let model = ProfileModel()
      let window = Window(title: "Untitled")
      window.reactive.title <~ model.$name.map { "Profile — \($0)" }
      XCTAssertEqual(String(cString: gtk_window_get_title(window.window)), "Profile — Ada")
      window.reactive.closeRequest ~> model.reactive.submit
      show(window)
      window.close()
      waitUntil("the window has closed") { g_list_model_get_n_items(gtk_window_get_toplevels()) == 0 }
      XCTAssertEqual(model.submitted, 1)
    }
  }
}
#endif
