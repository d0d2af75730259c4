import Bindings
import BindingsTesting
import ContactsCore
import Testing

@Suite("ContactsViewModel: add, delete and undo")
struct CommandTests {
  @Test("Adding makes a new contact at the end, selects it, and says so")
  func adding() {
    let (viewModel, _) = makeViewModel()
    let visible = ChangeRecorder(viewModel.visible)

    let added = viewModel.add()

    #expect(added == Contact(id: 9, firstName: "New", lastName: "Contact"))
    #expect(viewModel.all.last == added)
    #expect(visible.changes == [ArrayChangeset(inserts: [8])])
    #expect(viewModel.selectedID == 9)
    #expect(viewModel.selectedIndex == 8)
    #expect(viewModel.form.firstName == "New" && viewModel.form.isEditable)
    #expect(viewModel.status == "Added New Contact")
  }

  @Test("A contact added during a search stays visible and selected")
  func addingWhileSearching() {
    let (viewModel, scheduler) = makeViewModel()
    search("ada", in: viewModel, on: scheduler)
    viewModel.add(firstName: "Grace", lastName: "Murray", email: "gm@example.com")
    #expect(viewModel.visible.map(\.id) == [1, 9])
    #expect(viewModel.selectedIndex == 1)
  }

  @Test("Adding with an invalid email sends an error and adds nothing")
  func addingInvalidEmail() {
    let (viewModel, _) = makeViewModel()
    let errors = RecordingSubscriber<String, Never>()
    viewModel.errors.subscribe(errors)
    defer { errors.cancel() }

    #expect(viewModel.add(firstName: "Ada", email: "ada@@example") == nil)

    #expect(errors.values == ["Cannot add a contact: “ada@@example” is not a valid email address"])
    #expect(viewModel.lastError == errors.values.last)
    #expect(viewModel.all.count == 8)
  }

  @Test("Adding while the form holds an invalid email sends an error, so that the user's input is not lost")
  func addingOverInvalidForm() {
    let (viewModel, _) = makeViewModel()
    viewModel.selectedID = 1
    viewModel.form.email = "ada at example"

    #expect(viewModel.add() == nil)
    #expect(viewModel.lastError == "Fix the email address first: “ada at example” is not a valid email address")
    #expect(viewModel.selectedID == 1)
    #expect(viewModel.form.email == "ada at example")
  }

  @Test("Deleting removes the selected contact with a delete of its row, ends the selection and says whom")
  func deleting() {
    let (viewModel, _) = makeViewModel()
    let visible = ChangeRecorder(viewModel.visible)
    viewModel.selectRow(at: 0)

    viewModel.deleteSelected()

    #expect(visible.changes == [ArrayChangeset(deletes: [0])])
    #expect(viewModel.selectedID == nil)
    #expect(!viewModel.form.isEditable)
    #expect(viewModel.status == "Deleted Ada Lovelace")
  }

  @Test("Deleting with nothing selected sends an error; the next command that succeeds clears it")
  func deletingNothing() {
    let (viewModel, _) = makeViewModel()
    let errors = RecordingSubscriber<String, Never>()
    viewModel.errors.subscribe(errors)
    defer { errors.cancel() }

    viewModel.deleteSelected()
    #expect(errors.values == ["Select a contact to delete"])
    #expect(viewModel.lastError == "Select a contact to delete")
    #expect(viewModel.all.count == 8)

    viewModel.add()
    #expect(viewModel.lastError == nil)
  }

  @Test("An error can be dismissed")
  func dismissing() {
    let (viewModel, _) = makeViewModel()
    viewModel.undo()
    #expect(viewModel.lastError == "Nothing to undo")
    viewModel.dismissError()
    #expect(viewModel.lastError == nil)
  }

  @Test("Undo restores a deleted contact at its place and selects it")
  func undoDelete() {
    let (viewModel, _) = makeViewModel()
    viewModel.selectRow(at: 3)
    viewModel.deleteSelected()
    let visible = ChangeRecorder(viewModel.visible)

    viewModel.undo()

    #expect(viewModel.all.contents == pioneers)
    #expect(visible.changes == [ArrayChangeset(inserts: [3])])
    #expect(viewModel.selectedID == 4)
    #expect(viewModel.status == "Restored Adele Goldberg")
  }

  @Test("Undo removes an added contact")
  func undoAdd() {
    let (viewModel, _) = makeViewModel()
    viewModel.add()
    viewModel.undo()
    #expect(viewModel.all.contents == pioneers)
    #expect(viewModel.selectedID == nil)
    #expect(viewModel.status == "Removed New Contact")
  }

  @Test("Undo reverts an edit; typing into one field is one step, another field another")
  func undoEdits() {
    let (viewModel, _) = makeViewModel()
    let form = viewModel.form
    viewModel.selectedID = 2
    for prefix in ["G", "Gr", "Gra", "Grac", "Grace M."] { form.firstName = prefix }
    form.rating = 1
    form.rating = 2

    viewModel.undo()
    #expect(viewModel.all[1].rating == 0)
    #expect(viewModel.all[1].firstName == "Grace M.")
    #expect(form.rating == 0)

    viewModel.undo()
    #expect(viewModel.all[1] == pioneers[1])
    #expect(form.firstName == "Grace")
    #expect(viewModel.status == "Undid the changes to Grace Hopper")

    viewModel.undo()
    #expect(viewModel.lastError == "Nothing to undo")
  }

  @Test("Undo goes back through adds, deletes and edits in reverse order")
  func undoSequence() {
    let (viewModel, _) = makeViewModel()
    viewModel.selectedID = 3
    viewModel.form.lastName = "Mathison"
    viewModel.deleteSelected()
    viewModel.add()
    viewModel.form.firstName = "Newer"

    for _ in 0..<4 { viewModel.undo() }

    #expect(viewModel.all.contents == pioneers)
    #expect(viewModel.lastError == nil)
  }

  @Test("The undo button is sensitive exactly while there is something to undo")
  func canUndo() {
    let (viewModel, _) = makeViewModel()
    let states = RecordingSubscriber<Bool, Never>()
    viewModel.canUndo.subscribe(states)
    defer { states.cancel() }

    viewModel.add()
    viewModel.deleteSelected()
    viewModel.undo()
    viewModel.undo()

    #expect(states.values == [false, true, false])
  }

  @Test("At most undoLimit steps are kept")
  func undoLimit() {
    let (viewModel, _) = makeViewModel()
    for _ in 0..<(ContactsViewModel.undoLimit + 5) { viewModel.add() }
    for _ in 0..<ContactsViewModel.undoLimit { viewModel.undo() }
    #expect(viewModel.all.count == 8 + 5)
    viewModel.undo()
    #expect(viewModel.lastError == "Nothing to undo")
  }
}
