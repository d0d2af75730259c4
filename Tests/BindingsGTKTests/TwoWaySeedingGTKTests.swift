#if GTK
import Bindings
import CGTK
import XCTest

@testable import BindingsGTK

/// `<~>` between a model and a freshly made widget keeps the model's value, whichever side of the
/// operator the widget is on: every widget property is a control's endpoint, and the side that is
/// not a control seeds the binding. Values are read back through GTK's getters.
final class TwoWaySeedingGTKTests: GTKTestCase {
  func testASwitchNeverOverwritesTheModelInEitherOrder() {
    onMain {
      let model = ProfileModel()
      model.isAdmin = true
      let first = Switch()
      model.$isAdmin <~> first.reactive.isActive
      XCTAssertTrue(model.isAdmin)
      XCTAssertTrue(gtk_switch_get_active(first.opaque) != 0)

      let property = MutableProperty(true)
      let second = Switch()
      second.reactive.isActive <~> property
      XCTAssertTrue(property.value)
      XCTAssertTrue(gtk_switch_get_active(second.opaque) != 0)

      gtk_switch_set_active(second.opaque, 0)
      XCTAssertFalse(property.value)
    }
  }

  func testAScaleNeverOverwritesTheModelInEitherOrder() {
    onMain {
      // Bond's settings screen: `viewModel.volume <~> volumeScale.reactive.value`, the model first.
      let volume = MutableProperty(3.0)
      let scale = Scale(range: 0...10, step: 1)
      volume <~> scale.reactive.value
      XCTAssertEqual(volume.value, 3.0)
      XCTAssertEqual(gtk_adjustment_get_value(scale.adjustment.adjustment), 3.0)

      let model = ProfileModel()
      model.volume = 0.75
      let other = Scale(range: 0...1, step: 0.05)
      other.reactive.value <~> model.$volume
      XCTAssertEqual(model.volume, 0.75)
      XCTAssertEqual(gtk_adjustment_get_value(other.adjustment.adjustment), 0.75)

      gtk_adjustment_set_value(scale.adjustment.adjustment, 6)
      XCTAssertEqual(volume.value, 6)
    }
  }

  func testAnEntryNeverEmptiesTheModelInEitherOrder() {
    onMain {
      let model = ProfileModel()
      let first = Entry()
      model.$name <~> first.reactive.text
      XCTAssertEqual(model.name, "Ada")
      XCTAssertEqual(String(cString: gtk_editable_get_text(first.editable)), "Ada")

      let name = MutableProperty("jim")
      let second = Entry()
      second.reactive.text <~> name
      XCTAssertEqual(name.value, "jim")
      XCTAssertEqual(String(cString: gtk_editable_get_text(second.editable)), "jim")

      gtk_editable_set_text(second.editable, "jimmy")
      XCTAssertEqual(name.value, "jimmy")
    }
  }

  func testADropDownNeverOverwritesTheModelInEitherOrder() {
    onMain {
      let model = ProfileModel()
      model.sizeIndex = 2
      let first = DropDown(["S", "M", "L"])
      model.$sizeIndex <~> first.reactive.selected
      XCTAssertEqual(model.sizeIndex, 2)
      XCTAssertEqual(gtk_drop_down_get_selected(first.opaque), 2)

      let size = MutableProperty<String?>("M")
      let second = DropDown(["S", "M", "L"])
      size <~> second.reactive.selectedItem
      XCTAssertEqual(size.value, "M")
      XCTAssertEqual(gtk_drop_down_get_selected(second.opaque), 1)

      gtk_drop_down_set_selected(second.opaque, 0)
      XCTAssertEqual(size.value, "S")
    }
  }
}
#endif
