#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// What the small widgets bind.
final class NotesModel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  @Published var notes = "First"
  @Published var query = ""
  @Published var level = 0.25
  @Published var day = CalendarDate(year: 2026, month: 3, day: 14)
  @Published var website = "https://example.org"
  var searches: [String] = []
  var activations = 0
}

/// A one-pixel PNG image.
private let onePixelPNG = Data(
  base64Encoded:
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)!

/// Text views, search fields, level bars, calendars, link buttons and pictures in real windows:
/// each value set through the Swift API read back through GTK's getters, and GTK's changes heard
/// by the model.
final class TextWidgetsTests: GTKTestCase {
  func testTextViewTextIsBoundBothWaysOneChangePerReplacement() {
    onMain {
      let model = NotesModel()
      let view = TextView(text: "ignored", wrapMode: .word)
      let window = Window(title: "Text view", width: 300, height: 200)
      window.child = view
      show(window)

      view.reactive.text <~> model.$notes
      XCTAssertEqual(bufferText(view), "First")
      model.notes = "Second\nline"
      XCTAssertEqual(bufferText(view), "Second\nline")

      var seen: [String] = []
      let token = view.reactive.text.sink { seen.append($0) }
      gtk_text_buffer_set_text(view.buffer.buffer, "Typed", -1)
      XCTAssertEqual(model.notes, "Typed", "GTK's change reached the model")
      // Typing at the end, as the user does.
      var end = GtkTextIter()
      gtk_text_buffer_get_end_iter(view.buffer.buffer, &end)
      gtk_text_buffer_insert(view.buffer.buffer, &end, "!", -1)
      XCTAssertEqual(model.notes, "Typed!")
      view.text = "Replaced"
      XCTAssertEqual(model.notes, "Replaced")
      view.text = ""
      // GTK's own replacement is two changes (the old text deleted, the new inserted), and both are
      // sent; a write through the wrapper sends the new text once.
      XCTAssertEqual(seen, ["Second\nline", "", "Typed", "Typed!", "Replaced", ""])
      token.cancel()

      XCTAssertEqual(gtk_text_view_get_wrap_mode(view.textView), GTK_WRAP_WORD)
      view.wrapMode = .wordOrCharacter
      XCTAssertEqual(gtk_text_view_get_wrap_mode(view.textView), GTK_WRAP_WORD_CHAR)
      gtk_text_view_set_wrap_mode(view.textView, GTK_WRAP_CHAR)
      XCTAssertEqual(view.wrapMode, .character)

      let editable = MutableProperty(false)
      view.reactive.isEditable <~ editable
      XCTAssertEqual(gtk_text_view_get_editable(view.textView), 0)
      var editables: [Bool] = []
      let editableToken = view.reactive.isEditable.sink { editables.append($0) }
      gtk_text_view_set_editable(view.textView, 1)
      XCTAssertEqual(editables, [false, true])
      editableToken.cancel()
      view.isMonospace = true
      XCTAssertEqual(gtk_text_view_get_monospace(view.textView), 1)
    }
  }

  func testSearchEntryReportsTheTextOnceTheUserPauses() {
    onMain {
      let model = NotesModel()
      let search = SearchEntry()
      let window = Window(title: "Search")
      window.child = search
      show(window)

      search.searchDelay = 50
      XCTAssertEqual(gtk_search_entry_get_search_delay(search.opaque), 50)
      search.reactive.text <~> model.$query
      search.reactive.searchChanged ~> (model, { model, query in model.searches.append(query) })
      search.reactive.activate ~> (model, { model, _ in model.activations += 1 })

      model.query = "ad"
      XCTAssertEqual(String(cString: gtk_editable_get_text(search.editable)), "ad")
      waitUntil("the first search is reported") { model.searches.last == "ad" }
      model.searches = []
      // Typing one more letter, as the user does.
      var position: Int32 = 2
      gtk_editable_insert_text(search.editable, "a", -1, &position)
      XCTAssertEqual(model.query, "ada", "every keystroke reaches the text")
      XCTAssertEqual(model.searches, [], "the search waits for a pause")
      waitUntil("the search is reported") { !model.searches.isEmpty }
      XCTAssertEqual(model.searches, ["ada"], "one search for the typing before the pause")

      cgtk_signal_emit_void(search.object, "activate")
      XCTAssertEqual(model.activations, 1)
    }
  }

  func testLevelBarValueAndRangeAreBoundBothWays() {
    onMain {
      let model = NotesModel()
      let bar = LevelBar(range: 0...2)
      let window = Window(title: "Level")
      window.child = bar
      show(window)
      XCTAssertEqual(gtk_level_bar_get_max_value(bar.opaque), 2)

      bar.reactive.value <~> model.$level
      XCTAssertEqual(gtk_level_bar_get_value(bar.opaque), 0.25)
      model.level = 1.5
      XCTAssertEqual(gtk_level_bar_get_value(bar.opaque), 1.5)
      gtk_level_bar_set_value(bar.opaque, 0.75)
      XCTAssertEqual(model.level, 0.75)

      bar.reactive.maxValue <~ Just(4.0)
      XCTAssertEqual(gtk_level_bar_get_max_value(bar.opaque), 4)
      var minimums: [Double] = []
      let token = bar.reactive.minValue.sink { minimums.append($0) }
      gtk_level_bar_set_min_value(bar.opaque, 0.5)
      XCTAssertEqual(minimums, [0, 0.5])
      token.cancel()
      bar.isDiscrete = true
      XCTAssertEqual(gtk_level_bar_get_mode(bar.opaque), GTK_LEVEL_BAR_MODE_DISCRETE)
    }
  }

  func testCalendarDateIsBoundBothWaysAsADayWithoutATimeZone() {
    onMain {
      let model = NotesModel()
      let calendar = CalendarView()
      let window = Window(title: "Calendar")
      window.child = calendar
      show(window)

      calendar.reactive.date <~> model.$day
      XCTAssertEqual(gtkDate(calendar), CalendarDate(year: 2026, month: 3, day: 14))
      model.day = CalendarDate(year: 2024, month: 2, day: 29)
      XCTAssertEqual(gtkDate(calendar), CalendarDate(year: 2024, month: 2, day: 29))

      let picked = g_date_time_new_local(2027, 11, 5, 0, 0, 0)!
      gtk_calendar_select_day(calendar.opaque, picked)
      g_date_time_unref(picked)
      XCTAssertEqual(model.day, CalendarDate(year: 2027, month: 11, day: 5), "GTK's selection reached the model")

      // GTK emits day-selected only for a new day of the month; a new month or year alone still reaches the model.
      for (year, month) in [(2027, 12), (2028, 12)] {
        let sameDay = g_date_time_new_local(Int32(year), Int32(month), 5, 0, 0, 0)!
        gtk_calendar_select_day(calendar.opaque, sameDay)
        g_date_time_unref(sameDay)
        XCTAssertEqual(model.day, CalendarDate(year: year, month: month, day: 5))
      }
      model.day = CalendarDate(year: 2027, month: 11, day: 5)
      XCTAssertEqual(gtkDate(calendar), CalendarDate(year: 2027, month: 11, day: 5))

      // A day that does not exist changes nothing.
      model.day = CalendarDate(year: 2026, month: 2, day: 30)
      XCTAssertEqual(gtkDate(calendar), CalendarDate(year: 2027, month: 11, day: 5))
      XCTAssertFalse(CalendarDate(year: 2026, month: 2, day: 30).isValid)
      XCTAssertTrue(CalendarDate(year: 2024, month: 2, day: 29).isValid)

      calendar.showsWeekNumbers = true
      XCTAssertEqual(gtk_calendar_get_show_week_numbers(calendar.opaque), 1)
    }
  }

  func testCalendarDateMeetsFoundationDatesInTheTimeZoneGiven() {
    let utc = TimeZone(identifier: "UTC")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let day = CalendarDate(year: 2026, month: 1, day: 5)
    let start = day.date(in: utc)!
    XCTAssertEqual(start.timeIntervalSince1970, 1_767_571_200)
    XCTAssertEqual(CalendarDate(start, in: utc), day)
    // 2026-01-05 00:00 UTC is already 09:00 on the 5th in Tokyo, and 2026-01-04 20:00 UTC is the 5th there.
    XCTAssertEqual(CalendarDate(start.addingTimeInterval(-4 * 3600), in: tokyo), day)
    XCTAssertEqual(
      CalendarDate(start.addingTimeInterval(-4 * 3600), in: utc), CalendarDate(year: 2026, month: 1, day: 4))
    XCTAssertNil(CalendarDate(year: 2026, month: 13, day: 1).date(in: utc))
    XCTAssertEqual("\(day)", "2026-01-05")
    XCTAssertLessThan(day, CalendarDate(year: 2026, month: 1, day: 6))
  }

  func testLinkButtonAddressAndLabel() {
    onMain {
      let model = NotesModel()
      let link = LinkButton(uri: "https://gtk.org", label: "GTK")
      XCTAssertEqual(String(cString: gtk_link_button_get_uri(link.opaque)), "https://gtk.org")
      XCTAssertEqual(String(cString: gtk_button_get_label(link.cast())), "GTK")
      link.reactive.uri <~> model.$website
      XCTAssertEqual(String(cString: gtk_link_button_get_uri(link.opaque)), "https://example.org")
      gtk_link_button_set_uri(link.opaque, "https://swift.org")
      XCTAssertEqual(model.website, "https://swift.org")
      link.reactive.label <~ Just("Swift")
      XCTAssertEqual(link.label, "Swift")
      link.isVisited = true
      XCTAssertEqual(gtk_link_button_get_visited(link.opaque), 1)
      XCTAssertEqual(LinkButton(uri: "https://a.example").label, "https://a.example")
    }
  }

  func testPictureFromBytesAndFromAFile() throws {
    try onMain {
      let picture = try Picture(data: onePixelPNG)
      XCTAssertNotNil(gtk_picture_get_paintable(picture.opaque))
      XCTAssertEqual(picture.imageSize?.width, 1)
      XCTAssertEqual(picture.imageSize?.height, 1)
      XCTAssertThrowsError(try Picture(data: Data("not an image".utf8))) { error in
        XCTAssertTrue(error is Picture.DecodingError)
      }
      XCTAssertThrowsError(try picture.setImage(Data([1, 2, 3])))
      XCTAssertEqual(picture.imageSize?.width, 1, "a failed decode leaves the picture as it was")

      let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindings-picture-\(getpid()).png").path
      try onePixelPNG.write(to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }
      let fromFile = Picture(file: path)
      XCTAssertEqual(fromFile.file, path)
      let file = gtk_picture_get_file(fromFile.opaque)
      XCTAssertNotNil(file)
      var files: [String?] = []
      let token = fromFile.reactive.file.sink { files.append($0) }
      gtk_picture_set_filename(fromFile.opaque, nil)
      XCTAssertEqual(files, [path, nil])
      token.cancel()

      fromFile.contentFit = .cover
      XCTAssertEqual(gtk_picture_get_content_fit(fromFile.opaque), GTK_CONTENT_FIT_COVER)
      gtk_picture_set_content_fit(fromFile.opaque, GTK_CONTENT_FIT_SCALE_DOWN)
      XCTAssertEqual(fromFile.contentFit, .scaleDown)
      fromFile.canShrink = false
      XCTAssertEqual(gtk_picture_get_can_shrink(fromFile.opaque), 0)
    }
  }

  func testClosingAWindowReleasesTheSmallWidgets() {
    onMain {
      let before = GTKLiveObjects.total
      let model = NotesModel()
      weak var weakWindow: Window?
      weak var weakView: TextView?
      weak var weakBuffer: TextBuffer?
      weak var weakSearch: SearchEntry?
      weak var weakCalendar: CalendarView?
      do {
        let view = TextView()
        view.reactive.text <~> model.$notes
        let search = SearchEntry()
        search.reactive.searchChanged ~> (model, { model, query in model.searches.append(query) })
        let bar = LevelBar()
        bar.reactive.value <~> model.$level
        let calendar = CalendarView()
        calendar.reactive.date <~> model.$day
        let link = LinkButton(uri: "https://example.org")
        link.reactive.uri <~> model.$website
        let picture = try! Picture(data: onePixelPNG)
        let window = Window(title: "Small widgets")
        window.child = Box(.vertical, [view, search, bar, calendar, link, picture])
        (weakWindow, weakView, weakBuffer, weakSearch, weakCalendar) = (window, view, view.buffer, search, calendar)
        show(window)
      }
      XCTAssertNotNil(weakView)
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakView)
      XCTAssertNil(weakBuffer)
      XCTAssertNil(weakSearch)
      XCTAssertNil(weakCalendar)
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
      XCTAssertEqual(model.bindings.count, 0)
    }
  }
}

/// The text GTK's buffer holds.
@MainActor
private func bufferText(_ view: TextView) -> String {
  var start = GtkTextIter()
  var end = GtkTextIter()
  gtk_text_buffer_get_bounds(view.buffer.buffer, &start, &end)
  let text = gtk_text_buffer_get_text(view.buffer.buffer, &start, &end, 0)!
  defer { g_free(text) }
  return String(cString: text)
}

/// The day GTK's calendar has selected.
@MainActor
private func gtkDate(_ calendar: CalendarView) -> CalendarDate {
  let date = gtk_calendar_get_date(calendar.opaque)!
  defer { g_date_time_unref(date) }
  return CalendarDate(
    year: Int(g_date_time_get_year(date)),
    month: Int(g_date_time_get_month(date)),
    day: Int(g_date_time_get_day_of_month(date))
  )
}
#endif
