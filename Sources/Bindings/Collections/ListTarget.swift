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
