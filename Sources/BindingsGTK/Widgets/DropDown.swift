#if GTK
import Bindings
import CGTK

/// A drop-down choice among items (`GtkDropDown`), each shown by its title.
///
/// Strings need no title:
///
/// ```swift
/// let size = DropDown(["Small", "Medium", "Large"])
/// size.reactive.selected <~> order.$sizeIndex
/// size.reactive.items <~ catalogue.$sizeNames
/// ```
///
/// Any other items are shown by a title closure, and selected by value:
///
/// ```swift
/// enum Trip: CaseIterable { case oneWay, returnFlight }
/// let trip = DropDown(Trip.allCases, title: { $0 == .oneWay ? "one-way flight" : "return flight" })
/// trip.reactive.selectedItem <~> booking.$trip
/// trip.reactive.items <~ model.trips        // an observable array: one splice per change
/// ```
///
/// The items live in a list of their own, fed like a ``ListView``'s: from an array (one splice
/// replaces them all), or from an observable array (one splice per run of changed offsets).
@MainActor
public final class DropDown<Item: Equatable>: Widget, ListTarget, DropDownWidget {
  /// The drop-down shows items; each row is a label showing an item's title.
  public typealias Row = Item

  /// The items, one object each, under a model with no selection (the drop-down has its own).
  private let itemStore: ItemStore<Item>
  /// The factory of the labels that show the items' titles.
  private let itemFactory: RowFactory<Item>

  /// A drop-down over `items`, each shown as `title` says, with the first selected.
  ///
  /// ```swift
  /// let airline = DropDown(airlines, title: \.name)
  /// ```
  public init(_ items: [Item] = [], title: @escaping @MainActor (Item) -> String) {
    let itemStore = ItemStore<Item>(selection: .none)
    let itemFactory = RowFactory<Item>(
      role: "drop-down item", makeRow: { Label() }, bindRow: { $0.text = title($1) })
    itemStore.itemReplaced = { [weak itemFactory] object in itemFactory?.rebind(object) }
    (self.itemStore, self.itemFactory) = (itemStore, itemFactory)
    let model = OpaquePointer(g_object_ref(itemStore.selectionModel.object))
    // The drop-down takes the model's reference.
    super.init(gtk_drop_down_new(model, nil), ownership: .transferred)
    // The drop-down takes a reference of its own to the factory.
    gtk_drop_down_set_factory(opaque, OpaquePointer(itemFactory.factory.object))
    itemStore.replaceAll(with: items)
  }

  /// The items the drop-down offers.
  ///
  /// Setting them replaces them all in one splice; GTK keeps the selected position when it is
  /// still valid.
  public var items: [Item] {
    get { (0..<itemStore.count).compactMap { itemStore.item(at: $0) } }
    set { itemStore.replaceAll(with: newValue) }
  }

  /// The index of the selected item, or `nil` when nothing is selected.
  public var selected: Int? {
    get {
      let position = gtk_drop_down_get_selected(opaque)
      return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }
    set {
      gtk_drop_down_set_selected(opaque, newValue.map { guint(clamping: $0) } ?? GTK_INVALID_LIST_POSITION)
    }
  }

  /// The index of the selected item, or `nil`: ``selected`` under the name lists use.
  public var selectedIndex: Int? {
    get { selected }
    set { selected = newValue }
  }

  /// The selected item, or `nil`. Setting an item the drop-down does not offer selects nothing,
  /// with a diagnostic.
  ///
  /// ```swift
  /// let size = DropDown(["S", "M", "L"])
  /// size.selectedItem = "M"
  /// print(size.selected)   // Optional(1)
  /// ```
  public var selectedItem: Item? {
    get { selected.flatMap { itemStore.item(at: $0) } }
    set {
      guard let newValue else {
        selected = nil
        return
      }
      guard let index = (0..<itemStore.count).first(where: { itemStore.item(at: $0) == newValue }) else {
        reportListProblem("the drop-down offers no item \(newValue); nothing is selected")
        selected = nil
        return
      }
      selected = index
    }
  }

  // MARK: ListTarget

  /// Shows `rows` in place of every item: one splice. Applied on GTK's thread, in order with every
  /// other change.
  public nonisolated func reload(with rows: ListRows<Item>) {
    performBatchUpdates(.reset, rows: rows)
  }

  /// Applies `change`, one splice per run of adjacent offsets. Applied on GTK's thread, in order
  /// with every other change.
  public nonisolated func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<Item>) {
    nonisolated(unsafe) let rows = rows
    MainThreadScheduler.shared.schedule {
      MainActor.assumeIsolated {
        GTK.assertGTKThread("Changing a drop-down's items")
        guard !self.isDisposed else { return }
        self.itemStore.apply(change, rows: rows)
      }
    }
  }
}

extension DropDown where Item == String {
  /// A drop-down over `items`, with the first selected.
  ///
  /// ```swift
  /// let size = DropDown(["Small", "Medium", "Large"])
  /// ```
  public convenience init(_ items: [String] = []) {
    self.init(items, title: { $0 })
  }
}

/// A drop-down choice among items: ``DropDown``.
@MainActor
public protocol DropDownWidget: Widget {
  /// The type of the items offered.
  associatedtype Item: Equatable
  /// The items offered.
  var items: [Item] { get set }
  /// The index of the selected item, or `nil`.
  var selected: Int? { get set }
  /// The selected item, or `nil`.
  var selectedItem: Item? { get set }
}

@MainActor
extension Reactive where Base: DropDownWidget {
  /// The index of the selected item (`nil` for none): a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// dropDown.reactive.selected <~> settings.$themeIndex
  /// ```
  public var selected: BindingEndpoint<Base, Int?> {
    property("selected", get: { $0.selected }, set: { $0.selected = $1 })
  }

  /// The index of the selected item (`nil` for none): ``selected`` under the name lists use.
  ///
  /// ```swift
  /// dropDown.reactive.selectedIndex <~> settings.$themeIndex
  /// ```
  public var selectedIndex: BindingEndpoint<Base, Int?> { selected }

  /// The selected item (`nil` for none): a target (an item not offered selects nothing, with a
  /// diagnostic), a source, and a side of `<~>`. It is the same GTK property as ``selected``: binding
  /// one replaces a binding of the other.
  ///
  /// ```swift
  /// dropDown.reactive.selectedItem <~> booking.$trip
  /// dropDown.reactive.selectedItem ~> settings.reactive.themeName
  /// ```
  public var selectedItem: BindingEndpoint<Base, Base.Item?> {
    property("selected", get: { $0.selectedItem }, set: { $0.selectedItem = $1 })
  }

  /// The items offered, as a target for whole arrays: each value replaces them in one splice.
  /// (An observable array binds through the `ListTarget` target of the same name, one splice per
  /// change.)
  ///
  /// ```swift
  /// dropDown.reactive.items <~ catalogue.$sizes.map { $0.map(\.name) }
  /// ```
  public var items: BindingTarget<Base, [Base.Item]> {
    gtkTarget("model") { dropDown, items in
      dropDown.items = items
    }
  }
}
#endif
