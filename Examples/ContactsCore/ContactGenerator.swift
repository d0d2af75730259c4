/// A small, fast, deterministic random number generator: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let a = random.next()
/// var again = SplitMix64(seed: 42)
/// print(a == again.next())   // prints "true"
/// ```
///
/// The same seed gives the same sequence on every platform, every run and every Swift version (it
/// uses no standard-library randomness algorithm); it is not for secrets.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is determined by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<upperBound`, from the next 64 bits by multiplication (Lemire), so that the
  /// result does not depend on the standard library's algorithms.
  ///
  /// - Precondition: `upperBound` is positive.
  public mutating func next(below upperBound: Int) -> Int {
    precondition(upperBound > 0, "next(below:) needs a positive bound, got \(upperBound)")
    return Int(UInt64(upperBound).multipliedFullWidth(by: next()).high)
  }
}

/// Makes plausible contacts from fixed word lists, the same ones for the same seed.
///
/// ```swift
/// let contacts = ContactGenerator(seed: 42).make(count: 3000)
/// print(contacts.count, contacts[0].id)                              // prints "3000 1"
/// print(contacts == ContactGenerator(seed: 42).make(count: 3000))   // prints "true"
/// ```
///
/// Names come from ``firstNames`` and ``lastNames``; the email is made from the name, the phone
/// number is a fictional 555 number, and about one contact in eight is a favourite. Ratings are
/// whole or half stars.
public struct ContactGenerator: Sendable {
  /// The given names contacts are made with.
  public static let firstNames = [
    "Ada", "Alan", "Anita", "Barbara", "Bjarne", "Brian", "Carol", "Claude", "Dennis", "Donald",
    "Edsger", "Evelyn", "Frances", "Grace", "Guido", "Hedy", "Ivan", "James", "Jean", "Joan",
    "John", "Karen", "Katherine", "Ken", "Leslie", "Linus", "Lynn", "Margaret", "Mary", "Niklaus",
    "Radia", "Rasmus", "Seymour", "Shafi", "Sophie", "Tim", "Tony", "Vint", "Whitfield", "Yukihiro",
  ]

  /// The family names contacts are made with.
  public static let lastNames = [
    "Allen", "Backus", "Bartik", "Berners-Lee", "Borg", "Cerf", "Clarke", "Conway", "Diffie", "Dijkstra",
    "Goldberg", "Goldwasser", "Gosling", "Hamilton", "Hoare", "Hopper", "Johnson", "Kernighan", "Knuth", "Lamarr",
    "Lamport", "Lerdorf", "Liskov", "Lovelace", "Matsumoto", "McCarthy", "Papert", "Perlman", "Ritchie", "Sammet",
    "Shannon", "Stroustrup", "Sutherland", "Thompson", "Torvalds", "Turing", "van Rossum", "Wilson", "Wirth", "Wu",
  ]

  /// The mail domains of generated email addresses.
  public static let domains = ["example.com", "example.org", "example.net", "mail.test"]

  /// The seed every call to ``make(count:firstID:)`` starts from.
  public let seed: UInt64

  /// Creates a generator that always makes the same contacts for `seed`.
  public init(seed: UInt64) {
    self.seed = seed
  }

  /// Makes `count` contacts with ids `firstID`, `firstID + 1`, and so on.
  ///
  /// ```swift
  /// let three = ContactGenerator(seed: 7).make(count: 3, firstID: 100)
  /// print(three.map(\.id))   // prints "[100, 101, 102]"
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many contacts to make.
  ///   - firstID: The id of the first contact.
  /// - Returns: The contacts, in id order; the same array for the same seed and arguments.
  /// - Complexity: O(`count`).
  public func make(count: Int, firstID: Int = 1) -> [Contact] {
    var random = SplitMix64(seed: seed)
    return (0..<max(count, 0)).map { offset in makeContact(id: firstID + offset, using: &random) }
  }

  private func makeContact(id: Int, using random: inout SplitMix64) -> Contact {
    let firstName = Self.firstNames[random.next(below: Self.firstNames.count)]
    let lastName = Self.lastNames[random.next(below: Self.lastNames.count)]
    let domain = Self.domains[random.next(below: Self.domains.count)]
    let suffix = random.next(below: 2) == 0 ? "" : String(1 + random.next(below: 99))
    let email = "\(Self.emailPart(firstName)).\(Self.emailPart(lastName))\(suffix)@\(domain)"
    let exchange = 100 + random.next(below: 100)
    let line = random.next(below: 10_000)
    let phone = "(555) \(exchange)-\(Self.fourDigits(line))"
    return Contact(
      id: id,
      firstName: firstName,
      lastName: lastName,
      email: email,
      phone: phone,
      isFavorite: random.next(below: 8) == 0,
      rating: Double(random.next(below: 11)) / 2,
      group: random.next(below: Contact.groups.count)
    )
  }

  /// `name` as it appears in an email address: lowercased letters only.
  private static func emailPart(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter })
  }

  private static func fourDigits(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
