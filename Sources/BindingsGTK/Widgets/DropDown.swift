#if GTK
import Bindings
import CGTK

/// A drop-down choice among strings (`GtkDropDown` over a `GtkStringList`).
///
/// ```swift
/// let size = DropDown(["Small", "Medium", "Large"])
/// size.reactive.selected <~> order.$sizeIndex
/// size.reactive.items <~ catalogue.$sizeNames
/// ```
@MainActor
public final class DropDown: Widget {
  /// The strings shown, in order.
  private let list: OpaquePointer

  /// A drop-down over `items`, with the first selected.
  public init(_ items: [String] = []) {
    let list = withStringArray(items) { gtk_string_list_new($0) }!
    self.list = list
    // The drop-down takes the list's reference.
    super.init(gtk_drop_down_new(list, nil), ownership: .transferred)
  }

  /// The strings the drop-down offers.
  public var items: [String] {
    get {
      let count = g_list_model_get_n_items(list)
      return (0..<count).map { String(cString: gtk_string_list_get_string(list, $0)) }
    }
    set {
      // One splice replaces the strings; GTK keeps the selection position when it is still valid.
      let count = g_list_model_get_n_items(list)
      withStringArray(newValue) { gtk_string_list_splice(list, 0, count, $0) }
    }
  }

  /// The index of the selected string, or `nil` when nothing is selected.
  public var selected: Int? {
    get {
      let position = gtk_drop_down_get_selected(opaque)
      return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }
    set {
      gtk_drop_down_set_selected(opaque, newValue.map { guint(clamping: $0) } ?? GTK_INVALID_LIST_POSITION)
    }
  }

  /// The selected string, or `nil`.
  public var selectedItem: String? {
    selected.flatMap { index in index < items.count ? items[index] : nil }
  }
}

@MainActor
extension Reactive where Base: DropDown {
  /// The index of the selected string (`nil` for none): a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// dropDown.reactive.selected <~> settings.$themeIndex
  /// ```
  public var selected: BindingEndpoint<Base, Int?> {
    property("selected", get: { $0.selected }, set: { $0.selected = $1 })
  }

  /// The selected string, as a source.
  ///
  /// ```swift
  /// dropDown.reactive.selectedItem ~> settings.reactive.themeName
  /// ```
  public var selectedItem: AnyPublisher<String?, Never> {
    selected.map { [weak base] _ in base?.selectedItem }.eraseToAnyPublisher()
  }

  /// The strings offered, as a target.
  ///
  /// ```swift
  /// dropDown.reactive.items <~ catalogue.$sizes.map { $0.map(\.name) }
  /// ```
  public var items: BindingTarget<Base, [String]> {
    gtkTarget("model") { dropDown, items in
      dropDown.items = items
    }
  }
}
#endif
