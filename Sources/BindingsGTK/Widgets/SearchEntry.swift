#if GTK
import Bindings
import CGTK

/// A search field (`GtkSearchEntry`): a text field with a search icon and a clear button, which
/// reports the text once the user pauses typing.
///
/// ```swift
/// let search = SearchEntry()
/// search.reactive.searchChanged ~> (model, { model, query in model.filter(by: query) })
/// search.reactive.activate ~> model.reactive.openFirstResult
/// ```
///
/// It is an ``EditableWidget``: `reactive.text` (every keystroke, both ways) and
/// `reactive.activate` (Enter) come from there.
@MainActor
public final class SearchEntry: EditableWidget {
  /// An empty search field, or one holding `text`.
  public init(text: String = "") {
    super.init(gtk_search_entry_new(), ownership: .transferred)
    self.text = text
  }

  /// How long the user must pause typing before `reactive.searchChanged` sends the text, in
  /// milliseconds (`search-delay`; GTK's default is 150; needs GTK 4.8).
  ///
  /// ```swift
  /// search.searchDelay = 300
  /// ```
  public var searchDelay: Int {
    get { Int(gtk_search_entry_get_search_delay(opaque)) }
    set { gtk_search_entry_set_search_delay(opaque, UInt32(max(newValue, 0))) }
  }
}

@MainActor
extension Reactive where Base: SearchEntry {
  /// The text, each time the user has paused typing for ``SearchEntry/searchDelay`` (and at once
  /// when the field is cleared or Enter is pressed): GTK's `search-changed`, a source.
  ///
  /// Text replaced from code (a value bound into `reactive.text`) is, for GTK, the old text deleted
  /// and the new inserted: the field is empty for a moment, and GTK reports that at once as a
  /// search for `""`, then the new text after the delay.
  ///
  /// ```swift
  /// search.reactive.searchChanged ~> model.reactive.query
  /// ```
  public var searchChanged: SignalPublisher<String> {
    SignalPublisher(base, signal: "search-changed", shape: .plain) { unsafeDowncast($0, to: SearchEntry.self).text }
  }

  /// One `Void` each time the user presses Escape in the field (`stop-search`).
  ///
  /// ```swift
  /// search.reactive.stopSearch ~> model.reactive.closeSearch
  /// ```
  public var stopSearch: SignalPublisher<Void> {
    SignalPublisher(base, signal: "stop-search", shape: .plain) { _ in () }
  }
}
#endif
