#if GTK
import CGTK

/// Which way a widget lays out its parts: a ``Box``'s children, a ``Paned``'s two panes, a
/// ``Separator``'s line, a ``Scale``'s slider.
///
/// ```swift
/// let toolbar = Box(.horizontal, spacing: 6, [undoButton, redoButton])
/// let split = Paned(.vertical, start: list, end: details)
/// ```
public enum Orientation: Sendable, Hashable {
  /// Side by side, left to right (right to left in right-to-left languages).
  case horizontal
  /// One above the other.
  case vertical

  /// GTK's value.
  var gtkValue: GtkOrientation {
    switch self {
    case .horizontal: GTK_ORIENTATION_HORIZONTAL
    case .vertical: GTK_ORIENTATION_VERTICAL
    }
  }

  /// The orientation GTK's `value` stands for.
  init(_ value: GtkOrientation) {
    self = value == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal
  }
}
#endif
