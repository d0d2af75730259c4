import Bindings
import Dispatch
import Synchronization

/// The view model of the Contacts window: the address book, a throttled search, the selection,
/// the detail form, add / delete / undo, a status line, errors, and a background export.
///
/// ```swift
/// let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 42).make(count: 3000))
///
/// searchEntry.reactive.text <~> viewModel.$query
/// list.reactive.items { contact, _ in contact.fullName } <~ viewModel.visible
/// list.reactive.selectedIndex <~> viewModel.reactive.selectedRow
/// firstNameEntry.reactive.text <~> viewModel.form.$firstName
/// deleteButton.reactive.isSensitive <~ viewModel.canDelete
/// deleteButton.reactive.clicked ~> (viewModel, { viewModel, _ in viewModel.deleteSelected() })
/// statusLabel.reactive.text <~ viewModel.$status
/// progressBar.reactive.fraction <~ viewModel.$progress
/// ```
///
/// The rules, which the tests check one by one:
///
/// 1. **Search.** ``visible`` holds the contacts of ``all`` (in their order) whose full name, email
///    or phone contains ``query``, ignoring case and surrounding spaces. The query is throttled: the
///    first keystroke is applied at once (on the scheduler), later ones at most once per 150 ms, the
///    latest of each interval. ``appliedQuery`` is the query ``visible`` reflects.
/// 2. **Exact changes.** Every change of ``visible`` is an exact changeset (deletes, inserts,
///    updates, moves), never a reset: a narrowing query deletes, a widening one inserts, an edited
///    contact is an update. Edits to ``all`` — through the commands or directly — update ``visible``
///    at once with the applied query.
/// 3. **Edited contacts stay.** A contact added, edited or restored since the query was applied
///    stays in ``visible`` even when it no longer matches, so that the row being edited does not
///    vanish under the user's cursor; the next applied query filters it like any other.
/// 4. **Selection.** ``selectedID`` is the selection; ``selectedIndex`` is its row in ``visible``,
///    kept right when rows are inserted or deleted above it. When the selected contact leaves
///    ``visible`` (filtered out or deleted), or ``selectedID`` names a contact not in ``visible``,
///    the selection becomes `nil`. A list sets it by row with ``selectRow(at:)`` or the two-way
///    endpoint `reactive.selectedRow`.
/// 5. **Form.** ``form`` shows the selected contact and writes each edit back into ``all`` (see
///    ``ContactForm``).
/// 6. **Undo.** ``add(firstName:lastName:email:phone:group:)``, ``deleteSelected()`` and edits are
///    undone in reverse order by ``undo()``; consecutive edits of one field of one contact are one
///    step (typing a name is undone at once). At most ``undoLimit`` steps are kept. Direct edits of
///    ``all`` are not recorded.
/// 7. **Status and errors.** ``status`` shows the counts ("2,981 of 3,000 contacts") after each
///    search and each change of the counts, and the outcome of the last command ("Deleted Ada
///    Lovelace"). A command that cannot run sends a message through ``errors``; ``lastError`` holds
///    the latest until a command succeeds or ``dismissError()``.
/// 8. **Export.** ``exportAll()`` writes every contact as CSV on a background queue, publishing
///    ``progress`` from 0 to 1, then sets ``status``. Calling it again restarts the export;
///    ``cancelExport()`` stops it. Jobs run one at a time, and only the latest one publishes.
/// 9. **Lifetimes.** The view model owns the bindings between its parts; views bound to it hold
///    its publishers, not the view model, so dropping it releases it with its form and arrays. A
///    running export keeps it alive until the export has finished or stopped.
///
/// Safe to use from any thread: its state is kept in the library's thread-safe types (observable
/// arrays, `@Published` properties, subjects) and two mutexes. Values are published on the thread
/// that made the change — the scheduler's for search results, the export queue's for progress —
/// so views bind through main-actor targets, which write on the main thread.
public final class ContactsViewModel: BindingOwner, @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a Sendable or thread-safe type, except the
  // `@Published` wrappers, which the compiler cannot check: each holds a thread-safe
  // `MutableProperty`, set once in the initialiser and never replaced (the setter is nonmutating).

  /// Receives the exported CSV text, on the export queue; a thrown error is reported through
  /// ``ContactsViewModel/errors``.
  ///
  /// ```swift
  /// let viewModel = ContactsViewModel(contacts: contacts, scheduler: MainThreadScheduler.shared) { csv in
  ///   try csv.write(to: URL(filePath: "contacts.csv"), atomically: true, encoding: .utf8)
  /// }
  /// ```
  public typealias ExportDestination = @Sendable (_ csv: String) throws -> Void

  /// The most undo steps kept; older ones are forgotten.
  public static let undoLimit = 100

  /// The bindings the view model owns; they end with it.
  public let bindings = BindingBag()

  /// Every contact, in the address book's order. Edit it freely: ``visible`` follows (rule 2).
  public let all: MutableObservableArray<Contact>

  /// The contacts that match the applied query, in the order of ``all``; bind a list to it.
  public let visible: ObservableArray<Contact>

  /// The search field's text. Bind it two-way: `searchEntry.reactive.text <~> viewModel.$query`.
  @Published public var query = ""

  /// The query ``visible`` reflects: ``query`` once the throttle has let it through.
  @Published public internal(set) var appliedQuery = ""

  /// The id of the selected contact, or `nil`. Setting an id that is not in ``visible`` selects
  /// nothing.
  @Published public var selectedID: Int?

  /// The row of the selected contact in ``visible``, or `nil`; it moves with the contact.
  @Published public private(set) var selectedIndex: Int?

  /// The detail form of the selected contact.
  public let form = ContactForm()

  /// A line for the status bar: the counts, or the outcome of the last command.
  @Published public internal(set) var status = ""

  /// The progress of the running export, from 0 to 1; 1 once an export has finished.
  @Published public internal(set) var progress = 0.0

  /// Whether an export is running.
  @Published public internal(set) var isExporting = false

  /// A message for each command that could not run, e.g. "Select a contact to delete".
  public let errors = PassthroughSubject<String, Never>()

  /// The latest message from ``errors``, until a command succeeds or ``dismissError()``.
  @Published public private(set) var lastError: String?

  /// The search (rules 1–3): ``visible`` is its results.
  let search: ContactSearch
  /// ``visible``, as the selection reads it.
  var visibleContacts: ObservableArray<Contact> { search.results }
  /// The undo stack (rule 6).
  let history = UndoHistory(limit: ContactsViewModel.undoLimit)
  /// The background export (rule 8).
  let exporter: ContactExporter
  private let nextID: Atomic<Int>

  /// Creates the view model of `contacts`, searching on `scheduler`.
  ///
  /// ```swift
  /// let app = ContactsViewModel(contacts: contacts, scheduler: MainThreadScheduler.shared)
  /// let test = ContactsViewModel(contacts: contacts, scheduler: TestScheduler())
  /// ```
  ///
  /// - Parameters:
  ///   - contacts: The address book; ids must be unique.
  ///   - scheduler: Where the throttled search keeps time and applies queries: the main thread in
  ///     the app (``MainThreadScheduler/shared``, `DispatchQueue.main`), a `TestScheduler` in tests.
  ///   - exportQueue: A serial queue for ``exportAll()``; a new utility queue by default.
  ///   - exportDestination: Receives the exported CSV; by default it is dropped.
  public init<S: Scheduler>(
    contacts: [Contact],
    scheduler: S,
    exportQueue: DispatchQueue = DispatchQueue(label: "ContactsCore.export", qos: .utility),
    exportDestination: @escaping ExportDestination = { _ in }
  ) {
    all = MutableObservableArray(contacts)
    search = ContactSearch(all: all)
    visible = search.results
    exporter = ContactExporter(queue: exportQueue, destination: exportDestination)
    nextID = Atomic((contacts.map(\.id).max() ?? 0) + 1)
    status = search.summary

    // Rules 1–3: the search filters `all` by the throttled query; its outcomes are published here.
    search.follow($query, throttledOn: scheduler)
    search.appliedQueries ~> (self, { model, text in model.appliedQuery = text })
    search.summaries ~> (self, { model, summary in model.status = summary })

    // Rule 4: the selection follows its contact, and ends when the contact leaves the list.
    let selection = self.selection
    selection ~> (self, { model, pair in model.endSelection(ifNotIn: pair.0.contents, selected: pair.1) })
    // Outputs are written by owner-closure bindings rather than `reactive.x <~ …`: those have no
    // target identity, so a binding made into `$selectedIndex` from outside cannot replace them.
    selection.map(Self.selectedRow).removeDuplicates() ~> (self, { model, row in model.selectedIndex = row })

    // Rule 5: the form shows the selected contact, and its edits go back into `all`.
    selection.map(Self.selectedContact).removeDuplicates() ~> (form, { form, contact in form.show(contact) })
    bindFormEdits()

    errors ~> (self, { model, message in model.lastError = message })
  }

  /// Creates the view model of `contacts` for the app: the search runs on the main thread
  /// (``MainThreadScheduler/shared``).
  ///
  /// ```swift
  /// let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 42).make(count: 3000))
  /// ```
  ///
  /// - Parameters:
  ///   - contacts: The address book; ids must be unique.
  ///   - exportDestination: Receives the exported CSV; by default it is dropped.
  public convenience init(contacts: [Contact], exportDestination: @escaping ExportDestination = { _ in }) {
    self.init(contacts: contacts, scheduler: MainThreadScheduler.shared, exportDestination: exportDestination)
  }

  // MARK: Outputs for controls

  /// Whether a contact is selected, for the delete button's sensitivity; replays the current value.
  public var canDelete: AnyPublisher<Bool, Never> {
    $selectedID.map { $0 != nil }.removeDuplicates().eraseToAnyPublisher()
  }

  /// Whether there is something to undo, for the undo button's sensitivity; replays the current
  /// value.
  public var canUndo: AnyPublisher<Bool, Never> {
    history.canUndo
  }

  /// The selected contact as it is now, or `nil`: a new value when the selection changes or the
  /// selected contact is edited.
  public var selectedContact: AnyPublisher<Contact?, Never> {
    selection.map(Self.selectedContact).removeDuplicates().eraseToAnyPublisher()
  }

  /// The visible contacts paired with the selected id: what the selection's row, the form and
  /// ``selectedContact`` follow.
  private var selection: some Publisher<(ObservableArrayEvent<Contact>, Int?), Never> {
    visibleContacts.combineLatest($selectedID)
  }

  // MARK: Selection

  /// Selects the contact at `row` of ``visible``; `nil` or a row out of range selects nothing.
  ///
  /// ```swift
  /// viewModel.selectRow(at: 0)
  /// print(viewModel.selectedID == viewModel.visible.first?.id)   // prints "true"
  /// ```
  public func selectRow(at row: Int?) {
    let contents = visibleContacts.contents
    let id = row.flatMap { contents.indices.contains($0) ? contents[$0].id : nil }
    if selectedID != id { selectedID = id }
  }

  // MARK: Commands

  /// Adds a contact at the end of ``all`` and selects it; returns it, or `nil` (after sending an
  /// error) when it cannot be added.
  ///
  /// ```swift
  /// let contact = viewModel.add()                            // "New Contact", selected
  /// viewModel.add(firstName: "Ada", email: "ada@")          // nil; errors sends why
  /// ```
  ///
  /// It is not added when `email` is not a valid address, nor while the form holds an email that is
  /// not (selecting the new contact would discard what the user typed). The new contact stays
  /// visible whatever the query (rule 3).
  ///
  /// - Parameters:
  ///   - firstName: The given name; "New" by default.
  ///   - lastName: The family name; "Contact" by default.
  ///   - email: The email address; none by default.
  ///   - phone: The phone number; none by default.
  ///   - group: The group, an index into ``Contact/groups``; "Other" by default.
  /// - Returns: The contact added, with a new id, or `nil`.
  @discardableResult
  public func add(
    firstName: String = "New",
    lastName: String = "Contact",
    email: String = "",
    phone: String = "",
    group: Int = Contact.otherGroup
  ) -> Contact? {
    if form.contactID != nil, let problem = form.emailError {
      fail("Fix the email address first: \(problem)")
      return nil
    }
    if let problem = EmailAddress.problem(with: email) {
      fail("Cannot add a contact: \(problem)")
      return nil
    }
    let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    let contact = Contact(id: id, firstName: firstName, lastName: lastName, email: email, phone: phone, group: group)
    search.keep(id)
    all.append(contact)
    history.record(.added(contact))
    selectedID = id
    succeed("Added \(contact.fullName)")
    return contact
  }

  /// Deletes the selected contact; with nothing selected, sends an error instead.
  ///
  /// ```swift
  /// viewModel.selectRow(at: 0)
  /// viewModel.deleteSelected()
  /// print(viewModel.status)   // e.g. "Deleted Ada Lovelace"
  /// ```
  ///
  /// The selection becomes `nil`; ``undo()`` restores the contact at its place and selects it.
  public func deleteSelected() {
    guard let id = selectedID else {
      fail("Select a contact to delete")
      return
    }
    guard let (contact, index) = all.batchUpdate({ Self.remove(id: id, from: &$0) }) else {
      fail("The selected contact no longer exists")
      return
    }
    history.record(.deleted(contact, index: index))
    if selectedID == id { selectedID = nil }
    succeed("Deleted \(contact.fullName)")
  }

  /// Clears ``lastError``.
  public func dismissError() {
    lastError = nil
  }

  // MARK: Selection ends

  /// Ends the selection when `id` is not among `contents`, the visible contacts (rule 4).
  private func endSelection(ifNotIn contents: [Contact], selected id: Int?) {
    guard let id, !contents.contains(where: { $0.id == id }) else { return }
    // Only that contact's selection ends: another may have been selected since this pair was sent.
    if selectedID == id { selectedID = nil }
  }

  func succeed(_ message: String) {
    if lastError != nil { lastError = nil }
    status = message
  }

  func fail(_ message: String) {
    errors.send(message)
  }

  // MARK: Helpers

  static func remove(id: Int, from contacts: inout ArrayBatch<Contact>) -> (Contact, index: Int)? {
    guard let index = contacts.firstIndex(where: { $0.id == id }) else { return nil }
    return (contacts.remove(at: index), index)
  }

  private static func selectedRow(_ pair: (ObservableArrayEvent<Contact>, Int?)) -> Int? {
    guard let id = pair.1 else { return nil }
    return pair.0.contents.firstIndex { $0.id == id }
  }

  private static func selectedContact(_ pair: (ObservableArrayEvent<Contact>, Int?)) -> Contact? {
    guard let id = pair.1 else { return nil }
    return pair.0.contents.first { $0.id == id }
  }

  /// The counts for the status line: "3,000 contacts", or "12 of 3,000 contacts" while searching.
  static func summary(visible: Int, total: Int, isFiltered: Bool) -> String {
    guard total > 0 else { return "No contacts" }
    let noun = total == 1 ? "contact" : "contacts"
    return isFiltered ? "\(formatted(visible)) of \(formatted(total)) \(noun)" : "\(formatted(total)) \(noun)"
  }

  /// `number` with a comma between groups of three digits: "3,000". Fixed, not localised, so that
  /// the status reads the same on every machine.
  static func formatted(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = number < 0 ? "-" : ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}

// MARK: - A list's selected row

/// The identity of the `selectedRow` target: one source at a time.
private struct SelectedRowIdentity: Hashable {}

extension Reactive where Base: ContactsViewModel {
  /// The selected row of ``ContactsViewModel/visible``, two-way, for a list's selection.
  ///
  /// ```swift
  /// list.reactive.selectedRow <~> viewModel.reactive.selectedRow
  /// ```
  ///
  /// Written, it selects the contact at that row (``ContactsViewModel/selectRow(at:)``); as a
  /// source it publishes ``ContactsViewModel/selectedIndex``, which moves with the contact.
  public var selectedRow: BindingEndpoint<Base, Int?> {
    let target = BindingTarget(base, identity: SelectedRowIdentity(), description: "ContactsViewModel.selectedRow") {
      (model: Base, row: Int?) in model.selectRow(at: row)
    }
    return BindingEndpoint(target: target, changes: base.$selectedIndex)
  }
}
