import Bindings
import Foundation

/// 7GUIs task 3, Flight Booker: a one-way or return flight, its dates typed as `DD.MM.YYYY`, and a
/// Book button enabled only for a valid booking.
///
/// ```swift
/// let booker = FlightBookerModel(today: "27.03.2014")
/// kindDropDown.reactive.selected <~> booker.$kind
/// startEntry.reactive.text <~> booker.$start
/// returnEntry.reactive.isSensitive <~ booker.isReturnEnabled
/// bookButton.reactive.isSensitive <~ booker.canBook
/// print(booker.book() ?? "")   // prints "You have booked a one-way flight on 27.03.2014."
/// ```
///
/// The rules (7GUIs), which the tests check one by one:
/// 1. Initially the flight is one-way and both dates are the same date.
/// 2. The return date is enabled if and only if the flight is a return flight.
/// 3. An enabled date field whose text is not a real date in the format `DD.MM.YYYY` is marked
///    invalid, and Book is disabled; a disabled field is never marked.
/// 4. For a return flight, a return date strictly before the start date disables Book.
/// 5. Booking returns the message to show ("You have booked a return flight from … to ….").
public final class FlightBookerModel: BindingOwner {
  /// The two kinds of flight, in the order the drop-down lists them.
  public static let kinds = ["one-way flight", "return flight"]
  /// The bindings the model owns.
  public let bindings = BindingBag()
  /// The selected kind: an index into ``kinds``; 1 is a return flight.
  @Published public var kind: Int? = 0
  /// The start date's text.
  @Published public var start: String
  /// The return date's text.
  @Published public var back: String

  /// Creates a one-way booking with both dates `today` (`DD.MM.YYYY`; the current date by default).
  public init(today: String = FlightBookerModel.format(Date())) {
    start = today
    back = today
  }

  /// Whether the return date applies (a return flight), for the return field's sensitivity.
  public var isReturnEnabled: some Publisher<Bool, Never> { $kind.map { $0 == 1 } }
  /// Whether the start field holds a date.
  public var isStartValid: some Publisher<Bool, Never> { $start.map { Self.day($0) != nil } }
  /// Whether the return field holds a date or is disabled.
  public var isBackValid: some Publisher<Bool, Never> {
    $kind.combineLatest($back).map { $0 != 1 || Self.day($1) != nil }
  }
  /// Whether the booking can be made, for the Book button's sensitivity.
  public var canBook: some Publisher<Bool, Never> {
    $kind.combineLatest($start, $back).map { Self.message($0, $1, $2) != nil }
  }

  /// Books the flight: the confirmation to show, or `nil` when the booking is invalid.
  public func book() -> String? { Self.message(kind, start, back) }

  private static func message(_ kind: Int?, _ start: String, _ back: String) -> String? {
    guard let from = day(start) else { return nil }
    if kind != 1 { return "You have booked a one-way flight on \(start)." }
    guard let to = day(back), to >= from else { return nil }
    return "You have booked a return flight from \(start) to \(back)."
  }

  /// The date of `text`, or `nil` unless it is a real date as `DD.MM.YYYY`.
  static func day(_ text: String) -> Date? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.map(\.count) == [2, 2, 4], parts.joined().allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
    let date = DateComponents(
      calendar: Calendar(identifier: .gregorian), year: Int(parts[2]), month: Int(parts[1]), day: Int(parts[0]))
    return date.isValidDate ? date.date : nil
  }

  /// `date` as `DD.MM.YYYY` in the current calendar.
  ///
  /// ```swift
  /// print(FlightBookerModel.format(Date(timeIntervalSince1970: 0)))   // prints "01.01.1970" (in UTC)
  /// ```
  public static func format(_ date: Date) -> String {
    let parts = Calendar.current.dateComponents([.day, .month, .year], from: date)
    return String(format: "%02d.%02d.%04d", parts.day!, parts.month!, parts.year!)
  }
}
