#if GTK
import Bindings
import CGTK

/// A control that is on or off: ``CheckButton``, ``ToggleButton`` and ``Switch``.
///
/// ```swift
/// let notify = Switch()
/// notify.reactive.isActive <~> settings.$notificationsOn
/// ```
@MainActor
public protocol ActivatableControl: Widget {
  /// Whether the control is on (`active`).
  var isActive: Bool { get set }
}

/// A check box with a label (`GtkCheckButton`).
@MainActor
public final class CheckButton: Widget, ActivatableControl {
  /// A check box showing `label`.
  public init(_ label: String? = nil, isActive: Bool = false) {
    super.init(gtk_check_button_new_with_label(label), ownership: .transferred)
    self.isActive = isActive
  }

  /// Whether the box is checked.
  public var isActive: Bool {
    get { gtk_check_button_get_active(cast()) != 0 }
    set { gtk_check_button_set_active(cast(), newValue ? 1 : 0) }
  }
}

/// A button that stays pressed (`GtkToggleButton`).
@MainActor
public final class ToggleButton: Widget, ActivatableControl {
  /// A toggle button showing `label`.
  public init(_ label: String = "", isActive: Bool = false) {
    super.init(gtk_toggle_button_new_with_label(label), ownership: .transferred)
    self.isActive = isActive
  }

  /// Whether the button is pressed.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(cast()) != 0 }
    set { gtk_toggle_button_set_active(cast(), newValue ? 1 : 0) }
  }
}

/// An on/off switch (`GtkSwitch`).
@MainActor
public final class Switch: Widget, ActivatableControl {
  /// A switch, off unless `isActive`.
  public init(isActive: Bool = false) {
    super.init(gtk_switch_new(), ownership: .transferred)
    self.isActive = isActive
  }

  /// Whether the switch is on.
  public var isActive: Bool {
    get { gtk_switch_get_active(opaque) != 0 }
    set { gtk_switch_set_active(opaque, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: ActivatableControl {
  /// Whether the control is on: a target, a source (every change, the current state first) and a
  /// side of `<~>`.
  ///
  /// ```swift
  /// darkMode.reactive.isActive <~> settings.$prefersDark
  /// ```
  public var isActive: BindingEndpoint<Base, Bool> {
    property("active", get: { $0.isActive }, set: { $0.isActive = $1 })
  }
}
#endif
