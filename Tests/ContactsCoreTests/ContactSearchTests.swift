import Bindings
import BindingsTesting
import Testing

@testable import ContactsCore

@Suite("ContactSearch, on its own")
struct ContactSearchTests {
  @Test("A query changes the results by the contacts that left and came, and is sent once they show")
  func applyQuery() {
    let all = MutableObservableArray(pioneers)
    let search = ContactSearch(all: all)
    let changes = ChangeRecorder(search.results)
    var applied: [(String, [Int])] = []
    let token = search.appliedQueries.sink { applied.append(($0, search.results.map(\.id))) }

    search.apply("ad")
    search.apply("alan")

    #expect(
      changes.changes == [ArrayChangeset(deletes: [1, 2, 4, 5, 7]), ArrayChangeset(deletes: [0, 1, 2], inserts: [0])])
    #expect(applied.map(\.0) == ["ad", "alan"])
    #expect(applied.map(\.1) == [[1, 4, 7], [3]])
    token.cancel()
  }

  @Test("A kept contact stays whatever the query, until the next query is applied")
  func keptContacts() {
    let all = MutableObservableArray(pioneers)
    let search = ContactSearch(all: all)
    search.apply("ada")
    search.keep(2)
    all[1].firstName = "Gracie"
    #expect(search.results.map(\.id) == [1, 2])
    search.keep(9)
    all.append(Contact(id: 9, firstName: "New", lastName: "Contact"))
    #expect(search.results.map(\.id) == [1, 2, 9])
    search.apply("ad")
    #expect(search.results.map(\.id) == [1, 4, 7])
  }

  @Test("The counts are sent when they change, and each time a query is applied")
  func summaries() {
    let all = MutableObservableArray(pioneers)
    let search = ContactSearch(all: all)
    var sent: [String] = []
    let token = search.summaries.sink { sent.append($0) }
    #expect(search.summary == "8 contacts")
    search.apply("ad")
    search.apply("ad")
    all.remove(at: 1)  // Grace, not shown: the total changes
    all[0].phone = "(555) 010-0009"  // no change of the counts
    search.apply("")
    #expect(sent == ["3 of 8 contacts", "3 of 8 contacts", "3 of 7 contacts", "7 contacts"], "once per query applied")
    token.cancel()
  }

  @Test("The search follows a query publisher, throttled: the first text at once, then the latest of 150 ms")
  func follows() {
    let all = MutableObservableArray(pioneers)
    let search = ContactSearch(all: all)
    let query = CurrentValueSubject<String, Never>("")
    let scheduler = TestScheduler()
    search.follow(query, throttledOn: scheduler)
    query.send("ad")
    scheduler.advance()
    #expect(search.results.map(\.id) == [1, 4, 7])
    query.send("ada")
    query.send("alan")
    scheduler.advance(by: .milliseconds(149))
    #expect(search.results.map(\.id) == [1, 4, 7])
    scheduler.advance(by: .milliseconds(1))
    #expect(search.results.map(\.id) == [3])
  }

  @Test("The search and its results are released with their last holder")
  func released() {
    weak var weakSearch: ContactSearch?
    weak var weakResults: ObservableArray<Contact>?
    let all = MutableObservableArray(pioneers)
    do {
      let search = ContactSearch(all: all)
      search.follow(CurrentValueSubject<String, Never>(""), throttledOn: TestScheduler())
      search.apply("ad")
      weakSearch = search
      weakResults = search.results
    }
    #expect(weakSearch == nil)
    #expect(weakResults == nil)
  }
}
