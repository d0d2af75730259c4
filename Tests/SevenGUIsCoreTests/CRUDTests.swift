import Bindings
import BindingsTesting
import SevenGUIsCore
import Testing

@Suite("CRUD")
struct CRUDTests {
  private func latest(_ publisher: some Publisher<Bool, Never>) -> Bool? {
    var value: Bool?
    _ = publisher.sink { value = $0 }
    return value
  }

  @Test("Rule 1: the prefix filters by surname at once, with exact deletes and inserts, never a reset")
  func prefixFilter() {
    let crud = CRUDModel()
    let changes = RecordingSubscriber<ObservableArrayEvent<Person>, Never>()
    crud.visible.subscribe(changes)
    defer { changes.cancel() }
    #expect(crud.visible.map(\.description) == ["Emil, Hans", "Mustermann, Max", "Tisch, Roman"])
    crud.prefix = "M"
    #expect(crud.visible.map(\.description) == ["Mustermann, Max"])
    crud.prefix = "m"
    #expect(crud.visible.isEmpty, "the prefix is case-sensitive")
    crud.prefix = ""
    #expect(
      changes.values.dropFirst().map(\.change) == [
        ArrayChangeset(deletes: [0, 2]), ArrayChangeset(deletes: [0]), ArrayChangeset(inserts: [0, 1, 2]),
      ])
  }

  @Test("Rule 2: the selection follows its person through filtering, and ends when they are filtered out")
  func selectionFollows() {
    let crud = CRUDModel()
    crud.selectedIndex = 1
    crud.prefix = "M"
    #expect(crud.selectedIndex == 0)
    crud.prefix = ""
    #expect(crud.selectedIndex == 1)
    crud.prefix = "T"
    #expect(crud.selectedIndex == nil)
    crud.prefix = ""
    #expect(crud.selectedIndex == nil)
  }

  @Test("Rule 2: selecting a person copies the names into the fields")
  func selectionFillsFields() {
    let crud = CRUDModel()
    crud.selectedIndex = 2
    #expect(crud.name == "Roman" && crud.surname == "Tisch")
  }

  @Test("Rule 3: create appends the person from the fields, selects them, and needs a name")
  func create() {
    let crud = CRUDModel()
    #expect(latest(crud.canCreate) == false)
    crud.name = "Ada"
    crud.surname = "Lovelace"
    #expect(latest(crud.canCreate) == true)
    crud.create()
    #expect(crud.visible.last?.description == "Lovelace, Ada")
    #expect(crud.selectedIndex == 3)
    crud.prefix = "X"
    crud.surname = "Xu"
    crud.create()
    #expect(crud.visible.map(\.description) == ["Xu, Ada"])
    #expect(crud.people.count == 5)
  }

  @Test("Rule 4: update and delete are enabled if and only if an entry is selected")
  func enabling() {
    let crud = CRUDModel()
    #expect(latest(crud.canUpdateOrDelete) == false)
    crud.selectedIndex = 0
    #expect(latest(crud.canUpdateOrDelete) == true)
    crud.selectedIndex = nil
    #expect(latest(crud.canUpdateOrDelete) == false)
    crud.update()
    crud.delete()
    #expect(crud.people.count == 3, "without a selection nothing changes")
  }

  @Test("Rule 4: update replaces the selected entry as one exact update; the selection stays")
  func update() {
    let crud = CRUDModel()
    let changes = RecordingSubscriber<ObservableArrayEvent<Person>, Never>()
    crud.visible.subscribe(changes)
    defer { changes.cancel() }
    crud.selectedIndex = 1
    crud.name = "Maxine"
    crud.update()
    #expect(crud.visible[1].description == "Mustermann, Maxine")
    #expect(crud.selectedIndex == 1)
    #expect(changes.values.last?.change == ArrayChangeset(updates: [1]))
  }

  @Test("Rule 4: delete removes the selected entry and ends the selection")
  func delete() {
    let crud = CRUDModel()
    crud.prefix = "T"
    crud.selectedIndex = 0
    crud.delete()
    crud.prefix = ""
    #expect(crud.visible.map(\.surname) == ["Emil", "Mustermann"])
    #expect(crud.selectedIndex == nil)
  }
}
