#if GTK
import Bindings
import CGTK

/// A Swift type that a signal's parameter can be read as, for typed signals
/// (``Bindings/Reactive/signal(_:arguments:)``).
///
/// ```swift
/// let presses = gesture.reactive.signal("pressed", arguments: (Int.self, Double.self, Double.self))
/// presses.sink { count, x, y in print(count, x, y) }   // prints "2 10.0 20.0" for a double click there
/// ```
///
/// `Bool`, `Int` (any integer parameter), `Int32`, `UInt32`, `Double` (a `gdouble` or `gfloat`),
/// `String`, every wrapper class (an object parameter, read as its wrapper), enums that adopt
/// ``SignalEnum``, option sets that adopt ``SignalFlags``, and the optionals of all of these
/// conform. You do not implement the requirements yourself for an enum or an option set: adopting
/// ``SignalEnum`` or ``SignalFlags`` is enough. Values are read on GTK's thread, during the emission.
public protocol SignalArgument {
  /// Whether a parameter of GType `type` can be read as this type.
  static func canRead(_ type: GType) -> Bool
  /// Reads the parameter, or returns `nil` when its value has no counterpart in this type (an enum
  /// value with no case, an object with no wrapper of this class, `NULL`).
  static func read(_ value: UnsafePointer<GValue>) -> Self?
}

/// A Swift type that a signal's return value can be written from, for a handler that answers the
/// signal (``SignalEmission/reply(_:)``): `Bool`, `Int`, `Int32`, `UInt32`, `Double` and `String`.
///
/// ```swift
/// let keys = controller.reactive.signal(
///   "key-pressed", arguments: (UInt32.self, UInt32.self, KeyModifiers.self), returning: Bool.self)
/// keys.sink { emission in emission.reply(true) }   // GTK stops propagating the key
/// ```
public protocol SignalResult {
  /// Whether a return value of GType `type` can be written from this type.
  static func canStore(_ type: GType) -> Bool
  /// Writes this value into `value`, initialised by GLib to the signal's return type.
  func store(in value: UnsafeMutablePointer<GValue>)
}

/// An enum that a signal's enum parameter (a GLib enum, read as its integer value) can be read as.
///
/// ```swift
/// enum ScrollType: Int32, SignalEnum {
///   case none = 0, jump, stepBackward, stepForward
/// }
/// scrolled.reactive.signal("scroll-child", arguments: (ScrollType.self, Bool.self), returning: Bool.self)
/// ```
///
/// A value with no case drops the emission, with a diagnostic; take `ScrollType?` to receive `nil`.
public protocol SignalEnum: SignalArgument, RawRepresentable where RawValue: FixedWidthInteger {}

extension SignalEnum {
  /// Any GLib enum type.
  public static func canRead(_ type: GType) -> Bool { g_type_fundamental(type) == cgtk_type_enum() }
  /// The case whose raw value is the enum's integer value, if there is one.
  public static func read(_ value: UnsafePointer<GValue>) -> Self? {
    guard let raw = RawValue(exactly: g_value_get_enum(value)) else { return nil }
    return Self(rawValue: raw)
  }
}

/// An option set that a signal's flags parameter (a GLib flags type, read as its bits) can be read as.
///
/// ```swift
/// struct Modifiers: OptionSet, SignalFlags {
///   let rawValue: UInt32
///   static let shift = Modifiers(rawValue: 1 << 0)
/// }
/// ```
///
/// Bits with no named option are kept in the raw value.
public protocol SignalFlags: SignalArgument, OptionSet where RawValue: FixedWidthInteger {}

extension SignalFlags {
  /// Any GLib flags type.
  public static func canRead(_ type: GType) -> Bool { g_type_fundamental(type) == cgtk_type_flags() }
  /// The option set of the flags' bits.
  public static func read(_ value: UnsafePointer<GValue>) -> Self? {
    Self(rawValue: RawValue(truncatingIfNeeded: g_value_get_flags(value)))
  }
}

extension Bool: SignalArgument, SignalResult {
  /// A `gboolean`.
  public static func canRead(_ type: GType) -> Bool { type == cgtk_type_boolean() }
  /// Reads a `gboolean`.
  public static func read(_ value: UnsafePointer<GValue>) -> Bool? { g_value_get_boolean(value) != 0 }
  /// A `gboolean`.
  public static func canStore(_ type: GType) -> Bool { type == cgtk_type_boolean() }
}

extension Int: SignalArgument, SignalResult {
  /// Any integer type: `gchar`, `guchar`, `gint`, `guint`, `glong`, `gulong`, `gint64`, `guint64`.
  public static func canRead(_ type: GType) -> Bool { integerTypes.contains(type) }
  /// Reads the integer, whatever its width (a `guint64` beyond `Int.max` is clamped).
  public static func read(_ value: UnsafePointer<GValue>) -> Int? {
    switch value.pointee.g_type {
    case cgtk_type_int(): Int(g_value_get_int(value))
    case cgtk_type_uint(): Int(g_value_get_uint(value))
    case cgtk_type_long(): Int(g_value_get_long(value))
    case cgtk_type_ulong(): Int(clamping: g_value_get_ulong(value))
    case cgtk_type_int64(): Int(g_value_get_int64(value))
    case cgtk_type_uint64(): Int(clamping: g_value_get_uint64(value))
    case cgtk_type_char(): Int(g_value_get_schar(value))
    case cgtk_type_uchar(): Int(g_value_get_uchar(value))
    default: nil
    }
  }
  /// A `gint`.
  public static func canStore(_ type: GType) -> Bool { type == cgtk_type_int() }
  // `store(in:)` comes from `GValueConvertible`: a `gint`, clamped.
}

/// The GTypes an `Int` reads.
private let integerTypes: Set<GType> = [
  cgtk_type_int(), cgtk_type_uint(), cgtk_type_long(), cgtk_type_ulong(), cgtk_type_int64(), cgtk_type_uint64(),
  cgtk_type_char(), cgtk_type_uchar(),
]

extension Int32: SignalArgument, SignalResult {
  /// A `gint`.
  public static func canRead(_ type: GType) -> Bool { type == cgtk_type_int() }
  /// Reads a `gint`.
  public static func read(_ value: UnsafePointer<GValue>) -> Int32? { g_value_get_int(value) }
  /// A `gint`.
  public static func canStore(_ type: GType) -> Bool { type == cgtk_type_int() }
}

extension UInt32: SignalArgument, SignalResult {
  /// A `guint`.
  public static func canRead(_ type: GType) -> Bool { type == cgtk_type_uint() }
  /// Reads a `guint`.
  public static func read(_ value: UnsafePointer<GValue>) -> UInt32? { g_value_get_uint(value) }
  /// A `guint`.
  public static func canStore(_ type: GType) -> Bool { type == cgtk_type_uint() }
}

extension Double: SignalArgument, SignalResult {
  /// A `gdouble` or a `gfloat`.
  public static func canRead(_ type: GType) -> Bool { type == cgtk_type_double() || type == cgtk_type_float() }
  /// Reads a `gdouble` or a `gfloat`.
  public static func read(_ value: UnsafePointer<GValue>) -> Double? {
    value.pointee.g_type == cgtk_type_float() ? Double(g_value_get_float(value)) : g_value_get_double(value)
  }
  /// A `gdouble`.
  public static func canStore(_ type: GType) -> Bool { type == cgtk_type_double() }
}

extension String: SignalArgument, SignalResult {
  /// A string (`gchararray`).
  public static func canRead(_ type: GType) -> Bool { type == cgtk_type_string() }
  /// Reads a copy of the string; `NULL` is `nil` (take `String?` to receive it).
  public static func read(_ value: UnsafePointer<GValue>) -> String? {
    g_value_get_string(value).map { String(cString: $0) }
  }
  /// A string (`gchararray`).
  public static func canStore(_ type: GType) -> Bool { type == cgtk_type_string() }
}

extension Optional: SignalArgument where Wrapped: SignalArgument {
  /// What `Wrapped` reads.
  public static func canRead(_ type: GType) -> Bool { Wrapped.canRead(type) }
  /// `Wrapped`'s value, or `nil` where `Wrapped` has none (`NULL`, an object with no wrapper):
  /// the emission is delivered either way.
  public static func read(_ value: UnsafePointer<GValue>) -> Wrapped?? { .some(Wrapped.read(value)) }
}

extension GObjectWrapper: SignalArgument {
  /// Any object type (its wrapper's class is checked for each emission).
  nonisolated public static func canRead(_ type: GType) -> Bool { cgtk_type_is_a(type, cgtk_type_object()) != 0 }
  /// The object's wrapper, when it has one of this class.
  nonisolated public static func read(_ value: UnsafePointer<GValue>) -> Self? {
    guard let object = g_value_get_object(value) else { return nil }
    return wrapper(for: object) as? Self
  }
}

/// One emission of a signal that returns a value, as a subscriber receives it: the typed arguments,
/// and a way to answer.
///
/// ```swift
/// controller.reactive.signal(
///   "key-pressed", arguments: (UInt32.self, UInt32.self, KeyModifiers.self), returning: Bool.self
/// ).sink { emission in
///   let (keyValue, _, _) = emission.arguments
///   if keyValue == 0xff1b { emission.reply(true) }   // Escape: handled, GTK stops propagating it
/// }
/// ```
///
/// Subscribers receive it during the emission, on GTK's thread; GTK reads the answer when the last
/// one has returned. With no reply, GTK gets the return type's zero (`false`, `0`, `NULL`). A reply
/// made after the emission has ended reaches nothing, and is reported as a diagnostic.
@MainActor
public final class SignalEmission<Arguments, Result: SignalResult> {
  /// The signal's parameters.
  public let arguments: Arguments
  /// The answer given so far, if any.
  public private(set) var result: Result?
  private var hasEnded = false
  private let signal: String

  init(_ arguments: Arguments, signal: String) {
    self.arguments = arguments
    self.signal = signal
  }

  /// Answers the signal: GTK gets `result` as the handler's return value (the last reply wins).
  public func reply(_ result: Result) {
    guard !hasEnded else {
      Diagnostics.report(
        "BindingsGTK: a reply to \(signal) came after the emission ended, so GTK never saw it; reply "
          + "while receiving the emission, on GTK's thread")
      return
    }
    self.result = result
  }

  /// The emission is over: writes the answer into GTK's return value, if there is one.
  func end(storingInto returnValue: UnsafeMutablePointer<GValue>?) {
    hasEnded = true
    if let result, let returnValue { result.store(in: returnValue) }
  }
}

/// What a typed signal's parameters and return value must be: checked when a handler connects, so
/// that a wrong name or type is reported instead of a handler that never fires or reads garbage.
struct SignalSignature {
  /// The Swift types asked for, in order: their names and what each can read.
  var parameters: [(name: String, canRead: @MainActor (GType) -> Bool)]
  /// The Swift type a handler answers with, if it answers.
  var result: (name: String, canStore: @MainActor (GType) -> Bool)?

  /// Why `signal` of `wrapper`'s object cannot be connected with this signature, or `nil` if it can.
  @MainActor
  func problem(connecting signal: String, to wrapper: GObjectWrapper) -> String? {
    var id: guint = 0
    var detail: GQuark = 0
    guard g_signal_parse_name(signal, cgtk_object_type(wrapper.object), &id, &detail, 0) != 0 else {
      return "\(wrapper.typeName) has no signal \"\(signal)\""
    }
    var query = GSignalQuery()
    g_signal_query(id, &query)
    let scopeBit = cgtk_signal_type_static_scope()
    let types = (0..<Int(query.n_params)).map { query.param_types[$0] & ~scopeBit }
    let returnType = query.return_type & ~scopeBit
    let name = "\(wrapper.typeName)::\(signal)"
    let gtkTypes = "(" + types.map(typeName).joined(separator: ", ") + ")"
    let swiftTypes = "(" + parameters.map(\.name).joined(separator: ", ") + ")"
    guard types.count == parameters.count else {
      let hint = parameters.isEmpty ? "; ask for them with signal(_:arguments:)" : ""
      return "\(name) has \(types.count) parameters \(gtkTypes), not \(parameters.count) \(swiftTypes)\(hint)"
    }
    for (index, (type, parameter)) in zip(types, parameters).enumerated() where !parameter.canRead(type) {
      return "\(name)'s parameter \(index + 1) is \(typeName(type)), which \(parameter.name) cannot read: "
        + "its parameters are \(gtkTypes), not \(swiftTypes)"
    }
    if let result {
      guard returnType != cgtk_type_none() else {
        return "\(name) returns nothing, so a handler cannot answer it with \(result.name)"
      }
      guard result.canStore(returnType) else {
        return "\(name) returns \(typeName(returnType)), which \(result.name) cannot be written as"
      }
    }
    return nil
  }
}

@MainActor
extension Reactive where Base: GObjectWrapper {
  /// A publisher of any signal of the object, with its parameters as typed Swift values.
  ///
  /// ```swift
  /// let click = ClickGesture()
  /// click.reactive.signal("pressed", arguments: (Int.self, Double.self, Double.self))
  ///   .sink { count, x, y in print("\(count) at \(x), \(y)") }   // prints "2 at 10.0, 20.0"
  /// ```
  ///
  /// When a subscriber connects, the signal's name and parameter types are checked against what
  /// the object's class declares: a name it does not have, a different number of parameters or a
  /// type that cannot be read as asked is reported as a diagnostic (on standard error) naming the
  /// signal and both sets of types, and the subscriber finishes at once, connected to nothing.
  /// Connections, their ends and their threads are those of ``SignalPublisher``. A signal that
  /// returns a value gets its type's zero; to answer it, use
  /// ``signal(_:arguments:returning:)``.
  ///
  /// - Parameters:
  ///   - name: The signal's name, with a detail if it takes one (`"notify::label"`).
  ///   - arguments: The Swift types of its parameters, in order (`()` for none); see
  ///     ``SignalArgument`` for the types that conform.
  /// - Returns: A publisher of one tuple of arguments per emission (one value for one parameter).
  public func signal<each Argument: SignalArgument>(
    _ name: String,
    arguments: (repeat (each Argument).Type)
  ) -> SignalPublisher<(repeat each Argument)> {
    SignalPublisher(
      base,
      signal: name,
      signature: SignalSignature(parameters: signalParameters(repeat (each Argument).self), result: nil),
      read: { wrapper, emitted in readSignalArguments(repeat (each Argument).self, of: name, on: wrapper, emitted) }
    )
  }

  /// A publisher of any signal that returns a value, whose subscribers may answer it: each emission
  /// arrives as a ``SignalEmission`` with the typed arguments and ``SignalEmission/reply(_:)``.
  ///
  /// ```swift
  /// let keys = KeyController()
  /// keys.reactive.signal(
  ///   "key-pressed", arguments: (UInt32.self, UInt32.self, KeyModifiers.self), returning: Bool.self
  /// ).sink { emission in emission.reply(true) }   // every key press is handled here
  /// ```
  ///
  /// Checked when a subscriber connects, as ``signal(_:arguments:)`` is; a signal that returns
  /// nothing, or a return type `Result` cannot be written as, is reported too.
  ///
  /// - Parameters:
  ///   - name: The signal's name.
  ///   - arguments: The Swift types of its parameters, in order (`()` for none).
  ///   - returning: The Swift type of its return value (see ``SignalResult``).
  /// - Returns: A publisher of one emission per emission, delivered while GTK waits for the answer.
  public func signal<each Argument: SignalArgument, Result: SignalResult>(
    _ name: String,
    arguments: (repeat (each Argument).Type),
    returning: Result.Type
  ) -> SignalPublisher<SignalEmission<(repeat each Argument), Result>> {
    SignalPublisher(
      base,
      signal: name,
      signature: SignalSignature(
        parameters: signalParameters(repeat (each Argument).self),
        result: (String(describing: Result.self), { Result.canStore($0) })
      ),
      read: { wrapper, emitted in
        readSignalArguments(repeat (each Argument).self, of: name, on: wrapper, emitted).map {
          SignalEmission($0, signal: "\(wrapper.typeName)::\(name)")
        }
      },
      respond: { emission, emitted in emission.end(storingInto: emitted.returnValue) }
    )
  }
}

/// The names and readers of a pack of argument types, for a ``SignalSignature``.
@MainActor
func signalParameters<each Argument: SignalArgument>(
  _ types: repeat (each Argument).Type
) -> [(name: String, canRead: @MainActor (GType) -> Bool)] {
  var parameters: [(name: String, canRead: @MainActor (GType) -> Bool)] = []
  for type in repeat each types {
    parameters.append((String(describing: type), { type.canRead($0) }))
  }
  return parameters
}

/// A parameter with no value of the type asked for.
private struct MissingSignalArgument: Error {}

/// Reads one emission's parameters as `types` (the signature was checked at connect), or reports
/// which one has no value of its type and returns `nil`, which drops the emission.
@MainActor
func readSignalArguments<each Argument: SignalArgument>(
  _ types: repeat (each Argument).Type,
  of signal: String,
  on wrapper: GObjectWrapper,
  _ emitted: SignalArguments
) -> (repeat each Argument)? {
  // Parameter 0 is the instance.
  var index = 1
  func read<T: SignalArgument>(_ type: T.Type) throws(MissingSignalArgument) -> T {
    defer { index += 1 }
    guard let values = emitted.values, index < emitted.count, let value = T.read(values + index) else {
      Diagnostics.report(
        "BindingsGTK: \(wrapper.typeName)::\(signal)'s parameter \(index) has no value of type \(T.self) "
          + "(NULL, no wrapper of that class, or no such case), so the emission was not delivered; "
          + "ask for \(T.self)? to receive nil")
      throw MissingSignalArgument()
    }
    return value
  }
  do {
    return try (repeat read((each Argument).self))
  } catch {
    return nil
  }
}
#endif
