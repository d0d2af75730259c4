#if GTK
import Bindings
import CGTK
import Foundation

/// The C signature of a signal's handler, for the few shapes the wrappers connect.
enum SignalShape {
  /// `void handler(GObject *instance, gpointer data)`: `clicked`, `activate`, `value-changed`, …
  case plain
  /// `void handler(GObject *instance, gpointer argument, gpointer data)`: `notify::…` (the
  /// argument is the `GParamSpec`), a list item factory's `setup` and `bind` (the list item).
  case pointerArgument
  /// `void handler(GObject *instance, guint first, guint second, gpointer data)`: a selection
  /// model's `selection-changed`.
  case twoUIntArguments
  /// `void handler(GObject *instance, guint, guint, guint, gpointer data)`: a list model's
  /// `items-changed` (position, removed, added).
  case threeUIntArguments
  /// `gboolean handler(GObject *instance, gpointer data)`: `close-request`.
  case returningBoolean
  /// Any signature: a `GClosure` whose marshaller hands the handler the signal's `GValue`
  /// parameters and return value (``SignalArguments/values``), for typed signals of any arity.
  case values
}

/// The arguments a signal's handler was called with, after the instance.
struct SignalArguments {
  /// The pointer argument of a ``SignalShape/pointerArgument`` signal.
  var pointer: UnsafeMutableRawPointer?
  /// The two integers of a ``SignalShape/twoUIntArguments`` signal.
  var first: UInt32 = 0
  var second: UInt32 = 0
  /// The third integer of a ``SignalShape/threeUIntArguments`` signal.
  var third: UInt32 = 0
  /// The parameters of a ``SignalShape/values`` signal, the instance first, valid during the call.
  var values: UnsafePointer<GValue>?
  /// How many ``values`` there are (the instance included).
  var count = 0
  /// Where a ``SignalShape/values`` signal that returns a value takes it from; `nil` when it
  /// returns nothing. Initialised to the return type by GLib, valid during the call.
  var returnValue: UnsafeMutablePointer<GValue>?
}

/// One signal handler: a closure that GLib holds (retained, with a destroy notify that releases
/// it), connected to one GObject through its wrapper.
///
/// It is disconnected exactly once, by whichever comes first: ``disconnect()`` (a subscription
/// cancelled), the wrapper's deinit, or GLib destroying the object's handlers when it is disposed.
/// GLib's destroy notify is the one place that learns of all three; it tells the subscriber that
/// the signal has ended and drops GLib's reference to this object.
final class SignalConnection: @unchecked Sendable {
  private let instance: UnsafeMutablePointer<GObject>
  /// The handler, which is main-actor code, stored without the attribute: called at once on GTK's
  /// thread (which runs the main actor's work), and after the runtime's check anywhere else.
  private let handler: (SignalArguments) -> Bool
  private let onDisconnect: @MainActor () -> Void
  private weak var wrapper: GObjectWrapper?
  /// Nonzero while GLib holds the handler. Read and written on GTK's thread only.
  private var handlerID: gulong = 0

  private init(
    instance: UnsafeMutablePointer<GObject>,
    wrapper: GObjectWrapper,
    handler: @escaping @MainActor (SignalArguments) -> Bool,
    onDisconnect: @escaping @MainActor () -> Void
  ) {
    self.instance = instance
    self.wrapper = wrapper
    // Through structs of the same layout: converting the closure's own type makes thunks on the
    // heap, and converted at each emission it made one per emission.
    self.handler = unsafeBitCast(MainActorHandler(handler: handler), to: UncheckedHandler.self).handler
    self.onDisconnect = onDisconnect
    GTKLiveObjects.made("SignalConnection")
  }

  deinit {
    GTKLiveObjects.released("SignalConnection")
  }

  /// Connects `handler` to `signal` of `wrapper`'s object, or returns `nil` when the object has
  /// been disposed (nothing is connected, and `onDisconnect` is not called).
  @MainActor
  static func connect(
    _ signal: String,
    shape: SignalShape,
    of wrapper: GObjectWrapper,
    handler: @escaping @MainActor (SignalArguments) -> Bool,
    onDisconnect: @escaping @MainActor () -> Void = {}
  ) -> SignalConnection? {
    GTK.assertGTKThread("Connecting to \(wrapper.typeName)::\(signal)")
    guard !wrapper.isDisposed else { return nil }
    let connection = SignalConnection(
      instance: wrapper.object,
      wrapper: wrapper,
      handler: handler,
      onDisconnect: onDisconnect
    )
    let data = Unmanaged.passRetained(connection).toOpaque()
    let id: gulong
    if case .values = shape {
      // The closure is floating; connecting sinks it, and GLib finalizes it (calling the notifier,
      // which releases the connection) when the handler is gone.
      let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
      g_closure_set_marshal(closure, valuesMarshaller)
      g_closure_add_finalize_notifier(closure, data, destroyNotify)
      id = g_signal_connect_closure(wrapper.object, signal, closure, 0)
    } else {
      let callback: GCallback =
        switch shape {
        case .plain: unsafeBitCast(plainTrampoline, to: GCallback.self)
        case .pointerArgument: unsafeBitCast(pointerTrampoline, to: GCallback.self)
        case .twoUIntArguments: unsafeBitCast(twoUIntTrampoline, to: GCallback.self)
        case .threeUIntArguments: unsafeBitCast(threeUIntTrampoline, to: GCallback.self)
        case .returningBoolean: unsafeBitCast(booleanTrampoline, to: GCallback.self)
        case .values: preconditionFailure("BindingsGTK: a values signal is connected through a closure")
        }
      id = g_signal_connect_data(wrapper.object, signal, callback, data, destroyNotify, GConnectFlags(0))
    }
    precondition(id != 0, "BindingsGTK: \(wrapper.typeName) has no signal \"\(signal)\"")
    connection.handlerID = id
    wrapper.connections[ObjectIdentifier(connection)] = connection
    return connection
  }

  /// Disconnects the handler if it is still connected; safe to call any number of times, from any
  /// thread (it reaches GTK's thread through ``GTKThreadHop``).
  func disconnect() {
    GTKThreadHop.perform {
      let id = self.handlerID
      guard id != 0 else { return }
      // Zeroed first: GLib calls the destroy notify from inside this call, or, when the handler is
      // running now, only once the emission lets go of it; it must not be disconnected twice.
      self.handlerID = 0
      g_signal_handler_disconnect(self.instance, id)
    }
  }

  /// Whether GLib still holds the handler.
  @MainActor var isConnected: Bool { handlerID != 0 }

  /// Calls the handler, which is main-actor code: on GTK's thread (which runs the main actor's work)
  /// without asking the runtime, which costs about 250 instructions per emission; anywhere else
  /// through `MainActor.assumeIsolated`, which stops the program with its message off the main
  /// thread.
  @inline(__always)
  fileprivate func fire(_ arguments: SignalArguments = SignalArguments()) -> Bool {
    if GTK.isGTKThread { return handler(arguments) }
    nonisolated(unsafe) let arguments = arguments
    return MainActor.assumeIsolated { handler(arguments) }
  }

  @MainActor fileprivate func destroyed() {
    handlerID = 0
    wrapper?.connections[ObjectIdentifier(self)] = nil
    onDisconnect()
  }
}

/// A signal handler as it is given, main-actor code.
private struct MainActorHandler {
  let handler: @MainActor (SignalArguments) -> Bool
}

/// The same handler without the attribute.
private struct UncheckedHandler {
  let handler: (SignalArguments) -> Bool
}

private let plainTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  let connection = Unmanaged<SignalConnection>.fromOpaque(data!).takeUnretainedValue()
  _ = connection.fire()
}

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
  let connection = Unmanaged<SignalConnection>.fromOpaque(data!).takeUnretainedValue()
  _ = connection.fire(SignalArguments(pointer: argument))
}

private let twoUIntTrampoline: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = {
  _, first, second, data in
  let connection = Unmanaged<SignalConnection>.fromOpaque(data!).takeUnretainedValue()
  _ = connection.fire(SignalArguments(first: first, second: second))
}

private let booleanTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
  let connection = Unmanaged<SignalConnection>.fromOpaque(data!).takeUnretainedValue()
  return connection.fire() ? 1 : 0
}

private let threeUIntTrampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
  _, first, second, third, data in
  let connection = Unmanaged<SignalConnection>.fromOpaque(data!).takeUnretainedValue()
  _ = connection.fire(SignalArguments(first: first, second: second, third: third))
}

/// The marshaller of every ``SignalShape/values`` handler: hands the handler the parameters and the
/// return value as GLib passes them.
private let valuesMarshaller: GClosureMarshal = { closure, returnValue, count, values, _, _ in
  let connection = Unmanaged<SignalConnection>.fromOpaque(closure!.pointee.data!).takeUnretainedValue()
  _ = connection.fire(SignalArguments(values: values, count: Int(count), returnValue: returnValue))
}

/// GLib's destroy notify: the handler is gone for good; release GLib's reference to it.
private let destroyNotify: GClosureNotify = { data, _ in
  let connection = Unmanaged<SignalConnection>.fromOpaque(data!)
  MainActor.assumeIsolated { connection.takeUnretainedValue().destroyed() }
  connection.release()
}
#endif
