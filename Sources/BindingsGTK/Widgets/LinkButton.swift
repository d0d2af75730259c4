#if GTK
import Bindings
import CGTK

/// A button that opens a web address when clicked (`GtkLinkButton`).
///
/// ```swift
/// let help = LinkButton(uri: "https://www.gtk.org", label: "GTK's website")
/// ```
@MainActor
public final class LinkButton: Widget {
  /// A link to `uri`, showing `label` (the address itself when `nil`).
  public init(uri: String, label: String? = nil) {
    super.init(gtk_link_button_new_with_label(uri, label), ownership: .transferred)
  }

  /// The address opened (`uri`).
  ///
  /// ```swift
  /// link.uri = "https://swift.org"
  /// ```
  public var uri: String {
    get { gtk_link_button_get_uri(opaque).map { String(cString: $0) } ?? "" }
    set { lendingCString(newValue) { gtk_link_button_set_uri(opaque, $0) } }
  }

  /// The text shown (`label`).
  public var label: String {
    get { gtk_button_get_label(cast()).map { String(cString: $0) } ?? "" }
    set { lendingCString(newValue) { gtk_button_set_label(cast(), $0) } }
  }

  /// Whether the link has been opened (`visited`): GTK shows visited links differently.
  public var isVisited: Bool {
    get { gtk_link_button_get_visited(opaque) != 0 }
    set { gtk_link_button_set_visited(opaque, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: LinkButton {
  /// The address opened: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// homepage.reactive.uri <~ contact.$website
  /// ```
  public var uri: BindingEndpoint<Base, String> {
    property("uri", get: { $0.uri }, set: { $0.uri = $1 })
  }

  /// The text shown: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// homepage.reactive.label <~ contact.$websiteTitle
  /// ```
  public var label: BindingEndpoint<Base, String> {
    property("label", get: { $0.label }, set: { $0.label = $1 })
  }
}
#endif
