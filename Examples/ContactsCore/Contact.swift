/// One person in the address book: a value, identified by a stable ``id``.
///
/// ```swift
/// let ada = Contact(id: 1, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com")
/// print(ada.fullName, ada.initials, ada.groupName)   // prints "Ada Lovelace AL Other"
/// ```
///
/// Two contacts are equal when every field is; the list of a view model matches rows by ``id``, so
/// a contact whose fields change keeps its row.
public struct Contact: Hashable, Sendable, Identifiable, CustomStringConvertible {
  /// The names of the groups a contact can belong to; ``group`` is an index into it.
  ///
  /// ```swift
  /// print(Contact.groups[Contact.otherGroup])   // prints "Other"
  /// ```
  public static let groups = ["Family", "Friends", "Work", "Other"]

  /// The index of "Other" in ``groups``: the group of a new contact.
  public static let otherGroup = 3

  /// The range of ``rating``.
  public static let ratingRange: ClosedRange<Double> = 0...5

  /// The contact's identity: stable across edits, unique within a view model.
  public let id: Int
  /// The text fields and what is made from them, in one shared object: a copy of a contact retains
  /// that one object rather than a buffer per field. Never mutated; a setter makes a new one.
  private var storage: Storage
  /// The set of the bytes of the search key, or `nil` when the contact has none (a field that is not
  /// printable ASCII): kept in the contact itself, so that most searches read no other memory.
  private var searchKeyByteSet: ByteSet?
  /// Whether the contact is starred.
  public var isFavorite: Bool
  /// A rating from 0 to 5 (``ratingRange``); the initialiser clamps it.
  public var rating: Double
  /// The contact's group: an index into ``groups``; the initialiser clamps it.
  public var group: Int

  /// The given name.
  public var firstName: String {
    get { storage.firstName }
    set { setStorage(Storage(firstName: newValue, lastName: lastName, email: email, phone: phone)) }
  }
  /// The family name.
  public var lastName: String {
    get { storage.lastName }
    set { setStorage(Storage(firstName: firstName, lastName: newValue, email: email, phone: phone)) }
  }
  /// The first and last names joined by a space, leaving out an empty one; made when a name
  /// changes, so that a list row shows it without building it.
  ///
  /// ```swift
  /// print(Contact(id: 1, firstName: "Ada", lastName: "").fullName)   // prints "Ada"
  /// ```
  public var fullName: String { storage.fullName }
  /// The first letters of the first and last names, uppercased; "?" when both are empty. Made
  /// when a name changes, as ``fullName`` is.
  ///
  /// ```swift
  /// print(Contact(id: 1, firstName: "grace", lastName: "Hopper").initials)   // prints "GH"
  /// ```
  public var initials: String { storage.initials }
  /// The email address; empty for none.
  public var email: String {
    get { storage.email }
    set { setStorage(Storage(names: storage, email: newValue, phone: phone)) }
  }
  /// The phone number, as typed; empty for none.
  public var phone: String {
    get { storage.phone }
    set { setStorage(Storage(names: storage, email: email, phone: newValue)) }
  }

  /// Creates a contact; `rating` is clamped to ``ratingRange`` and `group` to the indices of
  /// ``groups``.
  ///
  /// ```swift
  /// let grace = Contact(id: 2, firstName: "Grace", lastName: "Hopper", rating: 9, group: 2)
  /// print(grace.rating, grace.groupName)   // prints "5.0 Work"
  /// ```
  public init(
    id: Int,
    firstName: String,
    lastName: String,
    email: String = "",
    phone: String = "",
    isFavorite: Bool = false,
    rating: Double = 0,
    group: Int = Contact.otherGroup
  ) {
    self.id = id
    storage = Storage(firstName: firstName, lastName: lastName, email: email, phone: phone)
    searchKeyByteSet = storage.searchKeyBytes.map(ByteSet.init)
    self.isFavorite = isFavorite
    self.rating = Self.clampedRating(rating)
    self.group = Self.clampedGroup(group)
  }

  /// Replaces the text fields, and the byte set of the new search key with them.
  private mutating func setStorage(_ newStorage: Storage) {
    storage = newStorage
    searchKeyByteSet = newStorage.searchKeyBytes.map(ByteSet.init)
  }

  /// Two contacts are equal when every field is: the made fields follow from the others, so they are
  /// not compared, and contacts that share their text compare no text.
  public static func == (lhs: Contact, rhs: Contact) -> Bool {
    guard lhs.id == rhs.id, lhs.isFavorite == rhs.isFavorite, lhs.rating == rhs.rating, lhs.group == rhs.group else {
      return false
    }
    if lhs.storage === rhs.storage { return true }
    return lhs.firstName == rhs.firstName && lhs.lastName == rhs.lastName && lhs.email == rhs.email
      && lhs.phone == rhs.phone
  }

  /// Hashes the fields that ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(firstName)
    hasher.combine(lastName)
    hasher.combine(email)
    hasher.combine(phone)
    hasher.combine(isFavorite)
    hasher.combine(rating)
    hasher.combine(group)
  }

  /// The name of the contact's group, from ``groups``.
  public var groupName: String {
    Self.groups[group]
  }

  /// The full name and the id, for test failures and debugging: `Ada Lovelace (#1)`.
  public var description: String {
    "\(fullName) (#\(id))"
  }

  /// Whether the full name, the email or the phone contains `query`, ignoring case; an empty query
  /// (or one of spaces) matches every contact.
  ///
  /// ```swift
  /// let ada = Contact(id: 1, firstName: "Ada", lastName: "Lovelace", phone: "555-0100")
  /// print(ada.matches("LOVE"), ada.matches("0100"), ada.matches("grace"))   // prints "true true false"
  /// ```
  public func matches(_ query: String) -> Bool {
    matches(SearchQuery(query))
  }

  /// Whether the contact matches `query`, prepared once for many contacts: as `matches(_:)` given the text,
  /// with the query trimmed and lowercased only once.
  ///
  /// ```swift
  /// let query = SearchQuery("love")
  /// let ada = Contact(id: 1, firstName: "Ada", lastName: "Lovelace")
  /// print(ada.matches(query))   // prints "true"
  /// ```
  public func matches(_ query: SearchQuery) -> Bool {
    guard query.needle != nil else { return true }
    // The prepared key: a needle has no newline, so it is found in the key exactly when it is in the
    // full name, the email or the phone.
    if let searchKeyByteSet, let searchKeyBytes = storage.searchKeyBytes,
      let found = query.isFound(inKey: searchKeyBytes, byteSet: searchKeyByteSet)
    {
      return found
    }
    return query.isFound(in: fullName) || query.isFound(in: email) || query.isFound(in: phone)
  }

  /// `rating` moved into ``ratingRange``; a NaN becomes 0.
  static func clampedRating(_ rating: Double) -> Double {
    rating.isNaN ? 0 : min(max(rating, ratingRange.lowerBound), ratingRange.upperBound)
  }

  /// `group` moved into the indices of ``groups``.
  static func clampedGroup(_ group: Int) -> Int {
    min(max(group, groups.startIndex), groups.endIndex - 1)
  }
}

extension Contact {
  /// A contact's text fields and what is made from them; immutable, so that contacts share it freely.
  private final class Storage: Sendable {
    /// The given name.
    let firstName: String
    /// The family name.
    let lastName: String
    /// ``Contact/fullName``.
    let fullName: String
    /// ``Contact/initials``.
    let initials: String
    /// The email address; empty for none.
    let email: String
    /// The phone number; empty for none.
    let phone: String
    /// The full name, the email and the phone, lowercased and joined by newlines, as bytes, when all
    /// three are printable ASCII (`nil` otherwise): what a search reads.
    let searchKeyBytes: [UInt8]?

    /// The fields, with the full name, the initials and the search key made from them.
    init(firstName: String, lastName: String, email: String, phone: String) {
      self.firstName = firstName
      self.lastName = lastName
      fullName = Self.fullName(firstName, lastName)
      initials = Self.initials(firstName, lastName)
      self.email = email
      self.phone = phone
      searchKeyBytes = Self.searchKeyBytes(fullName, email, phone)
    }

    /// The names of `names`, and what is made from them, with another email and phone: only the
    /// search key is made again.
    init(names: Storage, email: String, phone: String) {
      firstName = names.firstName
      lastName = names.lastName
      fullName = names.fullName
      initials = names.initials
      self.email = email
      self.phone = phone
      searchKeyBytes = Self.searchKeyBytes(fullName, email, phone)
    }

    /// ``searchKeyBytes`` of these fields.
    private static func searchKeyBytes(_ fullName: String, _ email: String, _ phone: String) -> [UInt8]? {
      var key: [UInt8] = []
      key.reserveCapacity(fullName.utf8.count + email.utf8.count + phone.utf8.count + 2)
      for (index, field) in [fullName, email, phone].enumerated() {
        if index > 0 { key.append(UInt8(ascii: "\n")) }
        for byte in field.utf8 {
          guard SearchQuery.isPrintableASCII(byte) else { return nil }
          key.append(SearchQuery.lowercased(byte))
        }
      }
      return key
    }

    /// `first` and `last` joined by a space, leaving out an empty one.
    private static func fullName(_ first: String, _ last: String) -> String {
      if last.isEmpty { return first }
      if first.isEmpty { return last }
      return first + " " + last
    }

    /// The first letters of `firstName` and `lastName`, uppercased; "?" when both are empty.
    private static func initials(_ firstName: String, _ lastName: String) -> String {
      // Most names start with an ASCII letter: two bytes, uppercased, make a small string with no
      // allocation and no grapheme breaking. Other first letters go by characters.
      let first = asciiInitial(of: firstName)
      let last = asciiInitial(of: lastName)
      if let first, let last {
        if first == 0 && last == 0 { return "?" }
        var letters = ""
        if first != 0 { letters.unicodeScalars.append(Unicode.Scalar(first)) }
        if last != 0 { letters.unicodeScalars.append(Unicode.Scalar(last)) }
        return letters
      }
      var letters = ""
      if let first = firstName.first { letters += first.uppercased() }
      if let last = lastName.first { letters += last.uppercased() }
      return letters.isEmpty ? "?" : letters
    }

    /// The first letter of `name` uppercased, when it is ASCII and a whole character (no combining
    /// mark follows it); 0 for an empty name; `nil` when the character rules must decide.
    private static func asciiInitial(of name: String) -> UInt8? {
      var bytes = name.utf8.makeIterator()
      guard let byte = bytes.next() else { return 0 }
      guard byte < 0x80, byte != UInt8(ascii: "\r"), bytes.next().map({ $0 < 0x80 }) ?? true else { return nil }
      return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }
  }
}

/// A search query prepared once for matching many contacts: trimmed and lowercased.
///
/// ```swift
/// let query = SearchQuery("  LOVE ")
/// print(query.needle ?? "everything")   // prints "love"
/// ```
public struct SearchQuery: Equatable, Sendable {
  /// The lowercased text to look for, or `nil` when the query matches everything.
  public let needle: String?
  /// The needle's bytes when it is printable ASCII: then a text of printable ASCII is searched byte
  /// by byte, lowercased on the way, with nothing allocated.
  private let asciiNeedle: [UInt8]?
  /// The set of the bytes of ``asciiNeedle`` (empty without it): a search key that lacks one of them
  /// does not contain the needle.
  private let asciiNeedleBytes: ByteSet

  /// Prepares `text`: trimmed of whitespace and lowercased; empty or only spaces matches everything.
  public init(_ text: String) {
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
    let needle = start == end ? nil : text[start..<end].lowercased()
    self.needle = needle
    let bytes = needle.map { Array($0.utf8) }
    let asciiNeedle = bytes.flatMap { $0.allSatisfy(Self.isPrintableASCII) ? $0 : nil }
    self.asciiNeedle = asciiNeedle
    asciiNeedleBytes = ByteSet(asciiNeedle ?? [])
  }

  /// Whether `text`, lowercased, contains the needle (any text does when there is none).
  func isFound(in text: String) -> Bool {
    guard let needle else { return true }
    if let asciiNeedle,
      let found = text.utf8.withContiguousStorageIfAvailable({ Self.search($0, for: asciiNeedle) }),
      let found
    {
      return found
    }
    return text.lowercased().contains(needle)
  }

  /// Whether `key` (a search key: printable ASCII, lowercased) contains the needle, or `nil` when the
  /// needle is not printable ASCII; `byteSet` is the set of `key`'s bytes.
  ///
  /// The key's byte set answers first, without reading the key's bytes: a needle with a byte the key
  /// lacks is not in it, and a needle of one byte is in it exactly when its byte is (a search's first
  /// keystroke).
  func isFound(inKey key: [UInt8], byteSet: ByteSet) -> Bool? {
    guard let asciiNeedle else { return nil }
    guard byteSet.isSuperset(of: asciiNeedleBytes) else { return false }
    if asciiNeedle.count == 1 { return true }
    return key.withUnsafeBufferPointer { Self.contains($0, asciiNeedle, isLowercased: true) }
  }

  /// Whether `text` lowercased contains `needle` (printable ASCII, lowercased), or `nil` when `text`
  /// is not all printable ASCII: then characters, not bytes, must be compared (an accent may join
  /// the letter before it).
  private static func search(_ text: UnsafeBufferPointer<UInt8>, for needle: [UInt8]) -> Bool? {
    guard text.allSatisfy(isPrintableASCII) else { return nil }
    return contains(text, needle)
  }

  /// Whether `text` contains `needle`, comparing `text`'s bytes lowercased unless `text` already is
  /// (a search key).
  private static func contains(
    _ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], isLowercased: Bool = false
  ) -> Bool {
    guard let first = needle.first, needle.count <= text.count else { return needle.isEmpty }
    for start in 0...(text.count - needle.count) {
      // The first byte alone first: most places fail there.
      guard (isLowercased ? text[start] : lowercased(text[start])) == first else { continue }
      var offset = 1
      while offset < needle.count,
        (isLowercased ? text[start + offset] : lowercased(text[start + offset])) == needle[offset]
      {
        offset += 1
      }
      if offset == needle.count { return true }
    }
    return false
  }

  static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

  static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}

/// A set of ASCII bytes (0 to 127), one bit each.
struct ByteSet: Hashable, Sendable {
  /// The bits of bytes 0 to 63, then of bytes 64 to 127.
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  /// The set of the bytes in `bytes`, which are all below 128.
  init(_ bytes: [UInt8]) {
    for byte in bytes {
      precondition(byte < 0x80, "byte \(byte) is not ASCII")
      if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
  }

  /// Whether every byte of `other` is in this set.
  func isSuperset(of other: ByteSet) -> Bool {
    low & other.low == other.low && high & other.high == other.high
  }
}

/// The rules for email addresses the view models accept.
enum EmailAddress {
  /// Why `text` is not an acceptable email address, or `nil` when it is (or is empty: no email).
  ///
  /// Deliberately simple: one `@`, something before it, a domain with a dot that neither starts
  /// nor ends it, and no spaces.
  static func problem(with text: String) -> String? {
    if text.isEmpty { return nil }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    let isValid =
      parts.count == 2 && !parts[0].isEmpty && !text.contains { $0.isWhitespace }
      && parts[1].contains(".") && parts[1].first != "." && parts[1].last != "."
    return isValid ? nil : "“\(text)” is not a valid email address"
  }
}
