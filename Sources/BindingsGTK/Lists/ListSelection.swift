#if GTK
import Bindings
import CGTK
import Foundation

/// A list whose rows can be selected: ``ListView``, ``ColumnView``.
@MainActor
public protocol SelectableList: Widget {
  /// The type of the items the list shows.
  associatedtype Item
  /// The number of rows.
  var modelCount: Int { get }
  /// The item at `position`, or `nil` out of range.
  func item(at position: Int) -> Item?
  /// The list's selection model, as GTK's `GtkSelectionModel *`.
  var selection: OpaquePointer { get }
  /// The wrapper of the selection model.
  var selectionModel: GObjectWrapper { get }
}

extension ListView: SelectableList {}

@MainActor
extension SelectableList {
  /// The offsets of the selected rows, in increasing order.
  public var selectedIndices: [Int] {
    get {
      let set = gtk_selection_model_get_selection(selection)!
      defer { gtk_bitset_unref(set) }
      let count = gtk_bitset_get_size(set)
      return (0..<count).map { Int(gtk_bitset_get_nth(set, guint($0))) }
    }
    set {
      let count = modelCount
      let valid = newValue.filter { $0 >= 0 && $0 < count }
      if valid.count != newValue.count {
        reportListProblem(
          "selection \(newValue.filter { !valid.contains($0) }) is out of range (\(count) rows); ignored")
      }
      if let single = singleSelection {
        gtk_single_selection_set_selected(single, valid.first.map { guint($0) } ?? GTK_INVALID_LIST_POSITION)
        return
      }
      let selected = gtk_bitset_new_empty()!
      let mask = gtk_bitset_new_range(0, guint(count))!
      defer {
        gtk_bitset_unref(selected)
        gtk_bitset_unref(mask)
      }
      for index in valid { gtk_bitset_add(selected, guint(index)) }
      gtk_selection_model_set_selection(selection, selected, mask)
    }
  }

  /// The offset of the selected row, the first one if several are; `nil` when none is.
  public var selectedIndex: Int? {
    get { selectedIndices.first }
    set { selectedIndices = newValue.map { [$0] } ?? [] }
  }

  /// The selection model as a `GtkSingleSelection *`, if it is one.
  private var singleSelection: OpaquePointer? {
    let type = gtk_single_selection_get_type()
    return cgtk_type_is_a(typeOfInstance(selectionModel.object), type) != 0 ? selection : nil
  }
}

/// Writes of ``Reactive/selectedItemID(_:)``: selects the row of an identity, or looks for it again
/// on the main queue's next turn when no row has it yet.
@MainActor
private final class SelectionByIdentity<List: SelectableList, ID: Hashable> {
  private let identity: @MainActor (List.Item) -> ID
  /// Counts the writes, so that a later look is dropped when a newer write came meanwhile.
  private var latestWrite = 0

  init(_ identity: @escaping @MainActor (List.Item) -> ID) {
    self.identity = identity
  }

  func select(_ id: ID?, in list: List) {
    latestWrite += 1
    guard let id, row(of: id, in: list) == nil else { return apply(id, to: list) }
    let write = latestWrite
    weak let weakList = list
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        guard let list = weakList, self.latestWrite == write else { return }
        self.apply(id, to: list)
      }
    }
  }

  private func apply(_ id: ID?, to list: List) {
    let selected = id.flatMap { self.row(of: $0, in: list) }
    if list.selectedIndex != selected { list.selectedIndex = selected }
  }

  private func row(of id: ID, in list: List) -> Int? {
    (0..<list.modelCount).first { list.item(at: $0).map(identity) == id }
  }
}

/// `G_TYPE_FROM_INSTANCE`.
private func typeOfInstance(_ object: UnsafeMutablePointer<GObject>) -> GType {
  object.pointee.g_type_instance.g_class.pointee.g_type
}

@MainActor
extension Reactive where Base: SelectableList {
  /// The offsets of the selected rows: a target, a source and a side of `<~>`. GTK keeps the
  /// selection on its items across inserts and deletes, and this reports the offsets it moves to.
  ///
  /// ```swift
  /// list.reactive.selectedIndices <~> viewModel.$checkedRows
  /// ```
  ///
  /// Offsets out of range are ignored, with a diagnostic.
  public var selectedIndices: BindingEndpoint<Base, [Int]> {
    let target: BindingTarget<Base, [Int]> = gtkTarget("selection") { list, indices in
      if list.selectedIndices != indices { list.selectedIndices = indices }
    }
    return BindingEndpoint(target: target, changes: selectionChanges).asControl()
  }

  /// The offset of the selected row (`nil` for none): a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// contacts.reactive.selectedIndex <~> viewModel.$selectedIndex
  /// ```
  public var selectedIndex: BindingEndpoint<Base, Int?> {
    let target: BindingTarget<Base, Int?> = gtkTarget("selection") { list, index in
      if list.selectedIndex != index { list.selectedIndex = index }
    }
    return BindingEndpoint(target: target, changes: selectionChanges.map(\.first)).asControl()
  }

  /// The identity of the selected item (`nil` for none): a target, a source and a side of `<~>`.
  ///
  /// Bind a selection by identity when the list's rows and the selection come from one model: a
  /// model that publishes the selected row's new offset before the list has received the rows that
  /// moved it would make `selectedIndex` select, for a moment, whatever row held that offset —
  /// and GTK would then carry that wrong item along when the rows arrive. An identity names the
  /// item, whichever order the two arrive in.
  ///
  /// ```swift
  /// contacts.reactive.selectedItemID(\.id) <~> viewModel.$selectedID
  /// ```
  ///
  /// Written, it selects the first row whose item has that identity, or none for `nil`. An identity
  /// that no row has yet is looked for again once the main queue has run what is queued on it (the
  /// rows on their way), and the selection stays as it was meanwhile; if no row has it then, the
  /// list selects none. As a source it sends the selected item's identity now, then each time it
  /// changes (not when the selected row only moves).
  ///
  /// - Parameter identity: The identity of an item, such as `\.id`.
  /// - Returns: The endpoint: the selection as identities.
  /// - Complexity: Writing is O(*n*) in the number of rows.
  public func selectedItemID<ID: Hashable>(
    _ identity: @escaping @MainActor (Base.Item) -> ID
  ) -> BindingEndpoint<Base, ID?> {
    let writes = SelectionByIdentity<Base, ID>(identity)
    let target: BindingTarget<Base, ID?> = gtkTarget("selection") { list, id in writes.select(id, in: list) }
    weak let list = base
    let changes = selectionChanges.map { indices -> ID? in
      guard let list, let index = indices.first else { return nil }
      return list.item(at: index).map(identity)
    }
    return BindingEndpoint(target: target, changes: changes.removeDuplicates()).asControl()
  }

  /// The selected item (`nil` for none), as a source.
  ///
  /// ```swift
  /// contacts.reactive.selectedItem ~> detail.reactive.contact
  /// ```
  public var selectedItem: AnyPublisher<Base.Item?, Never> {
    selectionChanges.map { [weak base] indices in
      guard let base, let index = indices.first else { return nil }
      return base.item(at: index)
    }.eraseToAnyPublisher()
  }

  /// The selected items, in order, as a source.
  ///
  /// ```swift
  /// files.reactive.selectedItems.map(\.count) ~> status.reactive.selectionCount
  /// ```
  public var selectedItems: AnyPublisher<[Base.Item], Never> {
    selectionChanges.map { [weak base] indices in
      guard let base else { return [] }
      return indices.compactMap { base.item(at: $0) }
    }.eraseToAnyPublisher()
  }

  /// The selected offsets: now, then after every change of the selection or of the rows. While the
  /// list applies a change of its items (``ListView``, ``ColumnView``), the signals of its splices
  /// are not read; the selection is read once the change is in. Such a list's items change only
  /// through those changes, so its splices are not listened to at all: a search that removes 30,000
  /// rows in 20,000 runs runs no handler of the selection's per splice.
  private var selectionChanges: AnyPublisher<[Int], Never> {
    let model = base.selectionModel
    // Weakly: the signals' handlers belong to the model's wrapper, and hold `read`.
    weak let changes = model as? SelectionModelWrapper
    weak let list = base
    let read: @MainActor (GObjectWrapper) -> [Int]? = { _ in
      changes?.isApplyingChange == true ? nil : list?.selectedIndices ?? []
    }
    guard let changes else {
      let changed = SignalPublisher<[Int]>(model, signal: "selection-changed", shape: .twoUIntArguments, read: read)
      let moved = SignalPublisher<[Int]>(model, signal: "items-changed", shape: .threeUIntArguments, read: read)
      let current = SignalPublisher<[Int]>(
        model,
        signal: "notify::n-items",
        shape: .pointerArgument,
        replaysCurrentValue: true,
        read: read
      )
      return current.merge(with: changed, moved).removeDuplicates().eraseToAnyPublisher()
    }
    let changed = SignalPublisher<[Int]>(
      model, signal: "selection-changed", shape: .twoUIntArguments, replaysCurrentValue: true, read: read)
    let applied = changes.changeApplied.compactMap { _ in list?.selectedIndices }
    return changed.merge(with: applied).removeDuplicates().eraseToAnyPublisher()
  }
}
#endif
