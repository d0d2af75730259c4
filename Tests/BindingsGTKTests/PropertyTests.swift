#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// The escape hatch: any GObject property by name, type-checked when the endpoint is made.
final class PropertyTests: GTKTestCase {
  func testAPropertyByNameIsATargetASourceAndATwoWaySide() throws {
    try onMain {
      let model = ProfileModel()
      let label = Label("Hi")
      let selectable = try label.reactive.property(named: "selectable", as: Bool.self)
      selectable <~ model.$isAdmin
      XCTAssertEqual(gtk_label_get_selectable(label.label), 0)
      model.isAdmin = true
      XCTAssertEqual(gtk_label_get_selectable(label.label), 1)

      let entry = Entry()
      try entry.reactive.property(named: "placeholder-text", as: String?.self) <~ model.$name.map { Optional($0) }
      XCTAssertEqual(String(cString: gtk_entry_get_placeholder_text(entry.cast())), "Ada")

      let maxLength = MutableProperty(0)
      try entry.reactive.property(named: "max-length", as: Int.self) <~> maxLength
      gtk_entry_set_max_length(entry.cast(), 12)
      XCTAssertEqual(maxLength.value, 12)
      maxLength.value = 4
      XCTAssertEqual(gtk_entry_get_max_length(entry.cast()), 4)

      let scale = Scale()
      var digits: [Int32] = []
      let token = try scale.reactive.property(named: "digits", as: Int32.self).sink { digits.append($0) }
      gtk_scale_set_digits(scale.cast(), 3)
      XCTAssertEqual(digits, [1, 3])
      token.cancel()
    }
  }

  /// The text setters lend the string's bytes to GTK (`withCString`): GTK keeps its own copy, text
  /// that is not ASCII arrives whole, and `nil` is `NULL` where GTK takes one.
  func testTextSettersHandGTKTheWholeStringAndNilAsNULL() throws {
    try onMain {
      let text = "Grüße, 世界 ✓"
      var made = "Changing"
      made += " text"  // a string made at run time, not a literal
      let entry = Entry()
      entry.text = text
      XCTAssertEqual(entry.text, text)
      entry.placeholder = made
      XCTAssertEqual(entry.placeholder, made)
      entry.placeholder = nil
      XCTAssertEqual(entry.placeholder ?? "", "", "GTK 4.8 reads a NULL placeholder back as \"\"")
      let button = Button("")
      button.label = text
      XCTAssertEqual(button.label, text)
      let window = Window(title: "", width: 100, height: 100)
      window.title = made
      XCTAssertEqual(window.title, made)
      window.title = nil
      XCTAssertNil(window.title)
      let label = Label()
      label.tooltipText = text
      XCTAssertEqual(label.tooltipText, text)
      label.tooltipText = nil
      XCTAssertNil(label.tooltipText)
      label.setCSSClass(made.replacingOccurrences(of: " ", with: "-"), true)
      XCTAssertTrue(label.hasCSSClass("Changing-text"))
      label.setCSSClass("Changing-text", false)
      XCTAssertFalse(label.hasCSSClass("Changing-text"))
      let bar = ProgressBar()
      bar.text = text
      XCTAssertEqual(bar.text, text)
      bar.text = nil
      XCTAssertNil(bar.text)
      let frame = Frame(made)
      XCTAssertEqual(frame.label, made)
      frame.label = text
      XCTAssertEqual(frame.label, text)
      frame.label = nil
      XCTAssertNil(frame.label)
      let expander = Expander()
      expander.label = text
      XCTAssertEqual(expander.label, text)
      let textView = TextView()
      textView.text = text
      XCTAssertEqual(textView.text, text)
      try label.reactive.property(named: "label", as: String.self) <~ Just(made)
      XCTAssertEqual(label.text, made)
      try label.reactive.property(named: "tooltip-text", as: String?.self) <~ Just(nil)
      XCTAssertNil(label.tooltipText)
      window.destroy()
    }
  }

  func testAnUnknownPropertyOrAWrongTypeIsAClearErrorNotACritical() throws {
    try onMain {
      let label = Label()
      XCTAssertThrowsError(try label.reactive.property(named: "colour", as: String.self)) { error in
        XCTAssertEqual(error as? GTKPropertyError, .unknownProperty(type: "GtkLabel", name: "colour"))
        XCTAssertEqual("\(error)", "GtkLabel has no property \"colour\"")
      }
      XCTAssertThrowsError(try label.reactive.property(named: "selectable", as: String.self)) { error in
        XCTAssertEqual("\(error)", "GtkLabel.selectable holds gboolean, not gchararray")
      }
      XCTAssertThrowsError(try label.reactive.property(named: "lines", as: Double.self)) { error in
        XCTAssertEqual("\(error)", "GtkLabel.lines holds gint, not gdouble")
      }
      // Read-only: a scrollbar's orientation can be written, a widget's "root" cannot.
      XCTAssertThrowsError(try label.reactive.property(named: "has-focus", as: Bool.self)) { error in
        XCTAssertEqual(error as? GTKPropertyError, .notReadableAndWritable(type: "GtkLabel", name: "has-focus"))
      }
    }
  }

  func testAMemberForAWidgetTheModuleDoesNotWrap() {
    onMain {
      let calendar = Calendar()
      let day = MutableProperty(Int32(12))
      calendar.reactive.day <~> day
      XCTAssertEqual(calendar.day, 12)
      gtk_calendar_select_day(calendar.opaque, g_date_time_new_local(2026, 11, 26, 0, 0, 0))
      XCTAssertEqual(day.value, 26)
      var selections = 0
      let token = calendar.reactive.signal("day-selected").sink { selections += 1 }
      gtk_calendar_select_day(calendar.opaque, g_date_time_new_local(2026, 11, 27, 0, 0, 0))
      XCTAssertEqual(selections, 1)
      token.cancel()
    }
  }
}

/// A widget BindingsGTK does not wrap, wrapped the way the article shows.
@MainActor
final class Calendar: Widget {
  init() {
    super.init(gtk_calendar_new(), ownership: .transferred)
  }

  /// The selected day of the month.
  var day: Int32 {
    get {
      let date = gtk_calendar_get_date(opaque)!
      defer { g_date_time_unref(date) }
      return g_date_time_get_day_of_month(date)
    }
    set {
      let shown = gtk_calendar_get_date(opaque)!
      defer { g_date_time_unref(shown) }
      let date = g_date_time_new_local(g_date_time_get_year(shown), g_date_time_get_month(shown), newValue, 0, 0, 0)!
      defer { g_date_time_unref(date) }
      gtk_calendar_select_day(opaque, date)
    }
  }
}

@MainActor
extension Reactive where Base: Calendar {
  var day: BindingEndpoint<Base, Int32> {
    property("day", get: { $0.day }, set: { $0.day = $1 })
  }
}
#endif
