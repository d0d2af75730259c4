#if GTK
import Bindings
import CGTK
import Foundation

/// One row of a ``SectionedListView``: a section's header, or an item.
public enum SectionedListRow<Metadata, Item> {
  /// The header of a section.
  case header(Metadata)
  /// An item of a section.
  case item(Item)
}

/// A scrolled list in sections, showing an observable sectioned array: each section is a header
/// row followed by its item rows, in one recycling `GtkListView` (list sections came in GTK 4.12; the
/// library targets GTK 4.8).
///
/// ```swift
/// let contacts = SectionedListView<String, Contact>(
///   makeHeader: { Label() }, bindHeader: { label, letter in label.text = letter },
///   makeRow: { Label() }, bindRow: { label, contact in label.reactive.text <~ contact.$name }
/// )
/// contacts.reactive.sections <~ viewModel.contactsByInitial
/// ```
///
/// Section and item changes reach GTK as splices, one per run of adjacent rows: a section inserted
/// is its header and items inserted, an item deleted is one row deleted. Headers cannot be
/// selected.
@MainActor
public final class SectionedListView<Metadata, Item>: Widget, SectionedListTarget {
  /// The list shows items; headers and rows are widgets made by its factories.
  public typealias Row = Item

  /// The flat list of header and item rows inside the scrolled window.
  public let list: ListView<SectionedListRow<Metadata, Item>>
  /// How many items each section holds now.
  private var itemCounts: [Int] = []

  /// A sectioned list whose headers and rows are made and filled by the given closures; see
  /// ``ListView/init(selection:makeRow:bindRow:)`` for what a factory may do.
  public init<HeaderWidget: Widget, RowWidget: Widget>(
    selection: ListView<SectionedListRow<Metadata, Item>>.SelectionMode = .single,
    makeHeader: @escaping @MainActor () throws -> HeaderWidget?,
    bindHeader: @escaping @MainActor (HeaderWidget, Metadata) throws -> Void,
    makeRow: @escaping @MainActor () throws -> RowWidget?,
    bindRow: @escaping @MainActor (RowWidget, Item) throws -> Void
  ) {
    list = ListView(
      selection: selection,
      makeRow: { SectionRowSlot() },
      bindRow: { slot, row in
        switch row {
        case .header(let metadata):
          let header: HeaderWidget? = try slot.show(.header, make: makeHeader)
          if let header { try bindHeader(header, metadata) }
        case .item(let item):
          let itemRow: RowWidget? = try slot.show(.item, make: makeRow)
          if let itemRow { try bindRow(itemRow, item) }
        }
      }
    )
    list.isSelectable = { row in
      if case .item = row { return true }
      return false
    }
    super.init(gtk_scrolled_window_new(), ownership: .transferred)
    gtk_scrolled_window_set_child(opaque, list.widget)
  }

  // MARK: SectionedListTarget

  /// Shows `sections` in place of everything: one splice.
  public nonisolated func reload(with sections: SectionedListRows<Metadata, Item>) {
    performBatchUpdates(.reset, sections: sections)
  }

  /// Applies `change`: one splice per run of adjacent header and item rows.
  public nonisolated func performBatchUpdates(
    _ change: SectionedArrayChangeset,
    sections: SectionedListRows<Metadata, Item>
  ) {
    nonisolated(unsafe) let sections = sections
    MainThreadScheduler.shared.schedule {
      MainActor.assumeIsolated { self.apply(change, sections: sections) }
    }
  }

  private func apply(_ change: SectionedArrayChangeset, sections: SectionedListRows<Metadata, Item>) {
    var rows: [SectionedListRow<Metadata, Item>] = []
    var newCounts: [Int] = []
    for section in sections {
      rows.append(.header(section.metadata))
      rows.append(contentsOf: section.rows.map { .item($0) })
      newCounts.append(section.rows.count)
    }
    let flat =
      change.isReset
      ? ArrayChangeset.reset
      : SectionedListView.flatChange(change, oldCounts: itemCounts, newCounts: newCounts)
    itemCounts = newCounts
    list.performBatchUpdates(flat, rows: ListRows(items: rows) { row, _ in row })
  }

  /// The change of the flat list of header and item rows that `change` makes.
  ///
  /// Moves stay moves, so that GTK keeps a moved row's object, and its selection: an item's move,
  /// and a section's move when none of its items changes (its header and items move together).
  /// A move out of a section that is deleted, or into one that is inserted, and a moved section
  /// whose items change, are a removal and an insertion.
  static func flatChange(_ change: SectionedArrayChangeset, oldCounts: [Int], newCounts: [Int]) -> ArrayChangeset {
    let oldStarts = starts(of: oldCounts)
    let newStarts = starts(of: newCounts)
    var deletes = Set<Int>()
    var inserts = Set<Int>()
    var updates = Set<Int>()
    var moves: [ArrayChangeset.Move] = []
    // Sections, before the change, and after it, whose items change.
    let changedBefore = Set((change.itemDeletes + change.itemUpdates + change.itemMoves.map(\.from)).map(\.section))
    let changedAfter = Set((change.itemInserts + change.itemMoves.map(\.to)).map(\.section))
    for move in change.sections.moves {
      let count = oldCounts[move.from]
      if !changedBefore.contains(move.from) && !changedAfter.contains(move.to) && newCounts[move.to] == count {
        for row in 0...count {
          moves.append(ArrayChangeset.Move(from: oldStarts[move.from] + row, to: newStarts[move.to] + row))
        }
      } else {
        deletes.formUnion(oldStarts[move.from]...(oldStarts[move.from] + count))
        inserts.formUnion(newStarts[move.to]...(newStarts[move.to] + newCounts[move.to]))
      }
    }
    for section in change.sections.deletes {
      deletes.formUnion(oldStarts[section]...(oldStarts[section] + oldCounts[section]))
    }
    for section in change.sections.inserts {
      inserts.formUnion(newStarts[section]...(newStarts[section] + newCounts[section]))
    }
    for section in change.sections.updates { updates.insert(oldStarts[section]) }
    for path in change.itemDeletes { deletes.insert(oldStarts[path.section] + 1 + path.item) }
    for path in change.itemInserts { inserts.insert(newStarts[path.section] + 1 + path.item) }
    for move in change.itemMoves {
      let from = oldStarts[move.from.section] + 1 + move.from.item
      let to = newStarts[move.to.section] + 1 + move.to.item
      if deletes.contains(from) || inserts.contains(to) {
        deletes.insert(from)
        inserts.insert(to)
      } else {
        moves.append(ArrayChangeset.Move(from: from, to: to))
      }
    }
    for path in change.itemUpdates { updates.insert(oldStarts[path.section] + 1 + path.item) }
    updates.subtract(deletes)
    updates.subtract(moves.map(\.from))
    return ArrayChangeset(deletes: Array(deletes), inserts: Array(inserts), updates: Array(updates), moves: moves)
  }

  /// The flat offset of each section's header.
  private static func starts(of counts: [Int]) -> [Int] {
    var starts: [Int] = []
    var offset = 0
    for count in counts {
      starts.append(offset)
      offset += 1 + count
    }
    return starts
  }
}

/// A row of a sectioned list: a box that shows a header widget or an item widget, each made the
/// first time the recycled row needs it.
@MainActor
final class SectionRowSlot: Widget {
  enum Kind { case header, item }
  private var header: Widget?
  private var item: Widget?

  init() {
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), ownership: .transferred)
  }

  /// Shows the widget of `kind` (made by `make` if this row has none yet) and hides the other.
  func show<Shown: Widget>(_ kind: Kind, make: @MainActor () throws -> Shown?) throws -> Shown? {
    var shown = kind == .header ? header : item
    if shown == nil, let made = try make() {
      gtk_box_append(cast(), made.widget)
      shown = made
      if kind == .header { header = made } else { item = made }
    }
    header?.isVisible = kind == .header
    item?.isVisible = kind == .item
    return shown as? Shown
  }
}
/// A list in sections whose item rows can be selected: ``SectionedListView``.
@MainActor
public protocol SectionedSelectableList: Widget {
  /// What describes a section.
  associatedtype Metadata
  /// The type of the items.
  associatedtype Item
  /// The flat list of header and item rows, whose selection is the sectioned list's.
  var list: ListView<SectionedListRow<Metadata, Item>> { get }
}

extension SectionedListView: SectionedSelectableList {}

@MainActor
extension Reactive where Base: SectionedSelectableList {
  /// The selected item (`nil` for none), as a source: now, then each time the selection changes.
  /// Headers cannot be selected, so the selection is always an item's.
  ///
  /// ```swift
  /// contactsByInitial.reactive.selectedItem ~> detail.reactive.contact
  /// ```
  ///
  /// The inner ``SectionedSelectableList/list`` has the rest of the selection's endpoints
  /// (`selectedIndex`, `selectedItemID`), over its `.header` and `.item` rows.
  public var selectedItem: AnyPublisher<Base.Item?, Never> {
    base.list.reactive.selectedItem.map { row in
      guard case .item(let item)? = row else { return nil }
      return item
    }.eraseToAnyPublisher()
  }
}
#endif
