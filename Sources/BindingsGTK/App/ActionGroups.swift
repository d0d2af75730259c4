#if GTK
import Bindings
import CGTK
import Foundation

@MainActor
extension Window {
  /// Adds `action` to the window's actions: menu items, buttons and shortcuts inside the window
  /// activate it as `win.<name>`. An action of the same name is replaced.
  ///
  /// ```swift
  /// let undo = Action("undo")
  /// undo.reactive.activated ~> (model, { model, _ in model.undo() })
  /// window.addAction(undo)   // Menu { MenuItem("Undo", action: "win.undo") } activates it
  /// ```
  ///
  /// The window holds the action until it is closed (GTK 4.0 and later).
  public func addAction<State>(_ action: Action<State>) {
    g_action_map_add_action(windowActions, action.action)
  }

  /// Removes the window's action named `name` (without `win.`), if it has one.
  ///
  /// ```swift
  /// window.removeAction(named: "undo")
  /// ```
  public func removeAction(named name: String) {
    g_action_map_remove_action(windowActions, name)
  }

  /// The window's `win` action group, made and inserted the first time it is asked for.
  private var windowActions: OpaquePointer {
    if let group = g_object_get_qdata(object, windowActionsQuark) { return OpaquePointer(group) }
    let group = OpaquePointer(g_simple_action_group_new()!)
    gtk_widget_insert_action_group(widget, "win", group)
    g_object_set_qdata_full(object, windowActionsQuark, UnsafeMutableRawPointer(group)) { g_object_unref($0) }
    return group
  }
}

private let windowActionsQuark: GQuark = g_quark_from_string("bindings-gtk-window-actions")

extension GTKApplication {
  /// Adds `action` to the application's actions: menu items, buttons and shortcuts in every window
  /// activate it as `app.<name>`. An action of the same name is replaced.
  ///
  /// ```swift
  /// let quit = Action("quit")
  /// quit.reactive.activated ~> (model, { model, _ in model.quit() })
  /// GTKApplication.addAction(quit)
  /// GTKApplication.setAccelerators(["<Ctrl>q"], for: "app.quit")
  /// ```
  ///
  /// The application's actions live for the rest of the process. `GTKApplication` runs GTK's loop
  /// without a `GtkApplication`, so its actions are given to each window as it opens (GTK 4.0 and
  /// later).
  public static func addAction<State>(_ action: Action<State>) {
    ApplicationActions.watchWindows()
    g_action_map_add_action(ApplicationActions.group, action.action)
  }

  /// Removes the application's action named `name` (without `app.`), if it has one.
  ///
  /// ```swift
  /// GTKApplication.removeAction(named: "quit")
  /// ```
  public static func removeAction(named name: String) {
    g_action_map_remove_action(ApplicationActions.group, name)
  }

  /// Makes `accelerators` activate the action named `action` (`win.undo`, `app.quit`) in every
  /// window, replacing the accelerators it had; an empty list removes them.
  ///
  /// ```swift
  /// GTKApplication.setAccelerators(["<Ctrl>z"], for: "win.undo")
  /// GTKApplication.setAccelerators(["<Ctrl><Shift>z", "<Ctrl>y"], for: "win.redo")
  /// ```
  ///
  /// Accelerators are written as GTK parses them: `<Ctrl>`, `<Shift>`, `<Alt>`, `<Super>`, then a
  /// key name (`z`, `F5`, `Delete`). One that GTK cannot parse is skipped with a diagnostic. Each
  /// window gets a shortcut controller for them (a `GtkShortcutController`, GTK 4.0 and later),
  /// since the loop runs without a `GtkApplication`; a window's own actions answer `win.` names,
  /// the application's `app.` names.
  ///
  /// - Parameters:
  ///   - accelerators: The key combinations, e.g. `["<Ctrl>z"]`.
  ///   - action: The detailed action name, with its prefix.
  public static func setAccelerators(_ accelerators: [String], for action: String) {
    ApplicationActions.watchWindows()
    ApplicationActions.setAccelerators(accelerators, for: action)
  }

  /// The accelerators set for `action` with `setAccelerators(_:for:)`.
  ///
  /// ```swift
  /// GTKApplication.accelerators(for: "win.undo")   // ["<Ctrl>z"]
  /// ```
  public static func accelerators(for action: String) -> [String] {
    ApplicationActions.accelerators[action] ?? []
  }
}

/// The application's actions and accelerators, given to every window as it opens.
@MainActor
enum ApplicationActions {
  /// The `app` action group.
  static let group = OpaquePointer(g_simple_action_group_new()!)
  /// The accelerators' shortcuts, one list shared by every window's shortcut controller.
  static let shortcuts: OpaquePointer = g_list_store_new(gtk_shortcut_get_type())!
  /// The accelerators by action, as set.
  private(set) static var accelerators: [String: [String]] = [:]
  private static var isWatching = false

  /// Gives the group and the shortcuts to every open window, and to each window that opens later.
  static func watchWindows() {
    guard !isWatching else { return }
    isWatching = true
    let toplevels = gtk_window_get_toplevels()!
    let callback: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
      model, position, _, added, _ in
      nonisolated(unsafe) let model = model
      MainActor.assumeIsolated {
        for index in position..<(position + added) {
          guard let window = g_list_model_get_item(OpaquePointer(model), index) else { continue }
          ApplicationActions.attach(to: window)
          g_object_unref(window)
        }
      }
    }
    g_signal_connect_data(
      UnsafeMutableRawPointer(toplevels), "items-changed", unsafeBitCast(callback, to: GCallback.self), nil, nil,
      GConnectFlags(0))
    for window in WidgetTree.toplevels() { attach(to: UnsafeMutableRawPointer(window)) }
  }

  /// Inserts the `app` group and a shortcut controller for the accelerators into `window`, once.
  private static func attach(to window: gpointer) {
    let object = window.assumingMemoryBound(to: GObject.self)
    guard g_object_get_qdata(object, attachedQuark) == nil else { return }
    g_object_set_qdata(object, attachedQuark, UnsafeMutableRawPointer(bitPattern: 1))
    let widget = window.assumingMemoryBound(to: GtkWidget.self)
    gtk_widget_insert_action_group(widget, "app", group)
    let controller = gtk_shortcut_controller_new_for_model(shortcuts)!
    gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
    gtk_widget_add_controller(widget, controller)
  }

  static func setAccelerators(_ triggers: [String], for action: String) {
    var parsed: [String] = []
    for trigger in triggers {
      if let shortcutTrigger = gtk_shortcut_trigger_parse_string(trigger) {
        g_object_unref(UnsafeMutableRawPointer(shortcutTrigger))
        parsed.append(trigger)
      } else {
        Diagnostics.report(
          "BindingsGTK: \"\(trigger)\" is not an accelerator GTK can parse (write e.g. \"<Ctrl>z\", \"<Ctrl><Shift>s\", "
            + "\"F5\"); it was not set for \(action)"
        )
      }
    }
    accelerators[action] = parsed.isEmpty ? nil : parsed
    // Rebuilt in a stable order; every window's controller follows the list.
    g_list_store_remove_all(shortcuts)
    for (name, triggers) in accelerators.sorted(by: { $0.key < $1.key }) {
      for trigger in triggers {
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(name))!
        g_list_store_append(shortcuts, UnsafeMutableRawPointer(shortcut))
        g_object_unref(UnsafeMutableRawPointer(shortcut))
      }
    }
  }
}

private let attachedQuark: GQuark = g_quark_from_string("bindings-gtk-application-actions")

extension GTKApplication {
  /// Adds `action` to the application's actions; the same as ``addAction(_:)-swift.type.method``.
  ///
  /// ```swift
  /// try GTKApplication.run { app in
  ///   app.addAction(quit)
  /// }
  /// ```
  public func addAction<State>(_ action: Action<State>) {
    Self.addAction(action)
  }

  /// Sets the accelerators of `action`; the same as ``setAccelerators(_:for:)-swift.type.method``.
  ///
  /// ```swift
  /// app.setAccelerators(["<Ctrl>q"], for: "app.quit")
  /// ```
  public func setAccelerators(_ accelerators: [String], for action: String) {
    Self.setAccelerators(accelerators, for: action)
  }
}
#endif
