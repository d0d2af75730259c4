#if GTK
/// The monkey's random numbers: a small seedable generator (SplitMix64), so that a run can be
/// replayed exactly from the seed it prints.
///
/// ```swift
/// var random = MonkeyRandom(seed: 42)
/// let first = random.next()
/// var again = MonkeyRandom(seed: 42)
/// print(again.next() == first)   // prints "true"
/// ```
public struct MonkeyRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<count`; `count` must be positive.
  public mutating func below(_ count: Int) -> Int {
    Int.random(in: 0..<count, using: &self)
  }

  /// `true` with the probability `chance`.
  public mutating func chance(_ chance: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < chance
  }

  /// One of `choices`, which must not be empty.
  public mutating func pick<T>(_ choices: [T]) -> T {
    choices[below(choices.count)]
  }

  /// An index into `weights`, each chosen with a probability proportional to its weight.
  ///
  /// ```swift
  /// switch random.weighted([3, 1]) {   // 0 three times in four
  /// case 0: print("type")
  /// default: print("click")
  /// }
  /// ```
  public mutating func weighted(_ weights: [Int]) -> Int {
    var roll = below(weights.reduce(0, +))
    for (index, weight) in weights.enumerated() {
      if roll < weight { return index }
      roll -= weight
    }
    preconditionFailure("MonkeyRandom.weighted: no choice for the roll")
  }
}
#endif
