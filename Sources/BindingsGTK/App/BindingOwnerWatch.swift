#if GTK
import Bindings
import CGTK
import Foundation

#if DEBUG && canImport(Runtime)
import Runtime
#endif

/// In debug builds, watches one binding from a widget's signal into an owner that is not a widget
/// (a view model), and reports the owner's deallocation while the widget is still in an open window.
///
/// That is the silent trap of a first GTK app: the bindings into a view model hold it weakly (as they
/// must), so a model made in the function that builds the window, and held by nothing else, is freed
/// when the function returns; the window still shows its initial values, and every click does
/// nothing. The report names the owner's type and where the binding was made, and points at
/// `Widget.keepAlive(_:)`.
///
/// The owner is watched weakly; when the binding's subscription is cancelled and the owner is gone,
/// its deallocation is what ended the binding (a token cancelled by hand, or a bag emptied, leaves
/// the owner alive). Widgets inside a list, grid or column view are not reported: their rows are
/// bound to items that come and go while the row is on screen. Release builds watch nothing.
final class BindingOwnerWatch: @unchecked Sendable {
  private weak var owner: AnyObject?
  private let ownerType: String
  private weak var wrapper: GObjectWrapper?
  private let signal: String
  private let callSite: CallSite

  private init(owner: AnyObject, wrapper: GObjectWrapper, signal: String, callSite: CallSite) {
    self.owner = owner
    self.ownerType = Self.readableName(of: type(of: owner))
    self.wrapper = wrapper
    self.signal = signal
    self.callSite = callSite
  }

  /// The type's name as its source spells it, inside its enclosing types but without its module:
  /// `ContactsViewModel`, `SettingsWindow.Model`. A private or local type's name, which the runtime
  /// writes with an "(unknown context at $…)" part, reads the same.
  static func readableName(of type: Any.Type) -> String {
    let parts = String(reflecting: type).split(separator: ".").dropFirst()
      .filter { !$0.hasPrefix("(unknown context at ") }
    return parts.isEmpty ? "\(type)" : parts.joined(separator: ".")
  }

  /// A watch for `subscriber` of `signal` of `wrapper`'s object, when the subscriber is a binding
  /// into an owner that is not itself a GObject wrapper; `nil` otherwise, and always in release builds.
  static func watch<S: Subscriber>(
    _ subscriber: S,
    of wrapper: GObjectWrapper?,
    signal: String
  ) -> BindingOwnerWatch? {
    #if DEBUG
    guard let wrapper, let owner = (subscriber as? any OwnedBindingSubscriber)?.bindingOwner,
      !(owner is GObjectWrapper)
    else { return nil }
    return BindingOwnerWatch(owner: owner, wrapper: wrapper, signal: signal, callSite: CallSite.capture())
    #else
    return nil
    #endif
  }

  /// The binding's subscription was cancelled: if its owner is gone, check the widget on GTK's
  /// thread, on a later turn of its loop.
  ///
  /// Later, because an owner often goes while GTK is tearing a window down: a view that kept its
  /// model is freed as its window is destroyed, before GTK destroys the dialogs that window had
  /// (`destroy-with-parent`). Checked at once, a dialog bound into the model would still look open.
  func subscriptionCancelled() {
    guard owner == nil else { return }
    GTKThreadHop.enqueue { self.reportIfWidgetIsOnScreen() }
  }

  @MainActor
  private func reportIfWidgetIsOnScreen() {
    guard let widget = wrapper as? Widget, !widget.isDisposed, widget.isInOpenWindow, !widget.isInsideListView else {
      return
    }
    Diagnostics.report(
      "BindingsGTK: a \(ownerType) was deallocated while \(widget.typeName)::\(signal), bound into it at "
        + "\(callSite), is still in an open window: the binding has ended, and the widget no longer reaches "
        + "the \(ownerType). A binding holds its owner weakly; keep the \(ownerType) alive as long as the window "
        + "with window.keepAlive(_:)"
    )
  }
}

@MainActor
extension Widget {
  /// Whether the widget's root is a window that is shown.
  var isInOpenWindow: Bool {
    guard let root = gtk_widget_get_root(widget) else { return false }
    let rootObject = UnsafeMutableRawPointer(root)
    guard g_type_check_instance_is_a(rootObject.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0
    else { return false }
    return gtk_widget_get_visible(rootObject.assumingMemoryBound(to: GtkWidget.self)) != 0
  }

  /// Whether the widget is inside a list, grid or column view (a row's widget).
  var isInsideListView: Bool {
    [gtk_list_view_get_type(), gtk_grid_view_get_type(), gtk_column_view_get_type()].contains {
      gtk_widget_get_ancestor(widget, $0) != nil
    }
  }
}

/// Where a binding was made: the first frame of the caller's stack outside the library's sources,
/// found from a backtrace taken when the binding is made (operators cannot take `#fileID` and
/// `#line`). Debug builds only; symbolicated only when a diagnostic is written.
struct CallSite: CustomStringConvertible, Sendable {
  #if DEBUG && canImport(Runtime)
  private let backtrace: Backtrace?

  /// The loaded images, read once: a backtrace then costs a few microseconds instead of a fraction
  /// of a millisecond.
  private static let images = ImageMap.capture()

  static func capture() -> CallSite {
    CallSite(backtrace: try? Backtrace.capture(algorithm: .fast, limit: 48, offset: 1, top: 0, images: images))
  }

  /// `Module/File.swift:line` of the first frame not in the library, or a note that it is unknown.
  var description: String {
    guard let frames = backtrace?.symbolicated(with: Self.images)?.frames else { return Self.unknown }
    for frame in frames {
      guard let location = frame.symbol?.sourceLocation, !location.path.isEmpty, location.line > 0 else { continue }
      let path = location.path
      if ["/Sources/Bindings/", "/Sources/BindingsGTK/", "/Sources/BindingsTesting/"].contains(where: path.contains) {
        continue
      }
      let components = path.split(separator: "/")
      return "\(components.suffix(2).joined(separator: "/")):\(location.line)"
    }
    return Self.unknown
  }
  #else
  static func capture() -> CallSite { CallSite() }

  var description: String { Self.unknown }
  #endif

  private static let unknown = "an unknown place (no debug information)"
}
#endif
