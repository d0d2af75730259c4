#if GTK
import Bindings
import CGTK

/// A label the user can edit in place (`GtkEditableLabel`): Enter (or a click) turns it into a
/// field, Enter commits the text, Escape cancels.
///
/// ```swift
/// let cell = EditableLabel("=A1+1")
/// cell.reactive.text <~> model.$formula      // the model hears each committed text
/// cell.reactive.isEditing ~> model.reactive.editingChanged
/// ```
///
/// Unlike an ``Entry``'s, its `reactive.text` source reports the text only when an edit
/// ends (committed, or put back by Escape), and writes into it while the user types, never.
@MainActor
public final class EditableLabel: EditableWidget {
  /// A label showing `text`.
  public init(_ text: String = "") {
    super.init(gtk_editable_label_new(text), ownership: .transferred)
    commitWhenFocusLeaves()
  }

  /// Replaces GTK 4.8's own end of an edit when the focus leaves the label: GTK ends it 100 ms
  /// later, from a timeout that does not hold the label, and a label destroyed in between (its
  /// window closed while it has the focus) is used after it is freed. This focus controller ends
  /// the edit at once, committing it, as GTK's would have.
  private func commitWhenFocusLeaves() {
    if let focus = WidgetTree.controllers(of: widget, ofType: gtk_event_controller_focus_get_type()).first {
      gtk_widget_remove_controller(widget, OpaquePointer(focus))
    }
    let controller = gtk_event_controller_focus_new()!
    let leave: @convention(c) (gpointer?, gpointer?) -> Void = { controller, _ in
      guard let label = gtk_event_controller_get_widget(OpaquePointer(controller)) else { return }
      let editableLabel = OpaquePointer(label)
      if gtk_editable_label_get_editing(editableLabel) != 0 {
        gtk_editable_label_stop_editing(editableLabel, 1)
      }
    }
    g_signal_connect_data(
      UnsafeMutableRawPointer(controller), "leave", unsafeBitCast(leave, to: GCallback.self), nil, nil,
      GConnectFlags(0))
    // The widget takes the controller's reference.
    gtk_widget_add_controller(widget, controller)
  }

  /// Whether the label is being edited; setting it starts an edit, or ends one, committing the text.
  ///
  /// ```swift
  /// let cell = EditableLabel("1")
  /// cell.isEditing = true     // shows the field, focused
  /// cell.text = "2"
  /// cell.isEditing = false    // commits "2"
  /// ```
  public var isEditing: Bool {
    get { gtk_editable_label_get_editing(opaque) != 0 }
    set {
      if newValue {
        gtk_editable_label_start_editing(opaque)
      } else {
        gtk_editable_label_stop_editing(opaque, 1)
      }
    }
  }

  /// Ends the edit under way, if any: with `commit`, the label keeps the edited text; without, it
  /// goes back to the text it had.
  ///
  /// ```swift
  /// cell.stopEditing(commit: false)   // as Escape does
  /// ```
  public func stopEditing(commit: Bool) {
    gtk_editable_label_stop_editing(opaque, commit ? 1 : 0)
  }
}

@MainActor
extension Reactive where Base: EditableLabel {
  /// The label's text: a target (ignored while the user edits), a source that sends the current
  /// text and then the text each time an edit ends or a binding changes it — never a keystroke —
  /// and a side of `<~>`.
  ///
  /// ```swift
  /// cell.reactive.text <~> model.$formula
  /// ```
  public var text: BindingEndpoint<Base, String> {
    let target: BindingTarget<Base, String> = gtkTarget("text") { label, text in
      if !label.isEditing && label.text != text { label.text = text }
    }
    weak let label = base
    let read: @MainActor (GObjectWrapper) -> String? = { _ in
      guard let label, !label.isEditing else { return nil }
      return label.text
    }
    let edited = SignalPublisher<String?>(
      base, signal: "notify::editing", shape: .pointerArgument, replaysCurrentValue: true, read: read)
    let written = SignalPublisher<String?>(base, signal: "notify::text", shape: .pointerArgument, read: read)
    let changes = edited.merge(with: written).compactMap { $0 }.removeDuplicates()
    return BindingEndpoint(target: target, changes: changes).asControl()
  }

  /// Whether the label is being edited: a target (`true` starts an edit, `false` commits it), a
  /// source, and a side of `<~>`.
  ///
  /// ```swift
  /// cell.reactive.isEditing ~> model.reactive.showFormula
  /// ```
  public var isEditing: BindingEndpoint<Base, Bool> {
    property("editing", get: { $0.isEditing }, set: { $0.isEditing = $1 })
  }
}
#endif
