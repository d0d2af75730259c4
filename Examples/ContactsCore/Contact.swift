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
  /// The given name.
  public var firstName: String
  /// The family name.
  public var lastName: String
  /// The email address; empty for none.
  public var email: String
  /// The phone number, as typed; empty for none.
  public var phone: String
  /// Whether the contact is starred.
  public var isFavorite: Bool
  /// A rating from 0 to 5 (``ratingRange``); the initialiser clamps it.
  public var rating: Double
  /// The contact's group: an index into ``groups``; the initialiser clamps it.
  public var group: Int

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
    self.firstName = firstName
    self.lastName = lastName
    self.email = email
    self.phone = phone
    self.isFavorite = isFavorite
    self.rating = Self.clampedRating(rating)
    self.group = Self.clampedGroup(group)
  }

  /// The first and last names joined by a space, leaving out an empty one.
  ///
  /// ```swift
  /// print(Contact(id: 1, firstName: "Ada", lastName: "").fullName)   // prints "Ada"
  /// ```
  public var fullName: String {
    [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The first letters of the first and last names, uppercased; "?" when both are empty.
  ///
  /// ```swift
  /// print(Contact(id: 1, firstName: "grace", lastName: "Hopper").initials)   // prints "GH"
  /// ```
  public var initials: String {
    let letters = [firstName, lastName].compactMap(\.first).map { String($0).uppercased() }.joined()
    return letters.isEmpty ? "?" : letters
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

  func matches(_ query: SearchQuery) -> Bool {
    guard let needle = query.needle else { return true }
    return fullName.lowercased().contains(needle) || email.lowercased().contains(needle)
      || phone.lowercased().contains(needle)
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

/// A search query prepared once for matching many contacts: trimmed and lowercased.
struct SearchQuery: Equatable, Sendable {
  /// The lowercased text to look for, or `nil` when the query matches everything.
  let needle: String?

  init(_ text: String) {
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
    needle = start == end ? nil : text[start..<end].lowercased()
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
