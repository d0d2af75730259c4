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
    BindingTarget(base, identity: ListItemsIdentity(), description: "\(Base.self).items") { list, event in
      let rows = ListRows(items: event.contents, makeRow: makeRow)
      if event.change.isReset {
        list.reload(with: rows)
      } else if !event.change.isEmpty {
        list.performBatchUpdates(event.change, rows: rows)
      }
    }
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
    BindingTarget(base, identity: ListSectionsIdentity(), description: "\(Base.self).sections") { list, event in
      let sections = SectionedListRows(event.contents, makeRow: makeRow)
      if event.change.isReset {
        list.reload(with: sections)
      } else if !event.change.isEmpty {
        list.performBatchUpdates(event.change, sections: sections)
      }
    }
  }
}
