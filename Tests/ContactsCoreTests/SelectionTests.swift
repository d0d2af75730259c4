import Bindings
import BindingsTesting
import ContactsCore
import Testing

@Suite("ContactsViewModel: the selection")
struct SelectionTests {
  @Test("Selecting a row selects its contact; a row out of range or nil selects nothing")
  func selectingRows() {
    let (viewModel, _) = makeViewModel()
    viewModel.selectRow(at: 2)
    #expect(viewModel.selectedID == 3)
    #expect(viewModel.selectedIndex == 2)
    viewModel.selectRow(at: 8)
    #expect(viewModel.selectedID == nil)
    #expect(viewModel.selectedIndex == nil)
    viewModel.selectedID = 5
    #expect(viewModel.selectedIndex == 4)
    viewModel.selectRow(at: nil)
    #expect(viewModel.selectedID == nil)
  }

  @Test("The selected row moves with its contact when rows are inserted or deleted above it")
  func rowFollowsContact() {
    let (viewModel, _) = makeViewModel()
    let rows = RecordingSubscriber<Int?, Never>()
    viewModel.$selectedIndex.subscribe(rows)
    defer { rows.cancel() }
    viewModel.selectedID = 5

    viewModel.all.insert(Contact(id: 20, firstName: "Tim", lastName: "Berners-Lee"), at: 0)
    viewModel.all.insert(Contact(id: 21, firstName: "Vint", lastName: "Cerf"), at: 7)
    viewModel.all.remove(at: 1)
    viewModel.all.remove(at: 1)

    #expect(rows.values == [nil, 4, 5, 4, 3])
    #expect(viewModel.selectedID == 5)
    #expect(viewModel.visible[viewModel.selectedIndex!].id == 5)
  }

  @Test("A search that filters the selected contact out ends the selection; one that keeps it moves its row")
  func filteringEndsSelection() {
    let (viewModel, scheduler) = makeViewModel()
    viewModel.selectedID = 7
    search("ad", in: viewModel, on: scheduler)
    #expect(viewModel.selectedID == 7)
    #expect(viewModel.selectedIndex == 2)

    search("ada", in: viewModel, on: scheduler)
    #expect(viewModel.selectedID == nil)
    #expect(viewModel.selectedIndex == nil)

    search("", in: viewModel, on: scheduler)
    #expect(viewModel.selectedID == nil, "the selection does not come back with the contact")
  }

  @Test("Deleting the selected contact from all ends the selection")
  func deletingEndsSelection() {
    let (viewModel, _) = makeViewModel()
    viewModel.selectedID = 4
    viewModel.all.remove(at: 3)
    #expect(viewModel.selectedID == nil)
    #expect(viewModel.selectedIndex == nil)
  }

  @Test("Selecting an id that is not visible selects nothing")
  func invisibleID() {
    let (viewModel, scheduler) = makeViewModel()
    search("ada", in: viewModel, on: scheduler)
    viewModel.selectedID = 2
    #expect(viewModel.selectedID == nil)
    viewModel.selectedID = 99
    #expect(viewModel.selectedID == nil)
  }

  @Test("A list's selection binds two-way to the selected row")
  func twoWayWithList() {
    let (viewModel, scheduler) = makeViewModel()
    let list = FakeList()
    list.reactive.items { contact, _ in contact.fullName } <~ viewModel.visible
    list.$selectedRow <~> viewModel.reactive.selectedRow
    #expect(list.selectedRow == nil)

    list.selectedRow = 3
    #expect(viewModel.selectedID == 4)

    viewModel.all.remove(at: 0)
    #expect(list.selectedRow == 2, "the row moved up with the contact")

    search("grace", in: viewModel, on: scheduler)
    #expect(list.selectedRow == nil)
    #expect(list.rows == ["Grace Hopper"])

    viewModel.selectedID = 2
    #expect(list.selectedRow == 0)
  }

  @Test("The delete button is sensitive exactly while a contact is selected")
  func canDelete() {
    let (viewModel, scheduler) = makeViewModel()
    let button = FakeLabel()
    button.reactive.isSensitive <~ viewModel.canDelete
    #expect(!button.isSensitive)

    viewModel.selectRow(at: 0)
    #expect(button.isSensitive)
    search("grace", in: viewModel, on: scheduler)
    #expect(!button.isSensitive)
  }
}
