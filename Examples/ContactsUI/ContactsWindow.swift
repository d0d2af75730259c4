#if GTK
import Bindings
import BindingsGTK
import ContactsCore
import Foundation

/// The Contacts window: a searchable list of contacts and a form for the selected one, every widget
/// bound to a ``ContactsViewModel``.
///
/// ```swift
/// let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 42).make(count: 3000))
/// let contacts = ContactsWindow(viewModel: viewModel)
/// contacts.window.present()
/// ```
///
/// It holds no state of its own: everything it shows comes from the view model through bindings,
/// and everything the user does goes to the view model through bindings.
@MainActor
public final class ContactsWindow {
  /// The top-level window.
  public let window = Window(title: "Contacts", width: 860, height: 560)
  /// The search field.
  public let search = Entry(placeholder: "Search names, emails, phones")
  /// The list of matching contacts.
  public let list = ListView<Contact>(
    makeRow: { ContactRow() },
    bindRow: { row, contact in row.show(contact) }
  )
  /// The form's fields.
  public let firstName = Entry()
  /// The form's fields.
  public let lastName = Entry()
  /// The form's fields.
  public let email = Entry()
  /// The form's fields.
  public let phone = Entry()
  /// Whether the contact is a favourite.
  public let favorite = Switch()
  /// The contact's rating, 0 to 5.
  public let rating = Scale(range: Contact.ratingRange, step: 0.5)
  /// The contact's group.
  public let group = DropDown(Contact.groups)
  /// Commands.
  public let addButton = Button("Add")
  /// Commands.
  public let deleteButton = Button("Delete")
  /// Commands.
  public let undoButton = Button("Undo")
  /// Commands.
  public let exportButton = Button("Export all")
  /// The status line.
  public let status = Label()
  /// The export's progress.
  public let progress = ProgressBar()
  /// The last error, shown until the next command succeeds.
  public let error = Label()
  /// The email field's problem, under the field.
  public let emailProblem = Label()

  private let viewModel: ContactsViewModel

  /// Builds the window and binds every widget to `viewModel`.
  public init(viewModel: ContactsViewModel) {
    self.viewModel = viewModel
    layOut()
    bind()
  }

  private func bind() {
    let form = viewModel.form
    search.reactive.text <~> viewModel.$query
    list.reactive.items <~ viewModel.visible
    // By identity, not row: the view model publishes the selected contact's new row before the list
    // has the rows that moved it.
    list.reactive.selectedItemID(\.id) <~> viewModel.$selectedID

    firstName.reactive.text <~> form.$firstName
    lastName.reactive.text <~> form.$lastName
    email.reactive.text <~> form.$email
    phone.reactive.text <~> form.$phone
    favorite.reactive.isActive <~> form.$isFavorite
    rating.reactive.value <~> form.$rating
    // With nothing selected the form has no group, and the drop-down shows none: meant, so not reported.
    group.reactive.selected.bindTwoWay(with: &form.$group, initialValueFrom: .right, reportsEmptyOverwrite: false)
    for field in [firstName, lastName, email, phone] as [Widget] + [favorite, rating, group] {
      field.reactive.isSensitive <~ form.$isEditable
    }
    email.reactive.cssClass("error") <~ form.$emailError.map { $0 != nil }
    emailProblem.reactive.text <~ form.$emailError.map { $0 ?? "" }
    emailProblem.reactive.isVisible <~ form.$emailError.map { $0 != nil }

    addButton.reactive.clicked ~> (viewModel, { viewModel, _ in viewModel.add() })
    deleteButton.reactive.clicked ~> (viewModel, { viewModel, _ in viewModel.deleteSelected() })
    undoButton.reactive.clicked ~> (viewModel, { viewModel, _ in viewModel.undo() })
    exportButton.reactive.clicked ~> (viewModel, { viewModel, _ in viewModel.exportAll() })
    deleteButton.reactive.isSensitive <~ viewModel.canDelete
    undoButton.reactive.isSensitive <~ viewModel.canUndo
    exportButton.reactive.isSensitive <~ viewModel.$isExporting.map { !$0 }

    status.reactive.text <~ viewModel.$status
    progress.reactive.fraction <~ viewModel.$progress
    progress.reactive.isVisible <~ viewModel.$isExporting
    error.reactive.text <~ viewModel.$lastError.map { $0 ?? "" }
    error.reactive.isVisible <~ viewModel.$lastError.map { $0 != nil }
    window.reactive.title <~ viewModel.$status.map { "Contacts — \($0)" }
  }

  private func layOut() {
    let scroller = ScrolledWindow(list).sizeRequest(width: 360, height: 420).expand(vertically: true)
    let left = Box(.vertical, spacing: 6, [search, scroller])

    func field(_ title: String, _ control: Widget) -> Box {
      let label = Label(title).sizeRequest(width: 90)
      label.textAlignment = 0
      control.expandsHorizontally = true
      return Box(.horizontal, spacing: 8, [label, control])
    }
    favorite.horizontalAlignment = .start
    rating.digits = 1
    rating.drawsValue = true
    emailProblem.cssClasses = ["error", "caption"]
    emailProblem.textAlignment = 0
    error.cssClasses = ["error"]
    let buttons = Box(.horizontal, spacing: 6, [addButton, deleteButton, undoButton, exportButton])
    let right = Box(
      .vertical,
      spacing: 8,
      [
        field("First name", firstName), field("Last name", lastName), field("Email", email), emailProblem,
        field("Phone", phone), field("Favourite", favorite), field("Rating", rating), field("Group", group),
        buttons, progress, error,
      ]
    ).expand(horizontally: true)
    let columns = Box(.horizontal, spacing: 16, [left, right])
    status.textAlignment = 0
    status.cssClasses = ["dim-label"]
    window.child = Box(.vertical, spacing: 10, [columns, status]).margin(12)
  }
}

/// One contact in the list: initials, full name, email, and a star for favourites.
@MainActor
final class ContactRow: Box {
  let initials = Label().sizeRequest(width: 32)
  let name = Label().expand(horizontally: true)
  let email = Label()
  let star = Label()

  init() {
    super.init(.horizontal, spacing: 10)
    name.textAlignment = 0
    email.textAlignment = 0
    email.cssClasses = ["dim-label"]
    for part in [initials, star, name, email] { append(part) }
    margin(top: 4, bottom: 4)
  }

  /// Shows `contact`. Rows show values, not bindings: an edited contact reaches the list as an
  /// update, which GTK shows by binding the row again.
  func show(_ contact: Contact) {
    initials.setMarkup("<b>\(escaped(contact.initials))</b>")
    name.text = contact.fullName
    email.text = contact.email
    star.text = contact.isFavorite ? "★" : ""
  }
}

/// `text` with Pango markup's special characters escaped.
private func escaped(_ text: String) -> String {
  // Most texts (a row's initials) have none of them: returned as they are, nothing searched thrice.
  guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
  else { return text }
  return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;")
}
#endif
