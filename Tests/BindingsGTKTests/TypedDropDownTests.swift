#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Drop-downs over typed items: titles, selection by value both ways, observable arrays by splices.
final class TypedDropDownTests: GTKTestCase {
  enum Trip: String, CaseIterable {
    case oneWay, returnFlight
    var title: String { self == .oneWay ? "one-way flight" : "return flight" }
  }

  func testTheSelectedItemBothWaysAndTheTitlesShown() {
    onMain {
      final class Booking: BindingOwner, @unchecked Sendable {
        let bindings = BindingBag()
        @Published var trip: Trip? = .returnFlight
      }
      let booking = Booking()
      let trip = DropDown(Trip.allCases, title: \.title)
      trip.reactive.selectedItem <~> booking.$trip
      let window = Window(title: "Trip", width: 300, height: 100)
      window.child = trip
      show(window)
      trip.waitForNextFrame()
      XCTAssertEqual(gtk_drop_down_get_selected(trip.opaque), 1, "the model's value selected the item")
      XCTAssertEqual(labels(in: trip), ["return flight"], "the button shows the selected item's title")

      gtk_drop_down_set_selected(trip.opaque, 0)  // the user picks the first item
      XCTAssertEqual(booking.trip, .oneWay)
      trip.waitForNextFrame()
      XCTAssertEqual(labels(in: trip), ["one-way flight"])

      booking.trip = nil
      XCTAssertEqual(gtk_drop_down_get_selected(trip.opaque), GTK_INVALID_LIST_POSITION)
      XCTAssertNil(trip.selectedIndex)
      var indices: [Int?] = []
      let token = trip.reactive.selectedIndex.sink { indices.append($0) }
      trip.selectedIndex = 1
      XCTAssertEqual(booking.trip, .returnFlight)
      XCTAssertEqual(indices, [nil, 1])
      token.cancel()
    }
  }

  func testItemsFromAnObservableArrayArriveBySplices() {
    onMain {
      struct Airport: Equatable {
        let code: String
        let city: String
      }
      let airports = MutableObservableArray([Airport(code: "LHR", city: "London"), Airport(code: "CDG", city: "Paris")])
      let chosen = MutableProperty<Airport?>(nil)
      let dropDown = DropDown<Airport>(title: { "\($0.city) (\($0.code))" })
      dropDown.reactive.items <~ airports
      dropDown.reactive.selectedItem <~> chosen
      XCTAssertEqual(dropDown.items, airports.contents)
      let model = GObjectWrapper.wrapper(for: UnsafeMutableRawPointer(gtk_drop_down_get_model(dropDown.opaque)!))!
      var splices: [Splice] = []
      let connection = SignalConnection.connect("items-changed", shape: .threeUIntArguments, of: model) {
        splices.append(Splice($0.first, $0.second, $0.third))
        return false
      }
      chosen.value = airports[1]
      XCTAssertEqual(gtk_drop_down_get_selected(dropDown.opaque), 1)
      airports.append(Airport(code: "NRT", city: "Tokyo"))
      airports.insert(Airport(code: "JFK", city: "New York"), at: 0)
      XCTAssertEqual(splices, [Splice(2, 0, 1), Splice(0, 0, 1)], "one splice per change, no reload")
      XCTAssertEqual(dropDown.items.map(\.code), ["JFK", "LHR", "CDG", "NRT"])
      XCTAssertEqual(dropDown.selectedItem?.code, "CDG", "GTK kept the selection on its item")
      XCTAssertEqual(chosen.value?.code, "CDG")

      // An item the drop-down does not offer selects nothing.
      chosen.value = Airport(code: "XXX", city: "Nowhere")
      XCTAssertEqual(gtk_drop_down_get_selected(dropDown.opaque), GTK_INVALID_LIST_POSITION)
      connection?.disconnect()
    }
  }

  func testStringDropDownsKeepTheirSpelling() {
    onMain {
      let size = DropDown(["Small", "Medium", "Large"])
      size.selectedItem = "Large"
      XCTAssertEqual(size.selected, 2)
      XCTAssertEqual(gtk_drop_down_get_selected(size.opaque), 2)
      var picked: [String?] = []
      let token = size.reactive.selectedItem.sink { picked.append($0) }
      size.items = ["S", "M", "L", "XL"]
      gtk_drop_down_set_selected(size.opaque, 3)
      XCTAssertEqual(picked.last, "XL")
      token.cancel()
    }
  }

  func testClosingTheWindowReleasesTheDropDownAndItsItems() {
    onMain {
      final class Choice: Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (lhs: Choice, rhs: Choice) -> Bool { lhs === rhs }
      }
      let before = GTKLiveObjects.total
      weak var weakChoice: Choice?
      weak var weakDropDown: DropDown<Choice>?
      weak var weakWindow: Window?
      do {
        let choices = [Choice("a"), Choice("b")]
        weakChoice = choices[0]
        let dropDown = DropDown(choices, title: \.name)
        let window = Window(title: "Choice", width: 200, height: 100)
        window.child = dropDown
        show(window)
        (weakDropDown, weakWindow) = (dropDown, window)
      }
      XCTAssertNotNil(weakChoice)
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakDropDown)
      XCTAssertNil(weakChoice)
      let wrappers = GTKLiveObjects.count("GObjectWrapper")
      let connections = GTKLiveObjects.count("SignalConnection")
      XCTAssertEqual(GTKLiveObjects.total, before, "left alive: \(wrappers) wrappers, \(connections) connections")
    }
  }
}
#endif
