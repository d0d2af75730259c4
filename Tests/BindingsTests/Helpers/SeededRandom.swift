import Foundation
import Testing

/// A small, fast, seedable random number generator (SplitMix64), so that a randomized test can be
/// replayed exactly from the seed it prints.
struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Seeds and sizes for randomized and stress tests, read from the environment.
///
/// - `BINDINGS_SEED`: run every randomized test with this one seed (to replay a failure);
///   otherwise each run picks fresh seeds and prints them.
/// - `BINDINGS_STRESS_SCALE`: multiplies the iteration counts of the stress and conformance
///   tests (default 1; try 20 locally before a release).
enum TestRandomness {
  /// The seed a randomized test should use: `BINDINGS_SEED` if set, else a fresh one.
  static func seed() -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["BINDINGS_SEED"], let seed = UInt64(text) { return seed }
    return UInt64.random(in: 1...UInt64(UInt32.max))
  }

  /// `BINDINGS_STRESS_SCALE`, at least 1.
  static var scale: Int {
    let text = ProcessInfo.processInfo.environment["BINDINGS_STRESS_SCALE"] ?? "1"
    return max(1, Int(text) ?? 1)
  }
}

/// A seed for one randomized test, printed so that a failing run can be replayed with
/// `BINDINGS_SEED=<seed> swift test --filter <test>`. Put ``description`` in every expectation's
/// comment, so the failure itself names the seed.
struct TestSeed: CustomStringConvertible, Sendable {
  let value: UInt64

  /// Picks the seed (see ``TestRandomness/seed()``) and prints it under `name`.
  init(_ name: String) {
    value = TestRandomness.seed()
    print("\(name): \(self)")
  }

  var description: String { "seed \(value) (replay: BINDINGS_SEED=\(value) swift test --filter …)" }

  /// A generator that starts from this seed.
  func generator() -> SeededRandom { SeededRandom(seed: value) }
}
