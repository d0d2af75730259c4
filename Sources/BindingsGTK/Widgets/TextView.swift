#if GTK
import Bindings
import CGTK

/// The text of a ``TextView`` (`GtkTextBuffer`).
///
/// ```swift
/// let notes = TextView()
/// notes.buffer.text = "First line\nSecond line"
/// ```
@MainActor
public final class TextBuffer: GObjectWrapper {
  /// The text a ``text`` write is putting in, while it does: GTK replaces text by deleting the old
  /// and inserting the new, with a change for each, and only the second is the new text.
  private var textBeingWritten: String?

  /// An empty buffer, not yet shown by any view.
  public init() {
    super.init(gtk_text_buffer_new(nil), ownership: .transferred)
  }

  /// Wraps the buffer of a text view.
  init(borrowing buffer: UnsafeMutablePointer<GtkTextBuffer>) {
    super.init(buffer, ownership: .borrowed)
  }

  /// The buffer as GTK's `GtkTextBuffer *`.
  public var buffer: UnsafeMutablePointer<GtkTextBuffer> {
    UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkTextBuffer.self)
  }

  /// All the text.
  public var text: String {
    get {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
      defer { g_free(text) }
      return String(cString: text)
    }
    set {
      textBeingWritten = newValue
      defer { textBeingWritten = nil }
      lendingCString(newValue) { gtk_text_buffer_set_text(buffer, $0, -1) }
    }
  }

  /// The text after a change, or `nil` for the first half of a ``text`` write (the old text
  /// deleted, the new not yet in).
  var textAfterChange: String? {
    let text = self.text
    if let textBeingWritten, text != textBeingWritten { return nil }
    return text
  }
}

/// A multi-line text editor (`GtkTextView`).
///
/// ```swift
/// let notes = TextView(wrapMode: .word)
/// notes.reactive.text <~> contact.$notes
/// ```
@MainActor
public final class TextView: Widget {
  /// How lines longer than the view are broken.
  public enum WrapMode: Sendable, Hashable {
    /// Not broken: the view scrolls sideways (the default).
    case none
    /// Between any two characters.
    case character
    /// Between words.
    case word
    /// Between words, or between characters in a word longer than the line.
    case wordOrCharacter

    var gtkValue: GtkWrapMode {
      switch self {
      case .none: GTK_WRAP_NONE
      case .character: GTK_WRAP_CHAR
      case .word: GTK_WRAP_WORD
      case .wordOrCharacter: GTK_WRAP_WORD_CHAR
      }
    }

    init(_ value: GtkWrapMode) {
      switch value {
      case GTK_WRAP_CHAR: self = .character
      case GTK_WRAP_WORD: self = .word
      case GTK_WRAP_WORD_CHAR: self = .wordOrCharacter
      default: self = .none
      }
    }
  }

  /// The text shown and edited.
  public let buffer: TextBuffer

  /// A text view holding `text`, its lines broken as `wrapMode` says.
  public init(text: String = "", wrapMode: WrapMode = .none) {
    let view = gtk_text_view_new()!
    buffer = TextBuffer(
      borrowing: gtk_text_view_get_buffer(UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self))
    )
    super.init(view, ownership: .transferred)
    buffer.text = text
    self.wrapMode = wrapMode
  }

  /// The view as GTK's `GtkTextView *`.
  public var textView: UnsafeMutablePointer<GtkTextView> { cast() }

  /// All the text (the buffer's).
  public var text: String {
    get { buffer.text }
    set { buffer.text = newValue }
  }

  /// Whether the user can edit the text (`editable`).
  public var isEditable: Bool {
    get { gtk_text_view_get_editable(textView) != 0 }
    set { gtk_text_view_set_editable(textView, newValue ? 1 : 0) }
  }

  /// How long lines are broken (`wrap-mode`).
  ///
  /// ```swift
  /// notes.wrapMode = .word
  /// ```
  public var wrapMode: WrapMode {
    get { WrapMode(gtk_text_view_get_wrap_mode(textView)) }
    set { gtk_text_view_set_wrap_mode(textView, newValue.gtkValue) }
  }

  /// Whether the text is shown in a monospace font (`monospace`).
  public var isMonospace: Bool {
    get { gtk_text_view_get_monospace(textView) != 0 }
    set { gtk_text_view_set_monospace(textView, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: TextView {
  /// All the text: a target, a source (every change, the user's and the bindings', the current
  /// text first) and a side of `<~>`. A write through this endpoint or ``TextView/text`` sends the
  /// new text once (GTK's own `gtk_text_buffer_set_text` is two changes: the old text deleted, then
  /// the new inserted).
  ///
  /// ```swift
  /// notes.reactive.text <~> contact.$notes
  /// ```
  public var text: BindingEndpoint<Base, String> {
    let changes = SignalPublisher<String?>(
      base.buffer, signal: "changed", shape: .plain, replaysCurrentValue: true
    ) { unsafeDowncast($0, to: TextBuffer.self).textAfterChange }
    return BindingEndpoint(
      target: gtkTarget("text") { view, text in view.text = text },
      changes: changes.compactMap { $0 }
    ).asControl()
  }

  /// Whether the user can edit the text.
  ///
  /// ```swift
  /// notes.reactive.isEditable <~ contact.$isUnlocked
  /// ```
  public var isEditable: BindingEndpoint<Base, Bool> {
    property("editable", get: { $0.isEditable }, set: { $0.isEditable = $1 })
  }

  /// How long lines are broken.
  ///
  /// ```swift
  /// editor.reactive.wrapMode <~ settings.$wrapsLines.map { $0 ? .word : .none }
  /// ```
  public var wrapMode: BindingEndpoint<Base, TextView.WrapMode> {
    property("wrap-mode", get: { $0.wrapMode }, set: { $0.wrapMode = $1 })
  }
}
#endif
