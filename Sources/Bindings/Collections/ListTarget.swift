/// A list that shows rows and applies batches of changes to them: the shape of
/// `UITableView` / `UICollectionView` batch updates, for any list-like view or model.
///
/// Bind an observable array to it with `list.reactive.items <~ array`, or give a row factory with
/// `list.reactive.items { item, offset in … } <~ array`:
///
/// ```swift
/// final class TextList: ListTarget {
///   let bindings = BindingBag()
///   var lines: [String] = []
///   func reload(with rows: ListRows<String>) { lines = Array(rows) }
///   func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<String>) {
///     for offset in change.deletes.reversed() { lines.remove(at: offset) }
///     for offset in change.inserts { lines.insert(rows[offset], at: offset) }
///     print(change)
///   }
/// }
/// let names = MutableObservableArray(["Ada"])
/// let list = TextList()
/// list.reactive.items { name, offset in "\(offset + 1). \(name)" } <~ names
/// names.append("Grace")   // prints "inserts [1]"
/// print(list.lines)       // prints "["1. Ada", "2. Grace"]"
/// ```
///
/// The binding lives as long as the list (see ``BindingOwner``) and holds it weakly. One array
/// drives a list at a time: binding another replaces the first.
public protocol ListTarget: BindingOwner {
  /// What the list shows for each item: a cell, a view, a line of text.
  associatedtype Row

  /// Shows `rows` in place of everything shown before (`reloadData`).
  func reload(with rows: ListRows<Row>)

  /// Applies `change` in one batch (`performBatchUpdates`); afterwards the list shows `rows`.
  ///
  /// Deletes, update sources and move sources are offsets before the change; inserts and move
  /// destinations are offsets in `rows`.
  func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<Row>)
}

/// The rows a ``ListTarget`` shows: the items of the array, turned into rows on demand by the
/// binding's row factory (a list asks only for the rows it displays).
///
/// ```swift
/// let rows = ListRows(items: [1, 2]) { item, offset in "row \(offset): \(item)" }
/// print(rows[1])   // prints "row 1: 2"
/// ```
public struct ListRows<Row>: RandomAccessCollection {
  private let itemCount: Int
  private let makeRow: (Int) -> Row

  /// Rows made from `items` by `makeRow`, called with each item and its offset when the row is read.
  public init<Item>(items: [Item], makeRow: @escaping (Item, Int) -> Row) {
    itemCount = items.count
    self.makeRow = { makeRow(items[$0], $0) }
  }

  /// Rows made from `items` by `makeRow`, called with `list`, each item and its offset when the row
  /// is read, so that a row factory can dequeue a cell from the list without capturing it.
  ///
  /// The rows hold `list` weakly: a list that keeps its rows does not keep itself alive. Reading a
  /// row after the list is gone is a programming error and traps with a message saying so.
  init<List: AnyObject, Item>(list: List, items: [Item], makeRow: @escaping (List, Item, Int) -> Row) {
    itemCount = items.count
    self.makeRow = { [weak list] offset in
      guard let list else {
        preconditionFailure("row \(offset) was read after its list (\(List.self)) was deallocated")
      }
      return makeRow(list, items[offset], offset)
    }
  }

  /// `count` rows, made by `makeRow` from their offset when read.
  init(count: Int, makeRow: @escaping (Int) -> Row) {
    itemCount = count
    self.makeRow = makeRow
  }

  /// The offset of the first row: always zero.
  public var startIndex: Int { 0 }
  /// One past the offset of the last row: the number of items.
  public var endIndex: Int { itemCount }

  /// The row at `position`, made now.
  public subscript(position: Int) -> Row {
    precondition(position >= 0 && position < itemCount, "row \(position) is out of range (count \(itemCount))")
    return makeRow(position)
  }
}

/// The identity of the items target, so that a list has one source at a time.
private struct ListItemsIdentity: Hashable {}

extension Reactive where Base: ListTarget {
  /// The target that keeps the list showing an observable array, applying each change as a batch.
  ///
  /// ```swift
  /// list.reactive.items <~ results
  /// ```
  ///
  /// A reset (the first event, or a replace without diff) reloads the list.
  public var items: BindingTarget<Base, ObservableArrayEvent<Base.Row>> {
    items { item, _ in item }
  }

  /// The target that keeps the list showing an observable array, making each row with `makeRow`.
  ///
  /// ```swift
  /// list.reactive.items { user, offset in "\(offset). \(user.name)" } <~ users
  /// ```
  public func items<Item>(
    _ makeRow: @escaping (Item, Int) -> Base.Row
  ) -> BindingTarget<Base, ObservableArrayEvent<Item>> {
    items { _, item, offset in makeRow(item, offset) }
  }

  /// The target that keeps the list showing an observable array, making each row with `makeRow`,
  /// which receives the list: a cell can be dequeued from it without capturing it.
  ///
  /// ```swift
  /// table.reactive.items { table, user, offset in
  ///   table.dequeueCell(titled: user.name)
  /// } <~ users
  /// ```
  ///
  /// The rows hold the list weakly.
  public func items<Item>(
    _ makeRow: @escaping (Base, Item, Int) -> Base.Row
  ) -> BindingTarget<Base, ObservableArrayEvent<Item>> {
    items(
      reloadData: { list, rows in list.reload(with: rows) },
      performBatchUpdates: { list, change, rows in list.performBatchUpdates(change, rows: rows) },
      row: makeRow
    )
  }
}

extension Reactive where Base: BindingOwner {
  /// The target that keeps any list showing an observable array through two closures, with no
  /// ``ListTarget`` conformance to write: `reloadData` for the first event and every reset,
  /// `performBatchUpdates` for every other change.
  ///
  /// ```swift
  /// final class Table: BindingOwner {   // a list class of a toolkit, as it is
  ///   let bindings = BindingBag()
  ///   var rows = ListRows<String>(items: [String]()) { item, _ in item }
  ///   func reloadData() { print("reload", Array(rows)) }
  ///   func performBatchUpdates(_ change: ArrayChangeset) { print(change, Array(rows)) }
  /// }
  /// let names = MutableObservableArray(["Ada"])
  /// let table = Table()
  /// table.reactive.items(
  ///   reloadData: { table, rows in table.rows = rows; table.reloadData() },
  ///   performBatchUpdates: { table, change, rows in table.rows = rows; table.performBatchUpdates(change) }
  /// ) { table, name, offset in "\(offset + 1). \(name)" } <~ names   // prints "reload ["1. Ada"]"
  /// names.append("Grace")   // prints "inserts [1] ["1. Ada", "2. Grace"]"
  /// ```
  ///
  /// Deletes, update sources and move sources are offsets before the change; inserts and move
  /// destinations are offsets in the rows. The binding lives as long as the list and holds it weakly;
  /// one array drives a list at a time (this target and ``ListTarget``'s `items` are one target).
  /// The rows hold the list weakly.
  ///
  /// - Parameters:
  ///   - reloadData: Shows `rows` in place of everything shown before.
  ///   - performBatchUpdates: Applies the change in one batch; afterwards the list shows `rows`.
  ///   - makeRow: Makes the row for an item and its offset, when the list reads it.
  ///
  /// - Returns: The list's items target, for `<~`, `~>` and `bind(to:)`.
  public func items<Item, Row>(
    reloadData: @escaping (Base, ListRows<Row>) -> Void,
    performBatchUpdates: @escaping (Base, ArrayChangeset, ListRows<Row>) -> Void,
    row makeRow: @escaping (Base, Item, Int) -> Row
  ) -> BindingTarget<Base, ObservableArrayEvent<Item>> {
    BindingTarget(base, identity: ListItemsIdentity(), description: "\(Base.self).items") { list, event in
      let rows = ListRows(list: list, items: event.contents, makeRow: makeRow)
      if event.change.isReset {
        reloadData(list, rows)
      } else if !event.change.isEmpty {
        performBatchUpdates(list, event.change, rows)
      }
    }
  }

  /// The target that keeps any list showing an observable array by reloading it on every change:
  /// for a list that cannot apply a batch.
  ///
  /// ```swift
  /// table.reactive.items(reloadData: { table, rows in table.show(Array(rows)) }) { _, name, _ in name } <~ names
  /// ```
  public func items<Item, Row>(
    reloadData: @escaping (Base, ListRows<Row>) -> Void,
    row makeRow: @escaping (Base, Item, Int) -> Row
  ) -> BindingTarget<Base, ObservableArrayEvent<Item>> {
    items(reloadData: reloadData, performBatchUpdates: { list, _, rows in reloadData(list, rows) }, row: makeRow)
  }
}

/// A list in sections that applies batches of section and item changes: the shape of a sectioned
/// `UITableView` / `UICollectionView`, for any list-like view or model.
///
/// Bind an observable sectioned array to it with `list.reactive.sections <~ groups`, or give a row
/// factory with `list.reactive.sections { item, path in … } <~ groups`:
///
/// ```swift
/// final class Outline: SectionedListTarget {
///   let bindings = BindingBag()
///   func reload(with sections: SectionedListRows<String, String>) { print("reload", sections.count) }
///   func performBatchUpdates(_ change: SectionedArrayChangeset, sections: SectionedListRows<String, String>) {
///     print(change)
///   }
/// }
/// let groups = MutableObservableSectionedArray([ArraySection("Fruit", items: ["apple"])])
/// let outline = Outline()
/// outline.reactive.sections <~ groups          // prints "reload 1"
/// groups.appendItem("pear", toSection: 0)      // prints "items inserts [[0, 1]]"
/// ```
///
/// The binding lives as long as the list (see ``BindingOwner``) and holds it weakly. One sectioned
/// array drives a list at a time: binding another replaces the first.
public protocol SectionedListTarget: BindingOwner {
  /// What describes a section: a header title, a date.
  associatedtype Metadata
  /// What the list shows for each item: a cell, a view, a line of text.
  associatedtype Row

  /// Shows `sections` in place of everything shown before (`reloadData`).
  func reload(with sections: SectionedListRows<Metadata, Row>)

  /// Applies `change` in one batch (`performBatchUpdates`); afterwards the list shows `sections`.
  ///
  /// Section deletes, updates and move sources and item deletes, updates and move sources are
  /// before the change; section and item inserts and move destinations are in `sections`.
  func performBatchUpdates(_ change: SectionedArrayChangeset, sections: SectionedListRows<Metadata, Row>)
}

/// One section a ``SectionedListTarget`` shows: its metadata and its rows, made on demand.
///
/// ```swift
/// let sections = SectionedListRows([ArraySection("A", items: [1, 2])]) { item, path in "\(path): \(item)" }
/// print(sections[0].metadata, sections[0].rows[1])   // prints "A [0, 1]: 2"
/// ```
public struct ListSection<Metadata, Row> {
  /// What describes the section.
  public let metadata: Metadata
  /// The rows of the section, made when read.
  public let rows: ListRows<Row>
}

/// The sections a ``SectionedListTarget`` shows: the sections of the array, whose items are turned
/// into rows on demand by the binding's row factory.
///
/// ```swift
/// let sections = SectionedListRows([ArraySection("A", items: [1])]) { item, _ in item * 10 }
/// print(sections[0].rows[0])   // prints "10"
/// ```
public struct SectionedListRows<Metadata, Row>: RandomAccessCollection {
  private let sectionList: [ListSection<Metadata, Row>]

  /// Sections made from `sections`, whose rows `makeRow` makes from each item and its path when read.
  public init<Item>(_ sections: [ArraySection<Metadata, Item>], makeRow: @escaping (Item, ItemPath) -> Row) {
    sectionList = sections.indices.map { section in
      let items = sections[section].items
      return ListSection(
        metadata: sections[section].metadata,
        rows: ListRows(count: items.count) { makeRow(items[$0], ItemPath(section: section, item: $0)) }
      )
    }
  }

  /// Sections made from `sections`, whose rows `makeRow` makes from `list`, each item and its path
  /// when read. The rows hold `list` weakly.
  init<List: AnyObject, Item>(
    list: List,
    sections: [ArraySection<Metadata, Item>],
    makeRow: @escaping (List, Item, ItemPath) -> Row
  ) {
    self.init(sections) { [weak list] item, path in
      guard let list else { preconditionFailure("row \(path) was read after its list (\(List.self)) was deallocated") }
      return makeRow(list, item, path)
    }
  }

  /// The offset of the first section: always 0.
  public var startIndex: Int { 0 }
  /// The number of sections.
  public var endIndex: Int { sectionList.count }

  /// The section at `position`.
  public subscript(position: Int) -> ListSection<Metadata, Row> {
    precondition(
      sectionList.indices.contains(position), "section \(position) is out of range (count \(sectionList.count))")
    return sectionList[position]
  }

  /// The row at `path`, made now.
  public subscript(path: ItemPath) -> Row {
    self[path.section].rows[path.item]
  }
}

/// The identity of the sections target, so that a list has one source at a time.
private struct ListSectionsIdentity: Hashable {}

extension Reactive where Base: SectionedListTarget {
  /// The target that keeps the list showing an observable sectioned array, applying each change as
  /// a batch.
  ///
  /// ```swift
  /// outline.reactive.sections <~ groups
  /// ```
  ///
  /// A reset (the first event, or a replace) reloads the list.
  public var sections: BindingTarget<Base, ObservableSectionedArrayEvent<Base.Metadata, Base.Row>> {
    sections { item, _ in item }
  }

  /// The target that keeps the list showing an observable sectioned array, making each row with
  /// `makeRow` from its item and path.
  ///
  /// ```swift
  /// outline.reactive.sections { task, path in "\(path.item + 1). \(task.title)" } <~ tasksByDay
  /// ```
  public func sections<Item>(
    _ makeRow: @escaping (Item, ItemPath) -> Base.Row
  ) -> BindingTarget<Base, ObservableSectionedArrayEvent<Base.Metadata, Item>> {
    sections { _, item, path in makeRow(item, path) }
  }

  /// The target that keeps the list showing an observable sectioned array, making each row with
  /// `makeRow`, which receives the list, the item and its path.
  ///
  /// ```swift
  /// outline.reactive.sections { outline, task, path in outline.dequeueRow(for: task) } <~ tasksByDay
  /// ```
  public func sections<Item>(
    _ makeRow: @escaping (Base, Item, ItemPath) -> Base.Row
  ) -> BindingTarget<Base, ObservableSectionedArrayEvent<Base.Metadata, Item>> {
    sections(
      reloadData: { list, sections in list.reload(with: sections) },
      performBatchUpdates: { list, change, sections in list.performBatchUpdates(change, sections: sections) },
      row: makeRow
    )
  }
}

extension Reactive where Base: BindingOwner {
  /// The target that keeps any list showing an observable sectioned array through two closures,
  /// with no ``SectionedListTarget`` conformance to write.
  ///
  /// ```swift
  /// outline.reactive.sections(
  ///   reloadData: { outline, sections in outline.sections = sections; outline.reloadData() },
  ///   performBatchUpdates: { outline, change, sections in outline.sections = sections; outline.apply(change) }
  /// ) { outline, task, path in task.title } <~ tasksByDay
  /// ```
  ///
  /// See ``Reactive/items(reloadData:performBatchUpdates:row:)`` for when each closure runs; this
  /// target and ``SectionedListTarget``'s `sections` are one target.
  public func sections<Metadata, Item, Row>(
    reloadData: @escaping (Base, SectionedListRows<Metadata, Row>) -> Void,
    performBatchUpdates: @escaping (Base, SectionedArrayChangeset, SectionedListRows<Metadata, Row>) -> Void,
    row makeRow: @escaping (Base, Item, ItemPath) -> Row
  ) -> BindingTarget<Base, ObservableSectionedArrayEvent<Metadata, Item>> {
    BindingTarget(base, identity: ListSectionsIdentity(), description: "\(Base.self).sections") { list, event in
      let sections = SectionedListRows(list: list, sections: event.contents, makeRow: makeRow)
      if event.change.isReset {
        reloadData(list, sections)
      } else if !event.change.isEmpty {
        performBatchUpdates(list, event.change, sections)
      }
    }
  }
}
