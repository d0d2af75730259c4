#if GTK
import Bindings
import CGTK
import Foundation

/// The identity of a GObject property as a binding target: one writer per property per object,
/// whichever member (typed or by name) made the target.
///
/// It also names the target (`GtkLabel.label`) in diagnostics and `liveBindings`: it keeps the
/// object's `GType`, whose name GLib keeps for the life of the process, and prints the two only
/// when asked, so that making a binding builds no string.
struct GObjectPropertyIdentity: BindingIdentityValue {
  /// The property's name, or the style class's.
  let name: String
  /// The object's type, with ``isStyleClass`` in bit 0, which no `GType` uses (GLib reserves it):
  /// three words, which a type-erased identity holds inline, where four took a heap box per binding.
  private let typeAndKind: GType

  init(name: String, isStyleClass: Bool = false, type: GType) {
    self.name = name
    self.typeAndKind = type | (isStyleClass ? 1 : 0)
  }

  /// Whether `name` is a style class (the target of `cssClass(_:)`), not a property: a class
  /// named like a property is another target.
  var isStyleClass: Bool { typeAndKind & 1 != 0 }

  /// The object's type; not part of the identity, which is compared within one object's bag.
  var type: GType { typeAndKind & ~1 }

  static func == (left: Self, right: Self) -> Bool {
    left.name == right.name && left.isStyleClass == right.isStyleClass
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(isStyleClass)
  }

  /// The object's type name and the property's name: `GtkLabel.label`, `GtkLabel.css-class:error`.
  var description: String {
    "\(String(cString: g_type_name(type))).\(isStyleClass ? "css-class:" : "")\(name)"
  }
}

/// Why a GObject property cannot be bound as asked.
public enum GTKPropertyError: Error, CustomStringConvertible, Equatable {
  /// The object's class has no property of that name.
  case unknownProperty(type: String, name: String)
  /// The property holds another type than the one asked for.
  case typeMismatch(type: String, name: String, propertyType: String, requestedType: String)
  /// The property cannot be read, or cannot be written after construction.
  case notReadableAndWritable(type: String, name: String)

  /// What is wrong, naming the class, the property and the types.
  public var description: String {
    switch self {
    case .unknownProperty(let type, let name):
      "\(type) has no property \"\(name)\""
    case .typeMismatch(let type, let name, let propertyType, let requestedType):
      "\(type).\(name) holds \(propertyType), not \(requestedType)"
    case .notReadableAndWritable(let type, let name):
      "\(type).\(name) cannot be both read and written after construction, so it cannot be bound"
    }
  }
}

@MainActor
extension Reactive where Base: GObjectWrapper {
  /// An endpoint for a GObject property that your own closures read and write: a target (`<~`),
  /// a source of the property's changes (`notify::name`, the current value first) and a side of
  /// `<~>`. This is how the wrappers' own members are made, and how to add one for a widget or a
  /// property they do not cover.
  ///
  /// ```swift
  /// extension Reactive where Base: Label {
  ///   var isSelectable: BindingEndpoint<Base, Bool> {
  ///     property("selectable", get: { gtk_label_get_selectable($0.label) != 0 },
  ///              set: { gtk_label_set_selectable($0.label, $1 ? 1 : 0) })
  ///   }
  /// }
  /// label.reactive.isSelectable <~ viewModel.$canCopy
  /// ```
  ///
  /// Writes run on GTK's thread (hopping there when the value comes from elsewhere), and never
  /// into an object that has been disposed.
  ///
  /// - Parameters:
  ///   - name: The GObject property's name, as in `notify::name`; also the target's identity, so
  ///     binding a second source to the same property replaces the first.
  ///   - get: Reads the property.
  ///   - set: Writes the property.
  /// - Returns: The property's endpoint, owned by `base`.
  public func property<Value>(
    _ name: String,
    get: @escaping @MainActor (Base) -> Value,
    set: @escaping @MainActor (Base, Value) -> Void
  ) -> BindingEndpoint<Base, Value> {
    propertyEndpoint(on: base, name, get: get, set: set)
  }

  /// The same property endpoint, for a property of another object that `base` owns (a scale's
  /// adjustment): changes are observed on `source`, writes go through `base`.
  func property<Source: GObjectWrapper, Value>(
    _ name: String,
    of source: Source,
    get: @escaping @MainActor (Source) -> Value,
    set: @escaping @MainActor (Base, Value) -> Void
  ) -> BindingEndpoint<Base, Value> {
    propertyEndpoint(on: source, name, get: get, set: set)
  }

  private func propertyEndpoint<Source: GObjectWrapper, Value>(
    on source: Source,
    _ name: String,
    get: @escaping @MainActor (Source) -> Value,
    set: @escaping @MainActor (Base, Value) -> Void
  ) -> BindingEndpoint<Base, Value> {
    #if DEBUG
    // A name the class does not have would connect `notify::<typo>`, which never fires: a silent
    // endpoint that never reports a change. Say so where the endpoint is made.
    if g_object_class_find_property(cgtk_object_get_class(source.object), name) == nil {
      preconditionFailure(
        "\(source.typeName) has no property \"\(name)\": reactive property(\"\(name)\", …) would never report a change")
    }
    #endif
    let target = gtkTarget(name, set)
    let changes = SignalPublisher<Value>(
      source, signal: "notify::\(name)", shape: .pointerArgument, replaysCurrentValue: true
    ) {
      get(unsafeDowncast($0, to: Source.self))
    }
    return BindingEndpoint(target: target, changes: changes).asControl()
  }

  /// A target that writes into `base` with `write` on GTK's thread, never into a disposed object;
  /// its identity is `identity` (a property's name, or a style class's with `isStyleClass`), so one
  /// source at a time writes it.
  ///
  /// Values reach GTK's thread through ``GTKThreadHop``: one that arrives on GTK's thread is written
  /// at once, unless earlier work is still on its way there; any other value hops to the main queue,
  /// which GTK's loop runs. So values are written in the order they were sent, whatever thread sent
  /// them (as the core's main-thread delivery does, with a cheaper check: GTK's thread is known).
  func gtkTarget<Value>(
    _ identity: String,
    _ write: @escaping @MainActor (Base, Value) -> Void
  ) -> BindingTarget<Base, Value> {
    // Called only on GTK's thread (checked in `writeOnGTKThread`, or after the hop), which runs the
    // main actor's work. Converted once, here: converted in the closure, a generic `write` was
    // re-wrapped, a heap allocation, on every value.
    let write = nonisolatedCall(write)
    return BindingTarget<Base, Value>(base, describedBy: targetIdentity(identity, isStyleClass: false)) {
      widget, value in writeOnGTKThread(write, widget, value)
    }
  }

  /// The identity of the target that writes `name` (a property's, or a style class's with
  /// `isStyleClass`) on `base`.
  func targetIdentity(_ name: String, isStyleClass: Bool) -> GObjectPropertyIdentity {
    GObjectPropertyIdentity(name: name, isStyleClass: isStyleClass, type: cgtk_object_type(base.object))
  }

  /// A publisher of a signal with no arguments (`clicked`, `activate`, …): one `Void` per
  /// emission.
  ///
  /// ```swift
  /// button.reactive.signal("clicked") ~> viewModel.reactive.submit
  /// ```
  ///
  /// Checked when a subscriber connects, as ``signal(_:arguments:)`` is: a name the object's class
  /// does not have, or a signal with parameters, connects nothing and finishes the subscriber, with
  /// a diagnostic that names the signal (and its parameters, to ask for with
  /// ``signal(_:arguments:)``). A signal that returns a value gets GTK's default answer (`false`
  /// for a `gboolean`); to answer it, use ``signal(_:arguments:returning:)``.
  public func signal(_ name: String) -> SignalPublisher<Void> {
    signal(name, arguments: ())
  }

  /// An endpoint for any GObject property by name, type-checked when it is made: a target, a
  /// source of its changes (the current value first) and a side of `<~>`.
  ///
  /// ```swift
  /// let label = Label("Hi")
  /// try label.reactive.property(named: "selectable", as: Bool.self) <~ viewModel.$canCopy
  /// try label.reactive.property(named: "selectable", as: String.self)
  /// // throws: GtkLabel.selectable holds gboolean, not gchararray
  /// ```
  ///
  /// - Throws: ``GTKPropertyError`` when the class has no such property, when it holds another
  ///   type than `Value`'s ``GValueConvertible/gType``, or when it cannot be read and written.
  public func property<Value: GValueConvertible>(
    named name: String,
    as type: Value.Type = Value.self
  ) throws(GTKPropertyError) -> BindingEndpoint<Base, Value> {
    GTK.assertGTKThread("Looking up \(base.typeName).\(name)")
    guard let spec = g_object_class_find_property(cgtk_object_get_class(base.object), name) else {
      throw .unknownProperty(type: base.typeName, name: name)
    }
    let propertyType = cgtk_param_spec_value_type(spec)
    guard propertyType == Value.gType else {
      throw .typeMismatch(
        type: base.typeName,
        name: name,
        propertyType: typeName(propertyType),
        requestedType: typeName(Value.gType)
      )
    }
    let flags = spec.pointee.flags.rawValue
    guard flags & G_PARAM_READABLE.rawValue != 0, flags & G_PARAM_WRITABLE.rawValue != 0,
      flags & G_PARAM_CONSTRUCT_ONLY.rawValue == 0
    else {
      throw .notReadableAndWritable(type: base.typeName, name: name)
    }
    // The canonical name, so that "tooltip_text" and "tooltip-text" are one identity.
    let canonical = String(cString: g_param_spec_get_name(spec))
    return property(
      canonical,
      get: { object in Value(property: canonical, of: object.object) },
      set: { object, newValue in
        var value = GValue()
        g_value_init(&value, Value.gType)
        defer { g_value_unset(&value) }
        newValue.store(in: &value)
        lendingCString(canonical) { g_object_set_property(object.object, $0, &value) }
      }
    )
  }
}

/// Writes `value` into `widget` with `write` on GTK's thread, never into a disposed object: at once
/// when the caller is on GTK's thread and nothing queued earlier is still on its way there (checked
/// first, so that such a write makes no closure), otherwise after the hop (``GTKThreadHop``).
@inline(__always)
func writeOnGTKThread<Base: GObjectWrapper, Value>(
  _ write: @escaping (Base, Value) -> Void, _ widget: Base, _ value: Value
) {
  if GTKThreadHop.mayRunNow {
    if !widget.isDisposedUnchecked { write(widget, value) }
    return
  }
  enqueueWrite(write, widget, value)
}

/// Hands a write made off GTK's thread (or behind queued work) to GTK's thread, where it runs
/// unless the widget has been disposed by then. Kept out of the target's closure, whose fast path
/// then makes no closure.
@inline(never)
private func enqueueWrite<Base: GObjectWrapper, Value>(
  _ write: @escaping (Base, Value) -> Void,
  _ widget: Base,
  _ value: Value
) {
  nonisolated(unsafe) let write = write
  nonisolated(unsafe) let value = value
  GTKThreadHop.enqueue {
    if !widget.isDisposed { write(widget, value) }
  }
}
#endif
