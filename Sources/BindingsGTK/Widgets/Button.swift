#if GTK
import Bindings
import CGTK

/// A push button (`GtkButton`).
///
/// ```swift
/// let save = Button("Save")
/// save.reactive.clicked ~> viewModel.reactive.save
/// save.reactive.isSensitive <~ viewModel.$canSave
/// ```
@MainActor
public final class Button: Widget {
  /// A button with `label`.
  public init(_ label: String = "") {
    super.init(gtk_button_new_with_label(label), ownership: .transferred)
  }

  /// The button as GTK's `GtkButton *`.
  public var button: UnsafeMutablePointer<GtkButton> { cast() }

  /// The button's text.
  public var label: String {
    get { gtk_button_get_label(button).map { String(cString: $0) } ?? "" }
    set { lendingCString(newValue) { gtk_button_set_label(button, $0) } }
  }

  /// Emits `clicked`, as a click does.
  public func click() { cgtk_signal_emit_void(object, "clicked") }
}

@MainActor
extension Reactive where Base: Button {
  /// The button's text: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// button.reactive.label <~ viewModel.$isPlaying.map { $0 ? "Pause" : "Play" }
  /// ```
  public var label: BindingEndpoint<Base, String> {
    property("label", get: { $0.label }, set: { $0.label = $1 })
  }

  /// One `Void` per click.
  ///
  /// ```swift
  /// button.reactive.clicked ~> viewModel.reactive.submit
  /// ```
  public var clicked: SignalPublisher<Void> {
    SignalPublisher(base, signal: "clicked", shape: .plain) { _ in () }
  }
}
#endif
