#if GTK
import Bindings
import CGTK
import Foundation

/// A Swift object for one GObject: the owner of that object's bindings.
///
/// The wrapper holds one reference to its GObject (a floating reference is sunk), and lives as long
/// as the GObject is used by anyone else — a widget in a window keeps its wrapper, and so its
/// bindings, alive — or as long as Swift code holds the wrapper, whichever is longer. When neither
/// holds, both go. It is a `MainActorBindingOwner`: every binding into it writes on GTK's thread,
/// hopping there when the value arrives elsewhere.
///
/// ```swift
/// let label = Label("Ada")
/// label.reactive.text <~ viewModel.$name   // lives while the label is on screen or held
/// ```
///
/// A binding ends when the wrapper dies or when the GObject is disposed (a window destroyed, for
/// example), whichever is first; after that nothing is written into the object.
///
/// There is at most one wrapper per GObject: ``wrapper(for:)`` finds it.
@MainActor
open class GObjectWrapper: MainActorBindingOwner {
  /// The bindings this object owns; they end with the wrapper or when the GObject is disposed.
  public let bindings = BindingBag()

  /// The GObject, for calling GTK directly.
  public let object: UnsafeMutablePointer<GObject>

  /// Whether the GObject has been disposed (for a widget: destroyed). A disposed object takes no
  /// more writes, and its signals have been disconnected by GLib.
  public private(set) var isDisposed = false {
    didSet { disposedOnGTKThread = isDisposed }
  }

  /// ``isDisposed``, written and read only on GTK's thread, for readers the compiler cannot see
  /// there: reading `isDisposed` through `assumeIsolatedUnchecked` made a closure on the heap at
  /// every value written into a widget.
  nonisolated(unsafe) private var disposedOnGTKThread = false

  /// ``isDisposed``, read where the caller has checked that it runs on GTK's thread.
  nonisolated var isDisposedUnchecked: Bool { disposedOnGTKThread }

  /// The pointer and the state that must survive to a deinit on any thread.
  private let lifetime: ObjectLifetime
  /// The signal handlers connected through this wrapper that are still connected.
  var connections: [ObjectIdentifier: SignalConnection] = [:]
  /// The objects kept alive until the GObject is disposed (`Widget.keepAlive(_:)`).
  var keptAlive: [ObjectIdentifier: AnyObject] = [:]

  /// Wraps `object`.
  ///
  /// - Parameters:
  ///   - object: A GObject (or GInitiallyUnowned) instance.
  ///   - ownership: Whether the caller hands over a reference (what `…_new` functions return; a
  ///     floating one is sunk) or lends the pointer (the wrapper takes its own reference).
  public init(_ object: UnsafeMutableRawPointer, ownership: Ownership) {
    GTK.assertGTKThread("Wrapping a GObject")
    let object = object.assumingMemoryBound(to: GObject.self)
    self.object = object
    self.lifetime = ObjectLifetime(object)
    let context = lifetime.context(for: self)
    switch ownership {
    case .transferred:
      if g_object_is_floating(object) != 0 { g_object_ref_sink(object) }
    case .borrowed:
      g_object_ref(object)
    }
    precondition(
      g_object_get_qdata(object, wrapperQuark) == nil,
      "BindingsGTK: a \(String(cString: cgtk_object_type_name(object))) already has a wrapper; use wrapper(for:)"
    )
    g_object_set_qdata(object, wrapperQuark, context)
    g_object_weak_ref(object, objectDisposed, context)
    // The reference taken above becomes a toggle reference: GLib tells us when it is the last one.
    g_object_add_toggle_ref(object, toggleNotify, context)
    g_object_unref(object)
    // GLib notifies only when the count crosses 2 ↔ 1; an object already used elsewhere (a window
    // GTK keeps, a child already in a parent) keeps its wrapper from the start.
    if cgtk_object_ref_count(object) > 1 { toggled(isLastReference: false) }
    GTKLiveObjects.made("GObjectWrapper")
    #if DEBUG
    GTKLiveObjects.wrapped(object, typeName: typeName)
    #endif
  }

  /// Who owns the reference to a GObject passed to ``init(_:ownership:)``.
  public enum Ownership: Sendable {
    /// The caller gives its reference (floating or full) to the wrapper: what constructors return.
    case transferred
    /// The caller keeps its reference; the wrapper takes one of its own.
    case borrowed
  }

  /// The wrapper made for `object`, if there is one.
  ///
  /// ```swift
  /// let label = Label("Hi")
  /// GObjectWrapper.wrapper(for: label.object) === label   // true
  /// ```
  nonisolated public static func wrapper(for object: UnsafeMutableRawPointer) -> GObjectWrapper? {
    guard let context = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), wrapperQuark) else {
      return nil
    }
    return Unmanaged<GObjectWrapper>.fromOpaque(context).takeUnretainedValue()
  }

  /// The GType name of the object, `GtkLabel` for a label.
  public var typeName: String { String(cString: cgtk_object_type_name(object)) }

  isolated deinit {
    for connection in connections.values { connection.disconnect() }
    // Released (at the end of the block) before the GObject may be finalized: a kept popover
    // unparents itself from it.
    do {
      let kept = keptAlive
      keptAlive = [:]
      withExtendedLifetime(kept) {}
    }
    #if DEBUG
    GTKLiveObjects.wrapped(object, typeName: nil)
    #endif
    lifetime.release()
    GTKLiveObjects.released("GObjectWrapper")
  }

  /// GLib says whether the wrapper's reference is the last one: if not, the GObject is in use
  /// elsewhere (a parent, a model, GTK itself), and keeps its wrapper alive; if it is, only Swift
  /// code holding the wrapper keeps both alive.
  fileprivate func toggled(isLastReference: Bool) {
    lifetime.setKeepsWrapperAlive(isLastReference ? nil : self)
  }

  /// The GObject is being disposed: end every binding now, and write nothing more.
  fileprivate func disposed() {
    isDisposed = true
    lifetime.markDisposed()
    connections.removeAll()
    bindings.close(reason: "its \(typeName) has been destroyed (disposed)")
    // Released after the bindings have ended, and outside any access to the dictionary: a kept
    // view model's deinit runs here.
    do {
      let kept = keptAlive
      keptAlive = [:]
      withExtendedLifetime(kept) {}
    }
    // Let go of the GObject's hold on the wrapper; a disposed object keeps nothing alive.
    lifetime.setKeepsWrapperAlive(nil)
  }
}

/// The qdata key of a GObject's wrapper.
private let wrapperQuark: GQuark = g_quark_from_string("bindings-gtk-wrapper")

/// Called by GLib, on GTK's thread, when the toggle reference becomes or stops being the last.
private func toggleNotify(
  _ context: gpointer?,
  _ object: UnsafeMutablePointer<GObject>?,
  _ isLastReference: gboolean
) {
  let wrapper = Unmanaged<GObjectWrapper>.fromOpaque(context!).takeUnretainedValue()
  MainActor.assumeIsolated { wrapper.toggled(isLastReference: isLastReference != 0) }
}

/// Called by GLib, on GTK's thread, when the object is disposed while the wrapper lives.
private func objectDisposed(_ context: gpointer?, _ object: UnsafeMutablePointer<GObject>?) {
  let wrapper = Unmanaged<GObjectWrapper>.fromOpaque(context!).takeUnretainedValue()
  MainActor.assumeIsolated { wrapper.disposed() }
}

/// What a wrapper's deinit needs, kept apart so that it is reachable from a nonisolated context.
private final class ObjectLifetime: @unchecked Sendable {
  let object: UnsafeMutablePointer<GObject>
  /// The wrapper, unretained: the data GLib passes to the toggle and weak notifications.
  private var wrapperContext: UnsafeMutableRawPointer?
  private var isDisposed = false
  /// The strong reference the GObject holds on its wrapper while others use the GObject.
  private var keepAlive: Unmanaged<GObjectWrapper>?

  init(_ object: UnsafeMutablePointer<GObject>) {
    self.object = object
  }

  /// The data to register GLib's notifications with: `wrapper`, unretained.
  func context(for wrapper: GObjectWrapper) -> UnsafeMutableRawPointer {
    let context = Unmanaged.passUnretained(wrapper).toOpaque()
    wrapperContext = context
    return context
  }

  func markDisposed() { isDisposed = true }

  func setKeepsWrapperAlive(_ wrapper: GObjectWrapper?) {
    let previous = keepAlive
    keepAlive = wrapper.map { Unmanaged.passRetained($0) }
    // Released last: this may be the wrapper's last reference, and its deinit runs right here.
    previous?.release()
  }

  /// Drops the wrapper's reference: the GObject is finalized unless something else holds it.
  func release() {
    g_object_set_qdata(object, wrapperQuark, nil)
    if !isDisposed {
      g_object_weak_unref(object, objectDisposed, wrapperContext)
    }
    g_object_remove_toggle_ref(object, toggleNotify, wrapperContext)
  }
}
extension MainActor {
  /// Runs `work` as main-actor code without asking the runtime where it runs: for callers that have
  /// checked, more cheaply, that they run on GTK's thread, which runs the main actor's work. The
  /// closure is called as it is (wrapping it in another would make one on the heap per call).
  @inline(__always)
  static func runUnchecked(_ work: @escaping @MainActor () -> Void) {
    // Through structs of the same layout: converting the closure's own type goes through the most
    // general form of a closure and back, which puts two thunks on the heap at every call.
    unsafeBitCast(MainActorWork(work: work), to: UncheckedWork.self).work()
  }
}

/// A main-actor closure, for ``MainActor/runUnchecked(_:)`` to call as ``UncheckedWork``.
private struct MainActorWork {
  let work: @MainActor () -> Void
}

/// The same closure without the attribute.
private struct UncheckedWork {
  let work: () -> Void
}
#endif
