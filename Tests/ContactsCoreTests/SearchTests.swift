import Bindings
import BindingsTesting
import ContactsCore
import Dispatch
import Testing

@Suite("ContactsViewModel: the throttled search")
struct SearchTests {
  @Test("Before any search every contact is visible, and the status counts them")
  func initialState() {
    let (viewModel, _) = makeViewModel()
    #expect(viewModel.visible.contents == pioneers)
    #expect(viewModel.status == "8 contacts")
    #expect(viewModel.appliedQuery == "")
  }

  @Test(
    "The first keystroke is applied at once; keystrokes within the next 150 ms make one search, with the latest text")
  func throttling() {
    let (viewModel, scheduler) = makeViewModel()
    let applied = RecordingSubscriber<String, Never>()
    viewModel.$appliedQuery.subscribe(applied)
    defer { applied.cancel() }
    let visible = ChangeRecorder(viewModel.visible)

    viewModel.query = "a"
    scheduler.advance()
    #expect(applied.values == ["", "a"])

    scheduler.advance(by: .milliseconds(20))
    viewModel.query = "ad"
    scheduler.advance(by: .milliseconds(30))
    viewModel.query = "ada"
    scheduler.advance(by: .milliseconds(30))
    viewModel.query = "adam"
    scheduler.advance(by: .milliseconds(30))
    viewModel.query = "ada"
    scheduler.advance(by: .milliseconds(39))
    #expect(applied.values == ["", "a"], "149 ms after the first search, nothing more")
    #expect(viewModel.visible.count == 8)

    scheduler.advance(by: .milliseconds(1))
    #expect(applied.values == ["", "a", "ada"])
    #expect(viewModel.visible.map(\.id) == [1])
    #expect(visible.changes.count == 1, "one filtering, one change of the list")
  }

  @Test("A narrowing query changes the visible contacts by deletes only, never a reset")
  func narrowingDeletes() {
    let (viewModel, scheduler) = makeViewModel()
    let visible = ChangeRecorder(viewModel.visible)

    search("ad", in: viewModel, on: scheduler)
    search("ada", in: viewModel, on: scheduler)

    #expect(visible.changes == [ArrayChangeset(deletes: [1, 2, 4, 5, 7]), ArrayChangeset(deletes: [1, 2])])
    #expect(!visible.changes.contains { $0.isReset })
    #expect(viewModel.visible.map(\.fullName) == ["Ada Lovelace"])
  }

  @Test("A widening query inserts the contacts that match again")
  func wideningInserts() {
    let (viewModel, scheduler) = makeViewModel()
    search("ada", in: viewModel, on: scheduler)
    let visible = ChangeRecorder(viewModel.visible)

    search("ad", in: viewModel, on: scheduler)
    search("", in: viewModel, on: scheduler)

    #expect(visible.changes == [ArrayChangeset(inserts: [1, 2]), ArrayChangeset(inserts: [1, 2, 4, 5, 7])])
    #expect(visible.mirror == pioneers)
  }

  @Test("Searching matches the full name, the email and the phone, ignoring case")
  func matchingFields() {
    let (viewModel, scheduler) = makeViewModel()
    search("LOVELACE", in: viewModel, on: scheduler)
    #expect(viewModel.visible.map(\.id) == [1])
    search("example.net", in: viewModel, on: scheduler)
    #expect(viewModel.visible.map(\.id) == [3, 6])
    search("010-0005", in: viewModel, on: scheduler)
    #expect(viewModel.visible.map(\.id) == [5])
    search("grace hopper", in: viewModel, on: scheduler)
    #expect(viewModel.visible.map(\.id) == [2])
    search("nobody", in: viewModel, on: scheduler)
    #expect(viewModel.visible.isEmpty)
  }

  @Test("Edits of all keep the visible contacts right with the applied query, with exact changes")
  func editsOfAll() {
    let (viewModel, scheduler) = makeViewModel()
    search("ad", in: viewModel, on: scheduler)
    #expect(viewModel.visible.map(\.id) == [1, 4, 7])
    let visible = ChangeRecorder(viewModel.visible)

    viewModel.all.append(Contact(id: 9, firstName: "Adrian", lastName: "Bowyer"))
    viewModel.all.append(Contact(id: 10, firstName: "Ken", lastName: "Thompson"))
    viewModel.all[0].lastName = "King"
    viewModel.all[1].firstName = "Adriana"
    viewModel.all.remove(at: 3)
    viewModel.all.move(from: 0, to: 5)

    #expect(
      visible.changes == [
        ArrayChangeset(inserts: [3]),
        ArrayChangeset(updates: [0]),
        ArrayChangeset(inserts: [1]),
        ArrayChangeset(deletes: [2]),
        ArrayChangeset(moves: [.init(from: 0, to: 2)]),
      ]
    )
    #expect(viewModel.visible.map(\.id) == [2, 7, 1, 9])
    #expect(visible.mirror == viewModel.visible.contents)
    #expect(!visible.changes.contains { $0.isReset })
  }

  @Test("A list bound to the visible contacts is reloaded once, then only gets batches that keep it right")
  func boundList() {
    let (viewModel, scheduler) = makeViewModel(ContactGenerator(seed: 3).make(count: 400))
    let list = FakeList()
    list.reactive.items { contact, _ in contact.fullName } <~ viewModel.visible

    for text in ["a", "ad", "ada", "ad", "", "knuth", "k", "ka", "dijkstra"] {
      search(text, in: viewModel, on: scheduler)
      #expect(list.rows == viewModel.visible.map(\.fullName))
    }
    viewModel.all.append(contentsOf: ContactGenerator(seed: 4).make(count: 10, firstID: 1000))
    viewModel.all.remove(at: 17)
    #expect(list.rows == viewModel.visible.map(\.fullName))
    #expect(list.reloads == 1)
    #expect(!list.batches.contains { $0.isReset })
  }

  @Test("Edits of all from several threads at once leave the visible contacts right, with changes a list can apply")
  func concurrentEdits() {
    let (viewModel, scheduler) = makeViewModel(ContactGenerator(seed: 9).make(count: 200))
    search("an", in: viewModel, on: scheduler)
    let visible = ChangeRecorder(viewModel.visible)
    let extra = ContactGenerator(seed: 10).make(count: 400, firstID: 1000)

    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for (offset, contact) in extra.enumerated() where offset % 4 == worker {
        viewModel.all.append(contact)
        viewModel.all.batchUpdate { contacts in
          guard let index = contacts.firstIndex(where: { $0.id == contact.id }) else { return }
          if offset % 3 == 0 {
            contacts.remove(at: index)
          } else {
            contacts[index].lastName = offset % 2 == 0 ? "Hanson" : "Wirth"
          }
        }
      }
    }

    #expect(viewModel.all.count == 200 + 400 - 134)
    #expect(viewModel.visible.contents == viewModel.all.filter { $0.matches("an") })
    #expect(visible.mirror == viewModel.visible.contents)
  }

  @Test("The status counts the visible contacts of all, with thousands separated")
  func statusCounts() {
    let contacts = ContactGenerator(seed: 42).make(count: 3000)
    let (viewModel, scheduler) = makeViewModel(contacts)
    #expect(viewModel.status == "3,000 contacts")

    search("ada", in: viewModel, on: scheduler)
    let expected = contacts.filter { $0.matches("ada") }.count
    #expect(expected > 0 && expected < 3000)
    #expect(viewModel.status == "\(expected) of 3,000 contacts")

    search("", in: viewModel, on: scheduler)
    #expect(viewModel.status == "3,000 contacts")
    viewModel.all.removeAll()
    #expect(viewModel.status == "No contacts")
  }
}
