#if GTK
import Bindings
import CGTK

@MainActor
extension Window {
  /// Shows the window over `parent`: on top of it, centred on it by the window manager, closed with
  /// it, and, when `modal`, blocking input to `parent` until it closes.
  ///
  /// ```swift
  /// let settings = Window(title: "Settings")
  /// settings.child = SettingsView(model)
  /// settings.present(over: mainWindow)   // mainWindow takes no input until settings closes
  /// print(settings.isModal)              // prints "true"
  /// ```
  ///
  /// - Parameters:
  ///   - parent: The window this one belongs to (``transientFor``).
  ///   - modal: Whether `parent` takes no input while this window is open (``isModal``).
  public func present(over parent: Window, modal: Bool = true) {
    transientFor = parent
    isModal = modal
    gtk_window_set_destroy_with_parent(window, 1)
    present()
  }

  /// Whether the window blocks input to the other windows of the application while it is open
  /// (`modal`).
  ///
  /// ```swift
  /// dialog.isModal = true
  /// ```
  public var isModal: Bool {
    get { gtk_window_get_modal(window) != 0 }
    set { gtk_window_set_modal(window, newValue ? 1 : 0) }
  }

  /// The window this one is shown over (`transient-for`); `nil` for an independent window. GTK
  /// does not keep the parent alive for it.
  ///
  /// ```swift
  /// dialog.transientFor = mainWindow
  /// dialog.transientFor === mainWindow   // true
  /// ```
  public var transientFor: Window? {
    get {
      gtk_window_get_transient_for(window).flatMap { GObjectWrapper.wrapper(for: $0) as? Window }
    }
    set {
      gtk_window_set_transient_for(window, newValue?.window)
      if let newValue { forgetParentWhenItGoes(newValue) }
    }
  }

  /// Unsets `transient-for` when `parent` is disposed while this window lives: GTK 4.8 would
  /// otherwise reach the finalized parent when this window is disposed after it (a dialog
  /// destroyed with its parent, but still held).
  private func forgetParentWhenItGoes(_ parent: Window) {
    let child = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
    child.initialize(to: GWeakRef())
    g_weak_ref_init(child, object)
    g_object_weak_ref(
      parent.object,
      { data, parent in
        let child = data!.assumingMemoryBound(to: GWeakRef.self)
        if let window = g_weak_ref_get(child)?.assumingMemoryBound(to: GtkWindow.self) {
          if UnsafeMutableRawPointer(gtk_window_get_transient_for(window)) == UnsafeMutableRawPointer(parent) {
            gtk_window_set_transient_for(window, nil)
          }
          g_object_unref(window)
        }
        g_weak_ref_clear(child)
        child.deinitialize(count: 1)
        child.deallocate()
      },
      child
    )
  }

  /// Whether the user can resize the window (`resizable`).
  ///
  /// ```swift
  /// aboutWindow.isResizable = false
  /// ```
  public var isResizable: Bool {
    get { gtk_window_get_resizable(window) != 0 }
    set { gtk_window_set_resizable(window, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: Window {
  /// Whether the window is modal: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// panel.reactive.isModal <~ model.$isEditing
  /// ```
  public var isModal: BindingEndpoint<Base, Bool> {
    property("modal", get: { $0.isModal }, set: { $0.isModal = $1 })
  }

  /// Whether the user can resize the window: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// window.reactive.isResizable <~ model.$isExpanded
  /// ```
  public var isResizable: BindingEndpoint<Base, Bool> {
    property("resizable", get: { $0.isResizable }, set: { $0.isResizable = $1 })
  }
}
#endif
