#if GTK
import Bindings
import CGTK

/// A progress bar (`GtkProgressBar`).
///
/// ```swift
/// let progress = ProgressBar()
/// progress.reactive.fraction <~ upload.$fractionDone
/// progress.reactive.text <~ upload.$fractionDone.map { "\(Int($0 * 100)) %" }
/// ```
@MainActor
public final class ProgressBar: Widget {
  /// An empty progress bar.
  public init(fraction: Double = 0) {
    super.init(gtk_progress_bar_new(), ownership: .transferred)
    self.fraction = fraction
  }

  /// How much is done, from 0 to 1 (`fraction`).
  public var fraction: Double {
    get { gtk_progress_bar_get_fraction(opaque) }
    set { gtk_progress_bar_set_fraction(opaque, newValue) }
  }

  /// The text shown on the bar (`text`); setting one shows it, `nil` hides it.
  public var text: String? {
    get { gtk_progress_bar_get_text(opaque).map { String(cString: $0) } }
    set {
      lendingOptionalCString(newValue) { gtk_progress_bar_set_text(opaque, $0) }
      gtk_progress_bar_set_show_text(opaque, newValue == nil ? 0 : 1)
    }
  }
}

@MainActor
extension Reactive where Base: ProgressBar {
  /// How much is done, from 0 to 1.
  ///
  /// ```swift
  /// bar.reactive.fraction <~ download.$progress
  /// ```
  public var fraction: BindingEndpoint<Base, Double> {
    property("fraction", get: { $0.fraction }, set: { $0.fraction = $1 })
  }

  /// The text on the bar; `nil` hides it.
  ///
  /// ```swift
  /// bar.reactive.text <~ download.$progress.map { "\(Int($0 * 100)) %" }
  /// ```
  public var text: BindingEndpoint<Base, String?> {
    property("text", get: { $0.text }, set: { $0.text = $1 })
  }
}

/// A busy indicator (`GtkSpinner`).
///
/// ```swift
/// let busy = Spinner()
/// busy.reactive.isSpinning <~ search.$isLoading
/// ```
@MainActor
public final class Spinner: Widget {
  /// A spinner, still unless `isSpinning`.
  public init(isSpinning: Bool = false) {
    super.init(gtk_spinner_new(), ownership: .transferred)
    self.isSpinning = isSpinning
  }

  /// Whether the spinner turns (`spinning`).
  public var isSpinning: Bool {
    get { gtk_spinner_get_spinning(opaque) != 0 }
    set { gtk_spinner_set_spinning(opaque, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: Spinner {
  /// Whether the spinner turns.
  ///
  /// ```swift
  /// spinner.reactive.isSpinning <~ viewModel.$isLoading
  /// ```
  public var isSpinning: BindingEndpoint<Base, Bool> {
    property("spinning", get: { $0.isSpinning }, set: { $0.isSpinning = $1 })
  }
}

/// An image from an icon theme or a file (`GtkImage`).
///
/// ```swift
/// let status = Image(iconName: "network-offline-symbolic")
/// status.reactive.iconName <~ connection.$isOnline.map { $0 ? "network-idle-symbolic" : "network-offline-symbolic" }
/// ```
@MainActor
public final class Image: Widget {
  /// An image showing the themed icon `iconName`, or nothing.
  public init(iconName: String? = nil) {
    super.init(gtk_image_new(), ownership: .transferred)
    if let iconName { self.iconName = iconName }
  }

  /// The themed icon shown (`icon-name`), if the image shows one.
  public var iconName: String? {
    get { gtk_image_get_icon_name(opaque).map { String(cString: $0) } }
    set {
      if let newValue {
        lendingCString(newValue) { gtk_image_set_from_icon_name(opaque, $0) }
      } else {
        gtk_image_clear(opaque)
      }
    }
  }

  /// The image file shown (`file`), if the image shows one. A file that cannot be read shows the
  /// "broken image" icon.
  public var file: String? {
    get { String?(property: "file", of: object) }
    set {
      if let newValue {
        lendingCString(newValue) { gtk_image_set_from_file(opaque, $0) }
      } else {
        gtk_image_clear(opaque)
      }
    }
  }
}

@MainActor
extension Reactive where Base: Image {
  /// The themed icon shown.
  ///
  /// ```swift
  /// icon.reactive.iconName <~ viewModel.$isValid.map { $0 ? "emblem-ok-symbolic" : "dialog-error-symbolic" }
  /// ```
  public var iconName: BindingEndpoint<Base, String?> {
    property("icon-name", get: { $0.iconName }, set: { $0.iconName = $1 })
  }

  /// The image file shown.
  ///
  /// ```swift
  /// avatar.reactive.file <~ contact.$photoPath
  /// ```
  public var file: BindingEndpoint<Base, String?> {
    property("file", get: { $0.file }, set: { $0.file = $1 })
  }
}
#endif
