import Bindings
import BindingsTesting
import SevenGUIsCore
import Testing

@Suite("Flight Booker")
struct FlightBookerTests {
  private func latest(_ publisher: some Publisher<Bool, Never>) -> Bool? {
    var value: Bool?
    _ = publisher.sink { value = $0 }
    return value
  }

  @Test("Rule 1: initially a one-way flight, both dates the same, bookable")
  func initialState() {
    let booker = FlightBookerModel(today: "27.03.2014")
    #expect(booker.kind == 0)
    #expect(booker.start == "27.03.2014" && booker.back == "27.03.2014")
    #expect(latest(booker.canBook) == true)
    #expect(FlightBookerModel.kinds == ["one-way flight", "return flight"])
  }

  @Test("The default date is today's, as DD.MM.YYYY")
  func today() {
    let text = FlightBookerModel().start
    #expect(text.count == 10 && text.split(separator: ".").map(\.count) == [2, 2, 4])
  }

  @Test("Rule 2: the return date is enabled if and only if the flight is a return flight")
  func returnEnabled() {
    let booker = FlightBookerModel(today: "27.03.2014")
    #expect(latest(booker.isReturnEnabled) == false)
    booker.kind = 1
    #expect(latest(booker.isReturnEnabled) == true)
  }

  @Test(
    "Rule 3: a date that is not DD.MM.YYYY or not a real date is invalid and disables Book",
    arguments: ["27.3.2014", "2014-03-27", "31.04.2014", "29.02.2013", "00.01.2014", "+1.03.2014", "27.03.2014 ", ""])
  func invalidStart(text: String) {
    let booker = FlightBookerModel(today: "27.03.2014")
    booker.start = text
    #expect(latest(booker.isStartValid) == false)
    #expect(latest(booker.canBook) == false)
    #expect(booker.book() == nil)
  }

  @Test("Rule 3: 29.02 of a leap year is a date")
  func leapDay() {
    let booker = FlightBookerModel(today: "29.02.2016")
    #expect(latest(booker.isStartValid) == true)
    booker.start = "29.02.2000"
    #expect(latest(booker.isStartValid) == true)
    booker.start = "29.02.1900"
    #expect(latest(booker.isStartValid) == false)
  }

  @Test("Rule 3: a disabled return field is never marked, however malformed")
  func disabledReturnNotMarked() {
    let booker = FlightBookerModel(today: "27.03.2014")
    booker.back = "nonsense"
    #expect(latest(booker.isBackValid) == true)
    #expect(latest(booker.canBook) == true)
    booker.kind = 1
    #expect(latest(booker.isBackValid) == false)
    #expect(latest(booker.canBook) == false)
  }

  @Test("Rule 4: a return date strictly before the start disables Book; the same day does not")
  func returnBeforeStart() {
    let booker = FlightBookerModel(today: "27.03.2014")
    booker.kind = 1
    #expect(latest(booker.canBook) == true)
    booker.back = "26.03.2014"
    #expect(latest(booker.canBook) == false)
    booker.back = "01.01.2015"
    #expect(latest(booker.canBook) == true)
    booker.start = "02.01.2015"
    #expect(latest(booker.canBook) == false)
  }

  @Test("Rule 5: booking says what was booked")
  func messages() {
    let booker = FlightBookerModel(today: "04.04.2014")
    #expect(booker.book() == "You have booked a one-way flight on 04.04.2014.")
    booker.kind = 1
    booker.back = "10.04.2014"
    #expect(booker.book() == "You have booked a return flight from 04.04.2014 to 10.04.2014.")
  }
}
