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
