#if GTK
import Bindings
import CGTK
import Foundation

/// A named command of a window or of the application (`GSimpleAction`, GTK 4.0 and later): what
/// menu items, buttons and keyboard shortcuts activate by name (`"win.undo"`, `"app.quit"`).
///
/// ```swift
/// let undo = Action("undo")
/// undo.reactive.isEnabled <~ model.$canUndo
/// undo.reactive.activated ~> (model, { model, _ in model.undo() })
/// window.addAction(undo)                                    // "win.undo"
/// GTKApplication.setAccelerators(["<Ctrl>z"], for: "win.undo")
/// ```
///
/// An action with a state (a check or radio menu item) has a typed ``state``, bound both ways:
///
/// ```swift
/// let dark = Action("dark-mode", state: false)              // an Action<Bool>
/// dark.reactive.state <~> model.$prefersDark
/// ```
///
/// Activating a `Bool` action toggles its state; activating a `String`, `Int` or `Double` action
/// with a value (a radio menu item's target) sets its state to that value. The action lives while
/// a window or the application holds it, or while Swift code holds the wrapper.
@MainActor
public final class Action<State>: GObjectWrapper {
  /// Wraps a new `GSimpleAction` (the caller hands over its reference).
  fileprivate init(newAction: OpaquePointer) {
    super.init(UnsafeMutableRawPointer(newAction), ownership: .transferred)
  }

  /// The action as GIO's `GAction *`.
  public var action: OpaquePointer { OpaquePointer(object) }

  /// The action's name, without its group's prefix: `undo` for `win.undo`.
  public var name: String { String(cString: g_action_get_name(action)) }

  /// Whether the action can be activated (`enabled`); a disabled action's menu items and buttons
  /// are insensitive, and activating it does nothing.
  ///
  /// ```swift
  /// undo.isEnabled = false
  /// ```
  public var isEnabled: Bool {
    get { g_action_get_enabled(action) != 0 }
    set { g_simple_action_set_enabled(simpleAction, newValue ? 1 : 0) }
  }

  /// Activates the action, as its menu item, button or shortcut does; does nothing while disabled.
  ///
  /// ```swift
  /// undo.activate()   // the bindings from undo.reactive.activated run
  /// ```
  public func activate() {
    g_action_activate(action, nil)
  }

  fileprivate var simpleAction: OpaquePointer { OpaquePointer(object) }

  /// Stops the program with a clear message for a name GIO would refuse.
  fileprivate static func checkName(_ name: String) {
    precondition(
      g_action_name_is_valid(name) != 0,
      "BindingsGTK: \"\(name)\" is not a valid action name (use letters, digits, '-' and '.', and no prefix such as win.)"
    )
  }
}

extension Action where State == Void {
  /// An action with no state, named `name` (letters, digits, `-` and `.`; no `win.` or `app.` prefix).
  ///
  /// ```swift
  /// let save = Action("save")
  /// window.addAction(save)   // menu items and buttons activate it as "win.save"
  /// ```
  public convenience init(_ name: String) {
    Self.checkName(name)
    self.init(newAction: g_simple_action_new(name, nil))
  }
}

extension Action where State: ActionStateValue {
  /// An action with a state, named `name`, starting at `state`.
  ///
  /// ```swift
  /// let wrap = Action("wrap-lines", state: true)          // a check menu item
  /// let sort = Action("sort-by", state: "name")           // radio menu items with targets
  /// ```
  ///
  /// A `Bool` action toggles when activated; any other takes a value of its state's type when
  /// activated (a radio menu item's target), and that value becomes its state.
  public convenience init(_ name: String, state: State) {
    Self.checkName(name)
    let parameterType = State.self == Bool.self ? nil : g_variant_type_new(State.variantType)
    defer { if let parameterType { g_variant_type_free(parameterType) } }
    self.init(newAction: g_simple_action_new_stateful(name, parameterType, state.makeVariant()))
    // Applies activations to the state whoever else listens (a handler of ours, since GIO applies
    // them itself only while no handler is connected).
    _ = SignalConnection.connect("activate", shape: .pointerArgument, of: self) { [weak self] arguments in
      self?.applyActivation(parameter: arguments.pointer)
      return false
    }
  }

  /// The action's state (`state`).
  ///
  /// ```swift
  /// dark.state = true   // its check menu item shows a check
  /// ```
  public var state: State {
    get {
      let variant = g_action_get_state(action)!
      defer { g_variant_unref(variant) }
      guard let value = State(variant: variant) else {
        preconditionFailure("BindingsGTK: the state of action \(name) is not a \(State.self)")
      }
      return value
    }
    set { g_simple_action_set_state(simpleAction, newValue.makeVariant()) }
  }

  private func applyActivation(parameter: UnsafeMutableRawPointer?) {
    if let state = state as? Bool {
      g_action_change_state(action, g_variant_new_boolean(state ? 0 : 1))
    } else if let parameter, State(variant: OpaquePointer(parameter)) != nil {
      g_action_change_state(action, OpaquePointer(parameter))
    }
  }
}

/// An action, whatever the type of its state: what the `reactive` members of every action need.
@MainActor
public protocol ActionProtocol: GObjectWrapper {
  /// The type of the action's state; `Void` for an action with none.
  associatedtype State
}

extension Action: ActionProtocol {}

@MainActor
extension Reactive where Base: ActionProtocol {
  /// Whether the action can be activated: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// undo.reactive.isEnabled <~ model.$canUndo
  /// ```
  public var isEnabled: BindingEndpoint<Base, Bool> {
    property(
      "enabled",
      get: { g_action_get_enabled(OpaquePointer($0.object)) != 0 },
      set: { action, isEnabled in
        g_simple_action_set_enabled(OpaquePointer(action.object), isEnabled ? 1 : 0)
      }
    )
  }

  /// One `Void` each time the action is activated (by a menu item, a button, a shortcut or
  /// ``Action/activate()``); never while it is disabled.
  ///
  /// ```swift
  /// undo.reactive.activated ~> (model, { model, _ in model.undo() })
  /// ```
  public var activated: SignalPublisher<Void> {
    SignalPublisher(base, signal: "activate", shape: .pointerArgument) { _ in () }
  }
}

@MainActor
extension Reactive where Base: ActionProtocol, Base.State: ActionStateValue {
  /// The action's state: a target, a source of its changes (the current value first) and a side of
  /// `<~>`.
  ///
  /// ```swift
  /// let dark = Action("dark-mode", state: false)
  /// dark.reactive.state <~> model.$prefersDark   // the menu's check follows the model, and back
  /// ```
  public var state: BindingEndpoint<Base, Base.State> {
    property(
      "state",
      get: { action in
        let variant = g_action_get_state(OpaquePointer(action.object))!
        defer { g_variant_unref(variant) }
        return Base.State(variant: variant)!
      },
      set: { action, state in
        g_simple_action_set_state(OpaquePointer(action.object), state.makeVariant())
      }
    )
  }
}

/// A value an ``Action`` can hold as its state: `Bool`, `Int`, `Double` and `String`.
///
/// ```swift
/// let zoom = Action("zoom", state: 100)   // an Int state
/// ```
public protocol ActionStateValue: Equatable {
  /// The `GVariant` type string of the state: `"b"` for `Bool`.
  static var variantType: String { get }
  /// The value as a new floating `GVariant`.
  func makeVariant() -> OpaquePointer
  /// The value of `variant`, or `nil` when it holds another type.
  init?(variant: OpaquePointer)
}

extension Bool: ActionStateValue {
  /// `"b"`.
  public static var variantType: String { "b" }
  /// A boolean `GVariant`.
  public func makeVariant() -> OpaquePointer { g_variant_new_boolean(self ? 1 : 0) }
  /// The boolean `variant` holds.
  public init?(variant: OpaquePointer) {
    guard String(cString: g_variant_get_type_string(variant)) == Self.variantType else { return nil }
    self = g_variant_get_boolean(variant) != 0
  }
}

extension Int: ActionStateValue {
  /// `"x"`: a 64-bit integer.
  public static var variantType: String { "x" }
  /// A 64-bit integer `GVariant`.
  public func makeVariant() -> OpaquePointer { g_variant_new_int64(gint64(self)) }
  /// The integer `variant` holds.
  public init?(variant: OpaquePointer) {
    guard String(cString: g_variant_get_type_string(variant)) == Self.variantType else { return nil }
    self = Int(g_variant_get_int64(variant))
  }
}

extension Double: ActionStateValue {
  /// `"d"`.
  public static var variantType: String { "d" }
  /// A double `GVariant`.
  public func makeVariant() -> OpaquePointer { g_variant_new_double(self) }
  /// The double `variant` holds.
  public init?(variant: OpaquePointer) {
    guard String(cString: g_variant_get_type_string(variant)) == Self.variantType else { return nil }
    self = g_variant_get_double(variant)
  }
}

extension String: ActionStateValue {
  /// `"s"`.
  public static var variantType: String { "s" }
  /// A string `GVariant`.
  public func makeVariant() -> OpaquePointer { g_variant_new_string(self) }
  /// The string `variant` holds.
  public init?(variant: OpaquePointer) {
    guard String(cString: g_variant_get_type_string(variant)) == Self.variantType else { return nil }
    self = String(cString: g_variant_get_string(variant, nil))
  }
}
#endif
