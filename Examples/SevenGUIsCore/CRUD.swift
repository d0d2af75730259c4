import Bindings

/// A person in the CRUD task's database.
public struct Person: Equatable, Sendable, CustomStringConvertible {
  /// A stable identity, so that the list and the selection follow the person through edits.
  public let id: Int
  /// The first name.
  public var name: String
  /// The surname, which the prefix filter looks at.
  public var surname: String
  /// "Surname, Name", as the list shows it.
  public var description: String { "\(surname), \(name)" }
}

/// 7GUIs task 5, CRUD: a list of names filtered by a surname prefix, with create, update and delete.
///
/// ```swift
/// let crud = CRUDModel(names: [("Hans", "Emil"), ("Max", "Mustermann"), ("Roman", "Tisch")])
/// prefixEntry.reactive.text <~> crud.$prefix
/// list.reactive.items <~ crud.visible
/// list.reactive.selectedIndex <~> crud.$selectedIndex
/// deleteButton.reactive.isSensitive <~ crud.canUpdateOrDelete
/// crud.prefix = "M"   // the list shows "Mustermann, Max" only
/// ```
///
/// The rules (7GUIs), which the tests check one by one:
/// 1. ``visible`` holds the people whose surname starts with ``prefix`` (case-sensitive, at once, no
///    Enter needed), in the database's order; each change of the list is exact (inserts, deletes,
///    updates), never a reload.
/// 2. At most one entry is selected (``selectedIndex``). The selection follows its person when the
///    list changes around it, and ends when the person leaves the list. Selecting a person copies
///    the names into ``name`` and ``surname``.
/// 3. ``create()`` appends a person made of ``name`` and ``surname``, and selects them if the filter
///    shows them; it is enabled while either name is not blank.
/// 4. ``update()`` replaces the selected entry's names, ``delete()`` removes it; both are enabled if
///    and only if an entry is selected.
public final class CRUDModel: BindingOwner {
  /// The bindings the model owns.
  public let bindings = BindingBag()
  /// Everyone, in the order they were created.
  public let people: MutableObservableArray<Person>
  /// The people whose surname starts with ``prefix``.
  public private(set) lazy var visible = people.filter(by: $prefix) { person, prefix in
    person.surname.hasPrefix(prefix)
  }
  /// The filter field's text.
  @Published public var prefix = ""
  /// The name field's text.
  @Published public var name = ""
  /// The surname field's text.
  @Published public var surname = ""
  /// The selected row of ``visible``, or `nil`. Bind a list's selection to it two-way.
  @Published public var selectedIndex: Int?
  /// The selected person, as of the last selection: the selection follows them when the list changes.
  private var selected: Person?
  private var nextID: Int

  /// Creates the database with `names`, as (name, surname) pairs.
  public init(names: [(String, String)] = [("Hans", "Emil"), ("Max", "Mustermann"), ("Roman", "Tisch")]) {
    people = MutableObservableArray(names.enumerated().map { Person(id: $0, name: $1.0, surname: $1.1) })
    nextID = people.count
    // The filter hears the prefix first, so a list bound to `visible` has changed when the selection
    // follows its person.
    _ = visible
    $prefix.dropFirst() ~> (self, { model, _ in model.reselect() })
    $selectedIndex ~> (self, { model, index in model.select(index) })
  }

  /// Whether ``create()`` applies: either name field is not blank.
  public var canCreate: some Publisher<Bool, Never> {
    $name.combineLatest($surname).map { !($0 + $1).allSatisfy(\.isWhitespace) }
  }
  /// Whether ``update()`` and ``delete()`` apply: an entry is selected.
  public var canUpdateOrDelete: some Publisher<Bool, Never> { $selectedIndex.map { $0 != nil }.removeDuplicates() }

  /// Appends a person made of ``name`` and ``surname``, selected if the filter shows them.
  public func create() {
    guard !(name + surname).allSatisfy(\.isWhitespace) else { return }
    let person = Person(id: nextID, name: name, surname: surname)
    nextID += 1
    people.append(person)
    selectedIndex = visible.firstIndex { $0.id == person.id }
  }

  /// Replaces the selected person's names with ``name`` and ``surname``.
  public func update() {
    guard let id = selected?.id, let index = people.firstIndex(where: { $0.id == id }) else { return }
    people[index] = Person(id: id, name: name, surname: surname)
  }

  /// Removes the selected person.
  public func delete() {
    guard let id = selected?.id, let index = people.firstIndex(where: { $0.id == id }) else { return }
    people.remove(at: index)
    reselect()
  }

  private func reselect() { selectedIndex = visible.firstIndex { $0.id == selected?.id } }

  private func select(_ index: Int?) {
    selected = index.flatMap { visible.indices.contains($0) ? visible[$0] : nil }
    if let selected { (name, surname) = (selected.name, selected.surname) }
  }
}
