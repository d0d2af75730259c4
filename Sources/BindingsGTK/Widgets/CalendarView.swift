#if GTK
import Bindings
import CGTK
import Foundation

/// A day of the calendar, with no time and no time zone: what a ``CalendarView`` shows and selects.
///
/// `month` and `day` count from 1, as people write dates.
///
/// ```swift
/// let departure = CalendarDate(year: 2026, month: 12, day: 24)
/// print(departure)              // prints 2026-12-24
/// print(departure.isValid)      // prints true
/// print(CalendarDate(year: 2026, month: 2, day: 30).isValid)   // prints false
/// ```
///
/// To meet Foundation's `Date` (an instant), say in which time zone the day is:
/// ``init(_:in:)`` takes the day an instant falls on there, ``date(in:)`` gives the day's start
/// there.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year (1 to 9999 for a date a ``CalendarView`` can show).
  public var year: Int
  /// The month, from 1 (January) to 12.
  public var month: Int
  /// The day of the month, from 1.
  public var day: Int

  /// The day `day` of `month` (from 1) of `year`.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `date` falls on in `timeZone`.
  ///
  /// ```swift
  /// let today = CalendarDate(Date(), in: .current)
  /// ```
  public init(_ date: Date, in timeZone: TimeZone) {
    var calendar = Foundation.Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    self.init(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// The instant this day starts at in `timeZone`; `nil` for a day that does not exist.
  ///
  /// ```swift
  /// let start = CalendarDate(year: 2026, month: 1, day: 1).date(in: TimeZone(identifier: "UTC")!)
  /// ```
  public func date(in timeZone: TimeZone) -> Date? {
    guard isValid else { return nil }
    var calendar = Foundation.Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar.date(from: DateComponents(year: year, month: month, day: day))
  }

  /// Whether the day exists in the Gregorian calendar, between the years 1 and 9999.
  public var isValid: Bool {
    (1...9999).contains(year) && (1...12).contains(month) && day >= 1
      && day <= Int(g_date_get_days_in_month(GDateMonth(UInt32(month)), GDateYear(UInt16(year))))
  }

  /// `year-month-day`, as ISO 8601 writes it: `2026-01-05`.
  public var description: String {
    let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(paddedYear)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  /// Earlier days first.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}

/// A month's days, one of which the user selects (`GtkCalendar`). Named so as not to clash with
/// Foundation's `Calendar`.
///
/// ```swift
/// let departure = CalendarView()
/// departure.reactive.date <~> booking.$departure      // booking.departure: CalendarDate
/// ```
///
/// Dates are ``CalendarDate`` values: days, with no time zone. GTK keeps the selected day as
/// midnight local time; only its year, month and day are read and written.
@MainActor
public final class CalendarView: Widget {
  /// A calendar with `date` selected (today when `nil`).
  public init(date: CalendarDate? = nil) {
    super.init(gtk_calendar_new(), ownership: .transferred)
    if let date { self.date = date }
  }

  /// The selected day. Setting a day that does not exist (``CalendarDate/isValid`` is false)
  /// changes nothing, with a diagnostic.
  ///
  /// ```swift
  /// calendar.date = CalendarDate(year: 2026, month: 12, day: 24)
  /// ```
  public var date: CalendarDate {
    get {
      let date = gtk_calendar_get_date(opaque)!
      defer { g_date_time_unref(date) }
      return CalendarDate(
        year: Int(g_date_time_get_year(date)),
        month: Int(g_date_time_get_month(date)),
        day: Int(g_date_time_get_day_of_month(date))
      )
    }
    set {
      guard newValue.isValid,
        let date = g_date_time_new_local(Int32(newValue.year), Int32(newValue.month), Int32(newValue.day), 0, 0, 0)
      else {
        Diagnostics.report("BindingsGTK: calendar: \(newValue) is not a day; the selection stays \(date)")
        return
      }
      defer { g_date_time_unref(date) }
      gtk_calendar_select_day(opaque, date)
    }
  }

  /// Whether the week numbers are shown (`show-week-numbers`).
  ///
  /// ```swift
  /// calendar.showsWeekNumbers = true
  /// ```
  public var showsWeekNumbers: Bool {
    get { gtk_calendar_get_show_week_numbers(opaque) != 0 }
    set { gtk_calendar_set_show_week_numbers(opaque, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: CalendarView {
  /// The selected day: a target, a source (the user's clicks and the header's month and year
  /// arrows too, the current day first) and a side of `<~>`. A day that does not exist changes
  /// nothing, with a diagnostic.
  ///
  /// ```swift
  /// calendar.reactive.date <~> booking.$departure
  /// ```
  public var date: BindingEndpoint<Base, CalendarDate> {
    let read: @MainActor (GObjectWrapper) -> CalendarDate? = { unsafeDowncast($0, to: CalendarView.self).date }
    // GTK emits `day-selected` only when the day of the month changes: a new month or year with the
    // same day (the header's arrows, or a write) is told only by `notify::month` and `notify::year`.
    let changes = Publishers.Merge3(
      SignalPublisher(base, signal: "notify::day", shape: .pointerArgument, replaysCurrentValue: true, read: read),
      SignalPublisher(base, signal: "notify::month", shape: .pointerArgument, read: read),
      SignalPublisher(base, signal: "notify::year", shape: .pointerArgument, read: read)
    )
    return BindingEndpoint(
      target: gtkTarget("date") { calendar, date in calendar.date = date },
      changes: changes.removeDuplicates()
    ).asControl()
  }
}
#endif
