import ContactsCore
import Testing

@Suite("Contact")
struct ContactTests {
  @Test("The full name leaves out an empty part, and the initials are uppercased")
  func namesAndInitials() {
    let ada = Contact(id: 1, firstName: "ada", lastName: "Lovelace")
    #expect(ada.fullName == "ada Lovelace")
    #expect(ada.initials == "AL")
    #expect(Contact(id: 2, firstName: "Grace", lastName: "").fullName == "Grace")
    #expect(Contact(id: 3, firstName: "", lastName: "Hopper").initials == "H")
    #expect(Contact(id: 4, firstName: "", lastName: "").initials == "?")
  }

  @Test("Editing a name makes the full name and the initials again, and equal names make equal contacts")
  func editedNamesFollow() {
    var contact = Contact(id: 1, firstName: "Ada", lastName: "Lovelace")
    contact.firstName = "grace"
    #expect(contact.fullName == "grace Lovelace" && contact.initials == "GL")
    contact.lastName = ""
    #expect(contact.fullName == "grace" && contact.initials == "G")
    contact.firstName = ""
    #expect(contact.fullName == "" && contact.initials == "?")
    contact.lastName = "Hopper"
    contact.firstName = "Grace"
    #expect(contact == Contact(id: 1, firstName: "Grace", lastName: "Hopper"))
    #expect(contact.hashValue == Contact(id: 1, firstName: "Grace", lastName: "Hopper").hashValue)
    #expect(contact.matches("grace h") && !contact.matches("ada"))
    contact.email = "Grace@Navy.MIL"
    contact.phone = "555-0199"
    #expect(contact.matches("navy.mil") && contact.matches("0199") && !contact.matches("mil\n555"))
    contact.email = ""
    #expect(!contact.matches("navy"))
    contact.lastName = "Höpper"
    #expect(contact.matches("HÖP") && contact.matches("0199"), "a name that is not ASCII is matched by characters")
  }

  @Test("The initials are the first characters uppercased, whatever the names are made of")
  func initialsAgreeWithCharacters() {
    let names = [
      "", "ada", "Ada", "a", "Z", "1st", " x", "\r\n", "e\u{301}cole", "\u{e9}mile", "ß", "ǆemal", "Ωmega", "🙂 smile",
      "👍🏽up", "o\u{308}", "-dash", "\u{1F1EB}\u{1F1F7}",
    ]
    for first in names {
      for last in names {
        var expected = ""
        if let letter = first.first { expected += letter.uppercased() }
        if let letter = last.first { expected += letter.uppercased() }
        let contact = Contact(id: 1, firstName: first, lastName: last)
        let names = "\(first.debugDescription) \(last.debugDescription)"
        #expect(contact.initials == (expected.isEmpty ? "?" : expected), "\(names)")
      }
    }
  }

  @Test("The rating and the group are clamped into their ranges")
  func clamping() {
    let contact = Contact(id: 1, firstName: "A", lastName: "B", rating: 7, group: 9)
    #expect(contact.rating == 5)
    #expect(contact.group == Contact.groups.count - 1)
    #expect(Contact(id: 2, firstName: "A", lastName: "B", rating: -1, group: -3).rating == 0)
    #expect(Contact(id: 2, firstName: "A", lastName: "B", rating: .nan).rating == 0)
    #expect(Contact(id: 2, firstName: "A", lastName: "B", group: 2).groupName == "Work")
  }

  @Test("Matching ignores case and surrounding spaces, and looks at the full name, the email and the phone")
  func matching() {
    let ada = pioneers[0]
    #expect(ada.matches("LOVELACE"))
    #expect(ada.matches("a l"))
    #expect(ada.matches("  ada@EXAMPLE  "))
    #expect(ada.matches("010-0001"))
    #expect(ada.matches(""))
    #expect(ada.matches("   "))
    #expect(!ada.matches("grace"))
  }

  @Test("Matching without allocating gives the answer of lowercasing each field, for ASCII and for other text")
  func matchingAgreesWithLowercasing() {
    /// The test as it was written first: three fields lowercased, the full name built.
    func reference(_ contact: Contact, _ text: String) -> Bool {
      let query = SearchQuery(text)
      guard let needle = query.needle else { return true }
      return [contact.fullName, contact.email, contact.phone].contains { $0.lowercased().contains(needle) }
    }
    let names = ["Ada", "ADA", "Zoë", "José", "Jose\u{301}", "Łukasz", "", "o'Neil", "Straße", "a\tb", "İlker"]
    let contacts = names.enumerated().flatMap { index, first in
      names.map { last in
        Contact(id: index, firstName: first, lastName: last, email: "\(first)@Example.org", phone: "555-01\(index)")
      }
    }
    let queries = [
      "a", "A", "ada", "a a", "da a", "zoë", "ZOË", "jose", "josé", "é", "o'n", "@example", "EXAMPLE.ORG", "555-010",
      "ss", "straße", "a\tb", "i", "ilker", "İ", "x", "ada ada", " ", "łu",
    ]
    for contact in contacts {
      for text in queries {
        #expect(
          contact.matches(text) == reference(contact, text),
          "\(contact.fullName) | \(contact.email) against \"\(text)\"")
        #expect(contact.matches(SearchQuery(text)) == contact.matches(text))
      }
    }
    // An accent made of two scalars joins the letter before it: "e" is not in "José" spelt so.
    #expect(!Contact(id: 1, firstName: "Jose\u{301}", lastName: "").matches("jose"))
    #expect(Contact(id: 1, firstName: "Jose", lastName: "").matches("jose"))
  }

  @Test("Every one-character and two-character query matches the contacts whose lowercased fields contain it")
  func shortQueriesAgreeWithLowercasing() {
    let contacts =
      ContactGenerator(seed: 3).make(count: 200) + [
        Contact(id: 1_001, firstName: "", lastName: "", email: "", phone: ""),
        Contact(id: 1_002, firstName: "Q~", lastName: "{Z}", email: "^_^@x.y", phone: "+1 (555) 0100"),
        Contact(id: 1_003, firstName: "Zoë", lastName: "Hopper", email: "zoe@example.com", phone: "555-0100"),
      ]
    let characters = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
    let pairs = ["ad", "da", "xq", "qx", "@e", "55", "5-", "-0", "a ", " h", "zz", "ë", "oë"]
    for contact in contacts {
      let fields = [contact.fullName, contact.email, contact.phone].map { $0.lowercased() }
      for text in characters + pairs {
        let needle = SearchQuery(text).needle
        let expected = needle.map { needle in fields.contains { $0.contains(needle) } } ?? true
        #expect(
          contact.matches(SearchQuery(text)) == expected, "\(contact.fullName) | \(contact.email) against \"\(text)\"")
      }
    }
  }

  @Test("After an edit a contact matches the letters of its new fields, and no longer those only in its old ones")
  func editedFieldsAreSearched() {
    var contact = Contact(id: 1, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555-0100")
    #expect(contact.matches("x") && contact.matches("v") && !contact.matches("q") && !contact.matches("9"))
    contact.email = "ada@lovelace.org"
    #expect(!contact.matches("x") && contact.matches("g"))
    contact.phone = "555-0199"
    #expect(contact.matches("9"))
    contact.lastName = "Byron"
    #expect(contact.matches("y") && !contact.matches("ace l"))
    contact.firstName = "Quinn"
    #expect(contact.matches("q") && contact.matches("Q"))
  }

  @Test("A contact is a value: setting any field of a copy leaves the original as it was")
  func copiesAreIndependent() {
    let original = Contact(
      id: 1, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555-0100", isFavorite: true,
      rating: 4, group: 2)
    let edits: [(String, (inout Contact) -> Void)] = [
      ("firstName", { $0.firstName = "Grace" }), ("lastName", { $0.lastName = "Hopper" }),
      ("email", { $0.email = "grace@navy.mil" }), ("phone", { $0.phone = "555-0199" }),
      ("firstName appended", { $0.firstName.append("x") }), ("isFavorite", { $0.isFavorite = false }),
      ("rating", { $0.rating = 1 }), ("group", { $0.group = 0 }),
    ]
    for (field, edit) in edits {
      var copy = original
      edit(&copy)
      #expect(copy != original, "\(field)")
      #expect(original.firstName == "Ada" && original.lastName == "Lovelace", "\(field)")
      #expect(original.fullName == "Ada Lovelace" && original.initials == "AL", "\(field)")
      #expect(original.email == "ada@example.com" && original.phone == "555-0100", "\(field)")
      #expect(original.isFavorite && original.rating == 4 && original.group == 2, "\(field)")
      #expect(original.matches("love") && original.matches("0100") && !original.matches("grace"), "\(field)")
      #expect(!original.matches("navy") && !original.matches("0199") && !original.matches("hopper"), "\(field)")
    }
    var copy = original
    copy.firstName = "Grace"
    copy.lastName = "Hopper"
    #expect(copy.matches("grace hopper") && !copy.matches("lovelace") && original.matches("ada lovelace"))
  }

  @Test("Contacts made separately with the same fields are equal and hash alike; a field apart makes them differ")
  func equalityIsByValue() {
    func make() -> Contact {
      Contact(
        id: 7, firstName: String(repeating: "Ada", count: 8), lastName: "Lovelace", email: "ada@example.com",
        phone: "555-0100", isFavorite: true, rating: 3.5, group: 1)
    }
    let first = make()
    let second = make()
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)
    // Reached by edits rather than made at once: still equal.
    var edited = Contact(id: 7, firstName: "Grace", lastName: "Hopper", isFavorite: true, rating: 3.5, group: 1)
    edited.firstName = String(repeating: "Ada", count: 8)
    edited.lastName = "Lovelace"
    edited.email = "ada@example.com"
    edited.phone = "555-0100"
    #expect(edited == first && edited.hashValue == first.hashValue)
    // Setting a field to the value it has keeps the contact equal.
    var same = first
    same.email = first.email
    #expect(same == first && same.hashValue == first.hashValue)
    let variants: [(inout Contact) -> Void] = [
      { $0.firstName = "Ada" }, { $0.lastName = "Byron" }, { $0.email = "" }, { $0.phone = "555-0101" },
      { $0.isFavorite = false }, { $0.rating = 3 }, { $0.group = 2 },
    ]
    for variant in variants {
      var other = make()
      variant(&other)
      #expect(other != first)
    }
    #expect(Contact(id: 8, firstName: "A", lastName: "B") != Contact(id: 9, firstName: "A", lastName: "B"))
    // The same names split differently make the same full name, yet differ.
    #expect(
      Contact(id: 1, firstName: "Ada Love", lastName: "Lace") != Contact(id: 1, firstName: "Ada", lastName: "Love Lace")
    )
  }

  @Test("Each setter leaves the full name, the initials and the search in step with every field")
  func madeFieldsFollowEachSetter() {
    func expectInStep(_ contact: Contact, _ note: Comment) {
      let made = Contact(
        id: contact.id, firstName: contact.firstName, lastName: contact.lastName, email: contact.email,
        phone: contact.phone, isFavorite: contact.isFavorite, rating: contact.rating, group: contact.group)
      #expect(contact == made, note)
      #expect(contact.fullName == made.fullName && contact.initials == made.initials, note)
      for text in ["a", "ad", "ada l", "zoë", "ë", "@", "navy", "555", "0199", "hop", "q", "é", "Ü"] {
        #expect(contact.matches(text) == made.matches(text), "\(note) against \"\(text)\"")
      }
    }
    var contact = Contact(id: 1, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555-0100")
    expectInStep(contact, "made")
    contact.firstName = "Zoë"
    expectInStep(contact, "first name not ASCII")
    #expect(contact.fullName == "Zoë Lovelace" && contact.initials == "ZL" && contact.matches("zoë l"))
    contact.lastName = "Hopper"
    expectInStep(contact, "last name")
    contact.email = "zoe@navy.mil"
    expectInStep(contact, "email")
    #expect(contact.matches("NAVY") && !contact.matches("example"))
    contact.firstName = "Grace"
    expectInStep(contact, "first name ASCII again")
    #expect(contact.fullName == "Grace Hopper" && contact.initials == "GH" && contact.matches("e h"))
    contact.phone = "555-0199"
    expectInStep(contact, "phone")
    #expect(contact.matches("0199") && !contact.matches("0100"))
    contact.email = "ünï@example.com"
    expectInStep(contact, "email not ASCII")
    #expect(contact.matches("ÜNÏ") && contact.matches("hopper") && contact.matches("0199"))
    contact.phone = ""
    contact.email = ""
    expectInStep(contact, "email and phone cleared")
    #expect(!contact.matches("@") && !contact.matches("5"))
    contact.lastName = ""
    expectInStep(contact, "last name cleared")
    #expect(contact.fullName == "Grace" && contact.initials == "G" && !contact.matches("hop"))
    contact.firstName.append("ful")
    expectInStep(contact, "first name appended to")
    #expect(contact.fullName == "Graceful" && contact.matches("ceful"))
    contact.firstName = ""
    expectInStep(contact, "both names cleared")
    #expect(contact.fullName == "" && contact.initials == "?" && !contact.matches("g") && contact.matches(" "))
  }
}

@Suite("ContactGenerator")
struct ContactGeneratorTests {
  @Test("SplitMix64 gives the reference sequence")
  func splitMixReference() {
    // The first outputs for seed 0 in the reference implementation (Vigna's splitmix64.c).
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test("The same seed makes the same contacts, and another seed other contacts")
  func determinism() {
    let first = ContactGenerator(seed: 42).make(count: 3000)
    let again = ContactGenerator(seed: 42).make(count: 3000)
    let other = ContactGenerator(seed: 43).make(count: 3000)
    #expect(first == again)
    #expect(first != other)
    #expect(first.count == 3000)
    #expect(first.map(\.id) == Array(1...3000))
  }

  @Test("A generated contact is plausible: listed names, a valid email, a 555 number, a rating in half stars")
  func plausibility() {
    let contacts = ContactGenerator(seed: 7).make(count: 500, firstID: 100)
    #expect(contacts.first?.id == 100)
    for contact in contacts {
      #expect(ContactGenerator.firstNames.contains(contact.firstName))
      #expect(ContactGenerator.lastNames.contains(contact.lastName))
      #expect(contact.email.split(separator: "@").count == 2)
      #expect(contact.phone.hasPrefix("(555) "))
      #expect(Contact.ratingRange.contains(contact.rating) && (contact.rating * 2).rounded() == contact.rating * 2)
      #expect(Contact.groups.indices.contains(contact.group))
    }
    let favourites = contacts.filter(\.isFavorite).count
    #expect(favourites > 20 && favourites < 120)
  }

  @Test("Generating nothing gives nothing")
  func empty() {
    #expect(ContactGenerator(seed: 1).make(count: 0).isEmpty)
    #expect(ContactGenerator(seed: 1).make(count: -5).isEmpty)
  }
}
