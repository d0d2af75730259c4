import Foundation
import Testing

@testable import Bindings

@Suite("Subscribers.Demand", .releasesEveryObject)
struct DemandTests {
  typealias Demand = Subscribers.Demand

  @Test("addition sums finite demands and saturates at unlimited")
  func additionSaturates() {
    #expect(Demand.max(2) + .max(3) == .max(5))
    #expect(Demand.max(2) + 3 == .max(5))
    #expect(Demand.max(Int.max) + .max(1) == .unlimited)
    #expect(Demand.max(Int.max) + 1 == .unlimited)
    var demand = Demand.max(1)
    demand += .max(1)
    demand += 1
    #expect(demand == .max(3))
  }

  @Test("unlimited absorbs addition, subtraction and multiplication")
  func unlimitedAbsorbs() {
    #expect(Demand.unlimited + .max(1) == .unlimited)
    #expect(Demand.max(1) + .unlimited == .unlimited)
    #expect(Demand.unlimited + 1 == .unlimited)
    #expect(Demand.unlimited - .max(5) == .unlimited)
    #expect(Demand.unlimited - 5 == .unlimited)
    #expect(Demand.unlimited - .unlimited == .unlimited)
    #expect(Demand.unlimited * 2 == .unlimited)
  }

  @Test("subtraction clamps at none")
  func subtractionClamps() {
    #expect(Demand.max(5) - .max(2) == .max(3))
    #expect(Demand.max(5) - 2 == .max(3))
    #expect(Demand.max(1) - .max(2) == .none)
    #expect(Demand.max(1) - 2 == .none)
    #expect(Demand.max(3) - .unlimited == .none)
    #expect(Demand.none - 1 == .none)
    var demand = Demand.max(2)
    demand -= .max(1)
    demand -= 5
    #expect(demand == .none)
  }

  @Test("multiplication scales finite demands and saturates on overflow")
  func multiplication() {
    #expect(Demand.max(2) * 3 == .max(6))
    #expect(Demand.max(Int.max) * 2 == .unlimited)
    var demand = Demand.max(3)
    demand *= 2
    #expect(demand == .max(6))
  }

  @Test("none is less than any finite demand, and unlimited is greater than all")
  func ordering() {
    #expect(Demand.none < .max(1))
    #expect(Demand.max(1) < .max(2))
    #expect(Demand.max(Int.max) < .unlimited)
    #expect(!(Demand.unlimited < .unlimited))
    #expect(Demand.unlimited > .max(Int.max))
    #expect(Demand.none == .max(0))
  }

  @Test("compares with integers; unlimited is greater than every integer and equal to none of them")
  func comparesWithInt() {
    #expect(Demand.max(3) == 3)
    #expect(3 == Demand.max(3))
    #expect(Demand.max(3) != 4)
    #expect(4 != Demand.max(3))
    #expect(Demand.max(3) < 4)
    #expect(Demand.max(3) <= 3)
    #expect(Demand.max(3) > 2)
    #expect(Demand.max(3) >= 3)
    #expect(2 < Demand.max(3))
    #expect(3 <= Demand.max(3))
    #expect(4 > Demand.max(3))
    #expect(3 >= Demand.max(3))
    #expect(Demand.unlimited > Int.max)
    #expect(Demand.unlimited >= Int.max)
    #expect(!(Demand.unlimited < Int.max))
    #expect(!(Demand.unlimited <= Int.max))
    #expect(Demand.unlimited != Int.max)
    #expect(!(Demand.unlimited == Int.max))
    #expect(Int.max < Demand.unlimited)
    #expect(Demand.none == 0)
    #expect(!(Demand.none > 0))
  }

  @Test("max is the count, or nil for unlimited")
  func maxProperty() {
    #expect(Demand.max(3).max == 3)
    #expect(Demand.none.max == 0)
    #expect(Demand.unlimited.max == nil)
  }

  @Test("describes itself as Combine does")
  func description() {
    #expect(Demand.max(2).description == "max(2)")
    #expect(Demand.unlimited.description == "unlimited")
  }

  @Test("survives a Codable round trip")
  func codableRoundTrip() throws {
    let demands: [Demand] = [.none, .max(1), .max(Int.max), .unlimited]
    let data = try JSONEncoder().encode(demands)
    #expect(try JSONDecoder().decode([Demand].self, from: data) == demands)
  }

  @Test("is hashable by value")
  func hashable() {
    let set: Set<Demand> = [.max(1), .max(1), .unlimited, .unlimited, .none]
    #expect(set.count == 3)
  }

  @Test("max of a negative number traps")
  func negativeTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Subscribers.Demand.max(-1)
    }
  }
}
