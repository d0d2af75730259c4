#if GTK
import Bindings
import CGTK

/// A label (`GtkLabel`).
///
/// ```swift
/// let name = Label()
/// name.reactive.text <~ viewModel.$fullName
/// let status = Label()
/// status.reactive.markup <~ viewModel.$count.map { "<b>\($0)</b> items" }
/// ```
@MainActor
public final class Label: Widget {
  /// A label showing `text`.
  public init(_ text: String = "") {
    super.init(gtk_label_new(text), ownership: .transferred)
  }

  /// The label as GTK's `GtkLabel *`.
  public var label: OpaquePointer { opaque }

  /// The text shown (for a label with markup, the markup's text).
  public var text: String {
    get { String(cString: gtk_label_get_text(label)) }
    set { lendingCString(newValue) { gtk_label_set_text(label, $0) } }
  }

  /// Where the text sits in the label's width, from 0 (leading) to 1 (trailing) (`xalign`); 0.5,
  /// centred, is GTK's default. A label that expands keeps its text at this place.
  ///
  /// ```swift
  /// let name = Label("Ada Lovelace").expand(horizontally: true)
  /// name.textAlignment = 0   // the text starts at the leading edge
  /// ```
  public var textAlignment: Double {
    get { Double(gtk_label_get_xalign(label)) }
    set { gtk_label_set_xalign(label, Float(min(max(newValue, 0), 1))) }
  }

  /// Sets Pango markup: `<b>bold</b>`. Text that is not valid markup is shown as it is.
  public func setMarkup(_ markup: String) {
    lendingCString(markup) { gtk_label_set_markup(label, $0) }
  }
}

@MainActor
extension Reactive where Base: Label {
  /// The label's text: a target, a source (its changes, the current text first) and a side of `<~>`.
  ///
  /// ```swift
  /// label.reactive.text <~ viewModel.$name
  /// ```
  public var text: BindingEndpoint<Base, String> {
    property("label", get: { $0.text }, set: { $0.text = $1 })
  }

  /// The label's Pango markup, as a target.
  ///
  /// ```swift
  /// label.reactive.markup <~ viewModel.$unread.map { "<b>\($0)</b> unread" }
  /// ```
  public var markup: BindingTarget<Base, String> {
    gtkTarget("label") { label, markup in
      label.setMarkup(markup)
    }
  }
}
#endif
