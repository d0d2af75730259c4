import Bindings
import BindingsTesting
import ContactsCore
import Testing

@Suite("ContactsViewModel: the detail form")
struct FormTests {
  @Test("With nothing selected the fields are empty and cannot be edited")
  func emptyForm() {
    let (viewModel, _) = makeViewModel()
    let form = viewModel.form
    #expect(!form.isEditable)
    #expect(form.contactID == nil)
    #expect([form.firstName, form.lastName, form.email, form.phone] == ["", "", "", ""])
    #expect(!form.isFavorite && form.rating == 0 && form.group == nil)

    form.firstName = "Nobody"
    #expect(viewModel.all.contents == pioneers, "an edit with nothing selected is ignored")
  }

  @Test("The form shows the selected contact, and empties again when the selection ends")
  func showsSelection() {
    var grace = pioneers[1]
    grace.isFavorite = true
    grace.rating = 4.5
    grace.group = 2
    var contacts = pioneers
    contacts[1] = grace
    let (viewModel, _) = makeViewModel(contacts)
    let form = viewModel.form

    viewModel.selectedID = 2
    #expect(form.isEditable)
    #expect(form.firstName == "Grace" && form.lastName == "Hopper")
    #expect(form.email == "grace@example.org" && form.phone == "(555) 010-0002")
    #expect(form.isFavorite && form.rating == 4.5 && form.group == 2)

    viewModel.selectedID = nil
    #expect(!form.isEditable)
    #expect(form.firstName == "" && form.email == "" && form.group == nil && !form.isFavorite)
    #expect(viewModel.all[1] == grace, "emptying the form does not write into the contact")
  }

  @Test("Each edit of a field is written into the contact, and the list gets an update of its row")
  func editsWriteBack() {
    let (viewModel, _) = makeViewModel()
    let visible = ChangeRecorder(viewModel.visible)
    let form = viewModel.form
    viewModel.selectRow(at: 2)

    form.firstName = "Alan M."
    form.isFavorite = true
    form.rating = 3.5
    form.group = 1
    form.phone = "+44 20 0000"

    let expected = Contact(
      id: 3, firstName: "Alan M.", lastName: "Turing", email: "alan@example.net", phone: "+44 20 0000",
      isFavorite: true, rating: 3.5, group: 1)
    #expect(viewModel.all[2] == expected)
    #expect(viewModel.visible[2] == expected)
    #expect(visible.changes == Array(repeating: ArrayChangeset(updates: [2]), count: 5))
    #expect(viewModel.selectedIndex == 2)
  }

  @Test("A rating out of range is written clamped, and the form shows the clamped value")
  func ratingClamped() {
    let (viewModel, _) = makeViewModel()
    viewModel.selectedID = 1
    viewModel.form.rating = 8
    #expect(viewModel.all[0].rating == 5)
    #expect(viewModel.form.rating == 5)
  }

  @Test("An invalid email stays in the field with a reason and is not written; a valid one is")
  func emailValidation() {
    let (viewModel, _) = makeViewModel()
    let form = viewModel.form
    viewModel.selectedID = 1

    form.email = "ada@"
    #expect(form.emailError == "“ada@” is not a valid email address")
    #expect(viewModel.all[0].email == "ada@example.com")

    form.email = "ada@engine.example"
    #expect(form.emailError == nil)
    #expect(viewModel.all[0].email == "ada@engine.example")

    form.email = ""
    #expect(form.emailError == nil, "no email is allowed")
    #expect(viewModel.all[0].email == "")
  }

  @Test("A change of the selected contact made elsewhere shows in the form; the user's pending input stays")
  func modelChangesReachForm() {
    let (viewModel, _) = makeViewModel()
    let form = viewModel.form
    viewModel.selectedID = 1
    form.email = "ada@"

    viewModel.all[0].lastName = "King"
    #expect(form.lastName == "King")
    #expect(form.email == "ada@", "the invalid email the user is typing is kept")
    #expect(form.emailError != nil)

    viewModel.selectedID = 2
    #expect(form.email == "grace@example.org", "another contact replaces every field")
    #expect(form.emailError == nil)
  }

  @Test("A contact edited out of the query stays visible until the next search")
  func editedContactStays() {
    let (viewModel, scheduler) = makeViewModel()
    search("lovelace", in: viewModel, on: scheduler)
    viewModel.selectRow(at: 0)

    viewModel.form.lastName = "King"
    #expect(!viewModel.all[0].matches("lovelace"))
    #expect(viewModel.visible.map(\.fullName) == ["Ada King"], "the contact being edited stays")
    #expect(viewModel.selectedID == 1)
    #expect(viewModel.form.isEditable)

    search("lovelac", in: viewModel, on: scheduler)
    #expect(viewModel.visible.isEmpty)
    #expect(viewModel.selectedID == nil)
  }

  @Test("The form's fields bind two-way to controls")
  func twoWayControls() {
    let (viewModel, _) = makeViewModel()
    let entry = FakeEntry()
    entry.$text <~> viewModel.form.$firstName
    viewModel.selectedID = 6
    #expect(entry.text == "Barbara")

    entry.text = "Barbara J."
    #expect(viewModel.all[5].firstName == "Barbara J.")

    viewModel.selectedID = 7
    #expect(entry.text == "Radia")
  }
}

/// A text entry with a two-way text.
final class FakeEntry: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  @Published var text = ""
}
