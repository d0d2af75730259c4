import Bindings
import Foundation
import Testing

/// Two sides of a two-way binding changed from several threads at once, as a slider dragged while
/// a model streams updates: the binding must stay alive, and once every writer has stopped both
/// sides must hold the same value.
///
/// Scale: 100 rounds of `1_000 × BINDINGS_STRESS_SCALE` changes per side (`BINDINGS_STRESS_SCALE=100`
/// gives the 10⁵ changes per side the convergence rule is stated for; CI runs the Stress tests at 3).
@Suite("two-way binding under concurrent writers (Stress)", .releasesEveryObject)
struct TwoWayConvergenceStressTests {
  private static let rounds = 100

  @Test("both sides converge and the binding stays alive when 2 to 8 threads write both sides")
  func convergesUnderConcurrentWriters() {
    let seed = TestSeed("two-way convergence")
    var random = SeededRandom(seed: seed.value)
    let changesPerSide = stressCount(1_000)
    for round in 0..<Self.rounds {
      let threads = Int.random(in: 2...8, using: &random)
      let left = MutableProperty(0)
      let right = MutableProperty(0)
      left <~> right
      let sides = SendableBox((left, right))
      // Even threads write the left side, odd ones the right; each side gets `changesPerSide`
      // changes in all, every value distinct.
      let leftWriters = (threads + 1) / 2
      let rightWriters = threads / 2
      runOnThreads(threads, name: "two-way writers") { index in
        let (left, right) = sides.value
        let writers = index % 2 == 0 ? leftWriters : rightWriters
        let count = changesPerSide / writers + (index / 2 < changesPerSide % writers ? 1 : 0)
        let base = (index + 1) * 10_000_000
        for change in 1...count {
          if index % 2 == 0 { left.value = base + change } else { right.value = -(base + change) }
        }
      }
      let context = "round \(round), \(threads) threads, \(seed)"
      #expect(left.value == right.value, "the sides did not converge — \(context)")
      #expect(left.bindings.count == 1 && right.bindings.count == 1, "the binding ended — \(context)")
      left.value = 1
      #expect(right.value == 1, "the binding no longer writes the right side — \(context)")
      right.value = 2
      #expect(left.value == 2, "the binding no longer writes the left side — \(context)")
      if left.value != right.value || left.bindings.count != 1 { return }
    }
  }
}
