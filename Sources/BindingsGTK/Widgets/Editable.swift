#if GTK
import Bindings
import CGTK

/// A widget whose text the user edits (`GtkEditable`): the base of ``Entry``, ``PasswordEntry``
/// and ``Text``.
///
/// ```swift
/// let name = Entry()
/// name.reactive.text <~> viewModel.$name        // one line, both ways
/// name.reactive.activate ~> viewModel.reactive.submit
/// ```
@MainActor
open class EditableWidget: Widget {
  /// The widget as GTK's `GtkEditable *`.
  public var editable: OpaquePointer { opaque }

  /// The text (`text`).
  public var text: String {
    get { String(cString: gtk_editable_get_text(editable)) }
    set { lendingCString(newValue) { gtk_editable_set_text(editable, $0) } }
  }

  /// Whether the user can edit the text (`editable`).
  public var isEditable: Bool {
    get { gtk_editable_get_editable(editable) != 0 }
    set { gtk_editable_set_editable(editable, newValue ? 1 : 0) }
  }

  /// Emits `activate`, as pressing Enter does.
  public func activate() { cgtk_signal_emit_void(object, "activate") }
}

/// A one-line text field (`GtkEntry`).
///
/// ```swift
/// let search = Entry(placeholder: "Search")
/// search.reactive.text ~> viewModel.reactive.query
/// ```
@MainActor
public final class Entry: EditableWidget {
  /// An empty field, with `placeholder` shown while it is empty.
  public init(text: String = "", placeholder: String? = nil) {
    super.init(gtk_entry_new(), ownership: .transferred)
    self.text = text
    if let placeholder { self.placeholder = placeholder }
  }

  /// The hint shown while the field is empty (`placeholder-text`).
  public var placeholder: String? {
    get { gtk_entry_get_placeholder_text(cast()).map { String(cString: $0) } }
    set { lendingOptionalCString(newValue) { gtk_entry_set_placeholder_text(cast(), $0) } }
  }
}

/// A one-line field whose text is hidden (`GtkPasswordEntry`).
@MainActor
public final class PasswordEntry: EditableWidget {
  /// An empty password field.
  public init(text: String = "") {
    super.init(gtk_password_entry_new(), ownership: .transferred)
    self.text = text
  }
}

/// A plain one-line text widget with no frame (`GtkText`).
@MainActor
public final class Text: EditableWidget {
  /// A text widget holding `text`.
  public init(text: String = "") {
    super.init(gtk_text_new(), ownership: .transferred)
    self.text = text
  }
}

@MainActor
extension Reactive where Base: EditableWidget {
  /// The text: a target, a source (`notify::text`: every change, the user's and the bindings',
  /// the current text first) and a side of `<~>`.
  ///
  /// ```swift
  /// entry.reactive.text <~> viewModel.$name
  /// ```
  public var text: BindingEndpoint<Base, String> {
    property("text", get: { $0.text }, set: { $0.text = $1 })
  }

  /// Whether the user can edit the text.
  ///
  /// ```swift
  /// entry.reactive.isEditable <~ viewModel.$isUnlocked
  /// ```
  public var isEditable: BindingEndpoint<Base, Bool> {
    property("editable", get: { $0.isEditable }, set: { $0.isEditable = $1 })
  }

  /// One `Void` each time the user presses Enter in the field.
  ///
  /// ```swift
  /// entry.reactive.activate ~> viewModel.reactive.search
  /// ```
  public var activate: SignalPublisher<Void> {
    SignalPublisher(base, signal: "activate", shape: .plain) { _ in () }
  }
}
#endif
