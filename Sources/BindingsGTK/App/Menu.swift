#if GTK
import Bindings
import CGTK

/// A menu, described in Swift: items that activate actions by name, sections and submenus. GTK
/// turns it into a `GMenuModel` (GTK 4.0 and later) for a ``PopoverMenu``, a ``MenuButton`` or a
/// widget's ``Widget/contextMenu``.
///
/// ```swift
/// let menu = Menu([
///   .item("Undo", action: "win.undo"),
///   .item("Redo", action: "win.redo"),
///   .section([
///     .item("Wrap Lines", action: "win.wrap-lines"),          // an Action<Bool>: a check item
///   ]),
///   .submenu("Sort By", [
///     .item("Name", action: "win.sort-by", target: "name"),   // an Action<String>: radio items
///     .item("Date", action: "win.sort-by", target: "date"),
///   ]),
/// ])
/// ```
///
/// An item is shown insensitive while its action is disabled or missing; a stateful action's item
/// shows its state (a check for `Bool`, a radio for an item with a target).
public struct Menu: Sendable {
  /// One entry of a menu.
  public enum Entry: Sendable {
    /// An item titled `title` (an underscore marks the mnemonic) that activates `action`
    /// (`win.…` or `app.…`), with `target` as the activation's value when given.
    case item(_ title: String, action: String, target: (any ActionStateValue & Sendable)? = nil)
    /// A group of entries set apart by separators, with an optional heading.
    case section(_ title: String? = nil, [Entry])
    /// An item that opens `entries` as a submenu.
    case submenu(_ title: String, [Entry])
  }

  /// The menu's entries, top to bottom.
  public var entries: [Entry]

  /// A menu of `entries`, top to bottom.
  ///
  /// ```swift
  /// let menu = Menu([.item("Delete", action: "win.delete")])
  /// ```
  public init(_ entries: [Entry]) {
    self.entries = entries
  }

  /// The menu as a new `GMenu`; the caller owns the reference.
  @MainActor
  func makeModel() -> OpaquePointer {
    let menu = g_menu_new()!
    for entry in entries { Self.append(entry, to: menu) }
    return menu
  }

  @MainActor
  private static func append(_ entry: Entry, to menu: OpaquePointer) {
    switch entry {
    case .item(let title, let action, let target):
      let item = g_menu_item_new(title, nil)!
      g_menu_item_set_action_and_target_value(item, action, target?.makeVariant())
      g_menu_append_item(menu, item)
      g_object_unref(UnsafeMutableRawPointer(item))
    case .section(let title, let entries):
      let section = Menu(entries).makeModel()
      g_menu_append_section(menu, title, menuModel(section))
      g_object_unref(UnsafeMutableRawPointer(section))
    case .submenu(let title, let entries):
      let submenu = Menu(entries).makeModel()
      g_menu_append_submenu(menu, title, menuModel(submenu))
      g_object_unref(UnsafeMutableRawPointer(submenu))
    }
  }
}
#endif
