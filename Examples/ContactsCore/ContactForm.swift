import Bindings
import Synchronization

/// The detail form of the selected contact: one `@Published` field per control, bound two-way to
/// the window's entries, switch, slider and drop-down.
///
/// ```swift
/// let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 1).make(count: 3), scheduler: scheduler)
/// viewModel.selectedID = 2
/// print(viewModel.form.firstName, viewModel.form.isEditable)   // the second contact's, "true"
/// viewModel.form.firstName = "Augusta"                           // written into the contact
/// print(viewModel.all[1].firstName)                              // prints "Augusta"
/// ```
///
/// The ``ContactsViewModel`` that owns the form fills it with the selected contact and writes each
/// edit of a field back into that contact (see ``ContactsViewModel/form``):
///
/// 1. With nothing selected every field is empty (`""`, `false`, `0`, no group) and ``isEditable``
///    is false; edits are then ignored.
/// 2. When the selected contact changes elsewhere (an undo, another editor), the fields whose value
///    changed in the contact show the new value; the other fields keep what the user typed.
/// 3. An email that is not valid is not written back: ``emailError`` says why, and the contact keeps
///    its last valid address until the field holds a valid one (or is emptied).
///
/// Safe to use from any thread; a window sets its fields from the main thread.
public final class ContactForm: BindingOwner, @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a thread-safe type (the bag, the mutex) or a
  // `@Published` wrapper, whose storage is a thread-safe `MutableProperty` that is set once, here,
  // and never replaced (the wrapper's setter is nonmutating).

  /// The bindings the form owns: those of the view model that fill it.
  public let bindings = BindingBag()

  /// The given name of the selected contact.
  @Published public var firstName = ""
  /// The family name of the selected contact.
  @Published public var lastName = ""
  /// The email address of the selected contact, or what the user is typing into it.
  @Published public var email = ""
  /// The phone number of the selected contact.
  @Published public var phone = ""
  /// Whether the selected contact is a favourite.
  @Published public var isFavorite = false
  /// The rating of the selected contact, 0 to 5; values outside are clamped when written back.
  @Published public var rating = 0.0
  /// The index of the selected contact's group in ``Contact/groups`` (for a drop-down's
  /// `selected`), or `nil` with nothing selected.
  @Published public var group: Int?

  /// Whether a contact is selected, so that the fields can be edited (bind the controls'
  /// sensitivity to it).
  @Published public private(set) var isEditable = false
  /// Why the email field's text is not written back, or `nil` when it is a valid address (or empty).
  @Published public private(set) var emailError: String?

  /// The names a group drop-down shows: ``Contact/groups``.
  public var groupNames: [String] { Contact.groups }

  /// The contact the fields show, as the model last had it; edits go to its id.
  private let shown = Locked<Contact?>(nil)

  init() {
    $email ~> (self, { form, email in form.emailError = EmailAddress.problem(with: email) })
  }

  /// The id of the contact the form shows, or `nil` when it shows none.
  public var contactID: Int? {
    shown.withLock { $0?.id }
  }

  /// Shows `contact` (or nothing): a new contact fills every field; the same contact, changed,
  /// updates only the fields that changed in it, so that the user's pending input in the others
  /// stays (rule 2).
  func show(_ contact: Contact?) {
    // The contact is recorded first: a field set below reports an edit, which goes to this id (and
    // changes nothing, since the field then holds the contact's own value).
    let previous = shown.withLock { shown in
      defer { shown = contact }
      return shown
    }
    guard let contact else {
      set(\.firstName, to: "", unlessUnchangedSince: nil)
      set(\.lastName, to: "", unlessUnchangedSince: nil)
      set(\.email, to: "", unlessUnchangedSince: nil)
      set(\.phone, to: "", unlessUnchangedSince: nil)
      set(\.isFavorite, to: false, unlessUnchangedSince: nil)
      set(\.rating, to: 0, unlessUnchangedSince: nil)
      set(\.group, to: nil, unlessUnchangedSince: nil)
      if isEditable { isEditable = false }
      return
    }
    let before = previous?.id == contact.id ? previous : nil
    set(\.firstName, to: contact.firstName, unlessUnchangedSince: before?.firstName)
    set(\.lastName, to: contact.lastName, unlessUnchangedSince: before?.lastName)
    set(\.email, to: contact.email, unlessUnchangedSince: before?.email)
    set(\.phone, to: contact.phone, unlessUnchangedSince: before?.phone)
    set(\.isFavorite, to: contact.isFavorite, unlessUnchangedSince: before?.isFavorite)
    set(\.rating, to: contact.rating, unlessUnchangedSince: before?.rating)
    set(\.group, to: contact.group, unlessUnchangedSince: before.map { Optional($0.group) })
    if !isEditable { isEditable = true }
  }

  /// Sets the field at `keyPath` to `value`, unless the model's value is still `previous` (the
  /// field may then hold the user's pending input) or the field already holds `value` (setting it
  /// would only echo).
  private func set<Value: Equatable>(
    _ keyPath: ReferenceWritableKeyPath<ContactForm, Value>,
    to value: Value,
    unlessUnchangedSince previous: Value?
  ) {
    if let previous, previous == value { return }
    if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
  }
}
