#if GTK
import Bindings
import CGTK

/// An event controller (`GtkEventController`): the base of the gesture and controller wrappers,
/// added to a widget with ``Widget/addController(_:)``.
///
/// ```swift
/// let clicks = ClickGesture()
/// canvas.addController(clicks)
/// clicks.reactive.pressed ~> (model, { model, click in model.add(at: click.location) })
/// ```
///
/// The widget keeps the controller, and the controller's wrapper and bindings, alive: no Swift
/// variable is needed. They go when the widget goes (its window closed), or when the controller is
/// removed and nothing else holds it.
@MainActor
open class EventController: GObjectWrapper {
  /// The controller as GTK's `GtkEventController *`, for calling GTK directly.
  public var controller: OpaquePointer { OpaquePointer(object) }

  /// Wraps a `GtkEventController` (the subclasses' constructors hand over the reference GTK's
  /// `…_new` functions return).
  public override init(_ object: UnsafeMutableRawPointer, ownership: Ownership) {
    super.init(object, ownership: ownership)
  }

  /// The widget the controller is added to, if it is added to a wrapped widget.
  ///
  /// ```swift
  /// canvas.addController(clicks)
  /// clicks.widget === canvas   // true
  /// ```
  public var widget: Widget? {
    gtk_event_controller_get_widget(controller).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget }
  }

  /// When the controller sees events relative to the widget's children: while they travel down to
  /// the target (``PropagationPhase/capture``), at the target, or on the way back up
  /// (``PropagationPhase/bubble``, GTK's default).
  ///
  /// ```swift
  /// keys.propagationPhase = .capture   // see keys before the focused entry does
  /// ```
  public var propagationPhase: PropagationPhase {
    get { PropagationPhase(rawValue: gtk_event_controller_get_propagation_phase(controller).rawValue) ?? .bubble }
    set { gtk_event_controller_set_propagation_phase(controller, GtkPropagationPhase(rawValue: newValue.rawValue)) }
  }

  /// The phases in which a controller can see an event (`GtkPropagationPhase`).
  public enum PropagationPhase: UInt32, Sendable {
    /// Sees no events.
    case none = 0
    /// Sees events on their way from the window down to the target.
    case capture = 1
    /// Sees events on their way back up from the target (GTK's default).
    case bubble = 2
    /// Sees only events whose target is the widget itself.
    case target = 3
  }
}

@MainActor
extension Widget {
  /// Adds `controller` to the widget: it sees the widget's events from now on, and the widget keeps
  /// it (and its bindings) alive.
  ///
  /// ```swift
  /// let motion = MotionController()
  /// canvas.addController(motion)
  /// motion.reactive.moved ~> (model, { model, point in model.hover(at: point) })
  /// ```
  ///
  /// A controller belongs to one widget: adding one that is already added somewhere (here or
  /// elsewhere) is reported as a diagnostic and does nothing.
  public func addController(_ controller: EventController) {
    GTK.assertGTKThread("Adding a \(controller.typeName) to a \(typeName)")
    if let current = gtk_event_controller_get_widget(controller.controller) {
      let owner = String(cString: cgtk_object_type_name(current))
      Diagnostics.report(
        "BindingsGTK: the \(controller.typeName) is already added to a \(owner); a controller belongs to "
          + "one widget, so it was not added to this \(typeName). Make one controller per widget")
      return
    }
    // GTK takes over the reference it is given: give it one of its own.
    g_object_ref(controller.object)
    gtk_widget_add_controller(widget, controller.controller)
  }

  /// Removes `controller` from the widget; nothing happens if it is not added here.
  ///
  /// ```swift
  /// canvas.removeController(motion)   // no more `moved` values
  /// ```
  public func removeController(_ controller: EventController) {
    guard let current = gtk_event_controller_get_widget(controller.controller), current == widget else { return }
    gtk_widget_remove_controller(widget, controller.controller)
  }
}

extension SignalSignature {
  /// The signature of a signal with these parameter types, answered with `result` if given.
  @MainActor
  init<each Argument: SignalArgument>(_ types: repeat (each Argument).Type, answeredWith result: Bool.Type? = nil) {
    self.init(
      parameters: signalParameters(repeat (each Argument).self),
      result: result.map { _ in ("Bool", { @MainActor in Bool.canStore($0) }) }
    )
  }
}
#endif
