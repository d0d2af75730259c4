#if GTK
import Bindings
import BindingsGTK
import ContactsCore
import ContactsUI
import Dispatch
import Synchronization

/// The Contacts window under the monkey: searching, selecting, editing the form, the commands, the
/// background export, imports and edits of the address book from other threads, and the window
/// closed and reopened over the same view model.
@MainActor
public final class ContactsMonkey: MonkeyApp {
  /// The view model, which lives as long as the app: windows come and go over it.
  public let viewModel: ContactsViewModel
  /// The open window, if any.
  public private(set) var contacts: ContactsWindow?
  private let background = BackgroundWork()
  /// The export's queue, serial: work queued after an export runs once it has finished.
  private let exportQueue = DispatchQueue(label: "ContactsMonkey.export", qos: .utility)
  private var importedID = 10_000_000
  /// The contact selected before the last action, when that action was not meant to change the
  /// selection (typing a search, editing, a change in the background): it must stay selected while
  /// it is in the list (the view model's rule 4).
  private var selectionToKeep: Int?

  /// An app of `count` generated contacts.
  public init(count: Int = 3000) {
    viewModel = ContactsViewModel(
      contacts: ContactGenerator(seed: 42).make(count: count), scheduler: MainThreadScheduler.shared,
      exportQueue: exportQueue)
  }

  /// Opens the app's window.
  public func open() {
    let contacts = ContactsWindow(viewModel: viewModel)
    contacts.window.present()
    self.contacts = contacts
  }

  /// Destroys every open window.
  public func close() {
    contacts?.window.destroy()
    contacts = nil
  }

  /// Whether work started off the main thread is still running.
  public var isBusy: Bool { background.running.load(ordering: .acquiring) > 0 || viewModel.isExporting }

  /// Performs one random user action through GTK and says what it did.
  public func act(_ random: inout MonkeyRandom) -> String {
    guard let contacts else { return "nothing (no window)" }
    selectionToKeep = nil
    let keepSelection = { [viewModel] in self.selectionToKeep = viewModel.selectedID }
    let fields: [(String, Entry)] = [
      ("First name", contacts.firstName), ("Last name", contacts.lastName), ("Email", contacts.email),
      ("Phone", contacts.phone),
    ]
    switch random.weighted([8, 6, 10, 2, 2, 2, 2, 2, 2, 1, 3, 1]) {
    case 0:
      keepSelection()
      return type(into: contacts.search, "Search", fragments: ["a", "e", "n", "ro", "la", "kernighan", " "], &random)
    case 1:
      let count = contacts.list.modelCount
      let row = count > 0 && random.chance(0.9) ? random.below(count) : nil
      contacts.list.selectedIndex = row
      return "select row \(row.map(String.init) ?? "none")"
    case 2:
      let (name, field) = random.pick(fields)
      guard field.isSensitive else { return "nothing (\(name) is insensitive)" }
      keepSelection()
      return type(into: field, name, fragments: ["x", "Ada", "@", "ada@example.com", "not an email", "555"], &random)
    case 3:
      guard contacts.favorite.isSensitive else { return "nothing (Favourite is insensitive)" }
      contacts.favorite.isActive.toggle()
      return "toggle Favourite"
    case 4:
      guard contacts.rating.isSensitive else { return "nothing (Rating is insensitive)" }
      let rating = Double(random.below(11)) / 2
      contacts.rating.adjustment.value = rating
      return "move Rating to \(rating)"
    case 5:
      guard contacts.group.isSensitive else { return "nothing (Group is insensitive)" }
      let group = random.below(Contact.groups.count)
      contacts.group.selected = group
      return "choose group \(group)"
    case 6: return click(contacts.addButton)
    case 7: return click(contacts.deleteButton)
    case 8: return click(contacts.undoButton)
    case 9:
      let clicked = click(contacts.exportButton)
      // Busy until the export has run on its queue, and published what it publishes.
      let background = background
      _ = background.running.add(1, ordering: .relaxed)
      exportQueue.async { _ = background.running.subtract(1, ordering: .releasing) }
      return clicked
    case 10:
      keepSelection()
      let change = changeInBackground(&random)
      // The user keeps typing while the change runs.
      let typed = type(into: contacts.search, "Search", fragments: ["a", "o", "ma"], &random)
      return "\(change), and meanwhile \(typed)"
    default:
      close()
      open()
      return "close the window, then open it again"
    }
  }

  /// Types, deletes or replaces text in `entry`, as a user would.
  private func type(into entry: Entry, _ name: String, fragments: [String], _ random: inout MonkeyRandom) -> String {
    switch random.weighted([5, 3, 1, 1]) {
    case 0:
      let fragment = random.pick(fragments)
      entry.text += fragment
      return "type \"\(fragment)\" into \(name)"
    case 1:
      entry.text = String(entry.text.dropLast())
      return "delete a character of \(name)"
    case 2:
      entry.text = ""
      return "clear \(name)"
    default:
      let fragment = random.pick(fragments)
      entry.text = fragment
      return "replace \(name) with \"\(fragment)\""
    }
  }

  private func click(_ button: Button) -> String {
    guard button.isSensitive else { return "nothing (\(button.label) is insensitive)" }
    button.click()
    return "click \(button.label)"
  }

  /// Imports, edits or deletes contacts on another thread, as a sync with a server would.
  private func changeInBackground(_ random: inout MonkeyRandom) -> String {
    let all = viewModel.all
    let background = background
    _ = background.running.add(1, ordering: .relaxed)
    let done: @Sendable () -> Void = { _ = background.running.subtract(1, ordering: .releasing) }
    switch random.weighted(all.count < 3500 ? [2, 2, 1] : [0, 2, 1]) {
    case 0:
      let count = 1 + random.below(20)
      let imported = ContactGenerator(seed: random.next()).make(count: count, firstID: importedID)
      importedID += count
      DispatchQueue.global().async {
        for contact in imported { all.append(contact) }
        done()
      }
      return "import \(count) contacts in the background"
    case 1:
      let seed = random.next()
      DispatchQueue.global().async {
        all.batchUpdate { batch in
          guard !batch.isEmpty else { return }
          var generator = MonkeyRandom(seed: seed)
          let index = generator.below(batch.count)
          batch[index].lastName += "s"
        }
        done()
      }
      return "rename a contact in the background"
    default:
      let seed = random.next()
      DispatchQueue.global().async {
        all.batchUpdate { batch in
          guard !batch.isEmpty else { return }
          var generator = MonkeyRandom(seed: seed)
          _ = batch.remove(at: generator.below(batch.count))
        }
        done()
      }
      return "delete a contact in the background"
    }
  }

  /// The address book's size and the characters its contacts hold.
  public var footprint: String {
    let all = viewModel.all.contents
    let characters = all.reduce(0) { sum, contact in
      sum + contact.firstName.utf8.count + contact.lastName.utf8.count + contact.email.utf8.count
        + contact.phone.utf8.count
    }
    return "\(all.count) contacts, \(characters) characters"
  }

  /// Every invariant that does not hold now.
  public func violations() -> [String] {
    guard let contacts else { return [] }
    var problems: [String] = []
    let model = viewModel
    let form = model.form
    expect(&problems, "Search", shows: contacts.search.text, model: model.query)
    let visible = model.visible.contents
    if contacts.list.items != visible {
      problems.append(
        "the list holds \(contacts.list.items.count) rows that differ from the \(visible.count) visible contacts")
    }
    expect(&problems, "the list's model", shows: contacts.list.modelCount, model: visible.count)
    expect(&problems, "the list's selection", shows: contacts.list.selectedIndex, model: model.selectedIndex)
    if let kept = selectionToKeep, visible.contains(where: { $0.id == kept }) {
      expect(&problems, "the selected contact (it is still in the list)", shows: model.selectedID, model: kept)
    }
    if let id = model.selectedID {
      if let row = visible.firstIndex(where: { $0.id == id }) {
        expect(&problems, "the selected row", shows: model.selectedIndex, model: row)
        let contact = visible[row]
        expect(&problems, "the form's contact", shows: form.contactID, model: id)
        expect(&problems, "First name (against the contact)", shows: contacts.firstName.text, model: contact.firstName)
        expect(&problems, "Last name (against the contact)", shows: contacts.lastName.text, model: contact.lastName)
      } else {
        problems.append("the selection names contact \(id), which is not in the list")
      }
    }
    expect(&problems, "First name", shows: contacts.firstName.text, model: form.firstName)
    expect(&problems, "Last name", shows: contacts.lastName.text, model: form.lastName)
    expect(&problems, "Email", shows: contacts.email.text, model: form.email)
    expect(&problems, "Phone", shows: contacts.phone.text, model: form.phone)
    expect(&problems, "Favourite", shows: contacts.favorite.isActive, model: form.isFavorite)
    expect(&problems, "Rating", shows: contacts.rating.adjustment.value, model: form.rating)
    expect(&problems, "Group", shows: contacts.group.selected, model: form.group)
    for field in [contacts.firstName, contacts.lastName, contacts.email, contacts.phone] as [Widget]
      + [contacts.favorite, contacts.rating, contacts.group]
    {
      expect(&problems, "a form field's sensitivity", shows: field.isSensitive, model: form.isEditable)
    }
    expect(&problems, "Email's error style", shows: contacts.email.hasCSSClass("error"), model: form.emailError != nil)
    expect(&problems, "the email problem", shows: contacts.emailProblem.text, model: form.emailError ?? "")
    expect(&problems, "Delete's sensitivity", shows: contacts.deleteButton.isSensitive, model: model.selectedID != nil)
    if let canUndo = currentValue(of: model.canUndo) {
      expect(&problems, "Undo's sensitivity", shows: contacts.undoButton.isSensitive, model: canUndo)
    }
    expect(&problems, "the error line", shows: contacts.error.text, model: model.lastError ?? "")
    expect(&problems, "the error line's visibility", shows: contacts.error.isVisible, model: model.lastError != nil)
    // The export publishes from its queue; once it has finished, what it published has arrived.
    if !model.isExporting {
      expect(&problems, "Export's sensitivity", shows: contacts.exportButton.isSensitive, model: true)
      expect(&problems, "the progress bar", shows: contacts.progress.fraction, model: model.progress)
      expect(&problems, "the progress bar's visibility", shows: contacts.progress.isVisible, model: false)
      expect(&problems, "the status line", shows: contacts.status.text, model: model.status)
      expect(&problems, "the title", shows: contacts.window.title, model: "Contacts — \(model.status)")
    }
    return problems
  }
}

/// Counts the work the monkey started on other threads.
private final class BackgroundWork: Sendable {
  let running = Atomic<Int>(0)
}

/// The value `publisher` replays on subscription (a current-value publisher's current value).
@MainActor
func currentValue<P: Publisher>(of publisher: P) -> P.Output? where P.Failure == Never {
  let box = ValueBox<P.Output>()
  let subscription = publisher.sink { box.value = $0 }
  subscription.cancel()
  return box.value
}

/// A value a closure writes and its caller reads.
final class ValueBox<Value> {
  var value: Value?
}
#endif
