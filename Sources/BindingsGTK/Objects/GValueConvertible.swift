#if GTK
import CGTK

/// A Swift type that a GObject property of one GType holds, for the type-checked escape hatch
/// ``Bindings/Reactive/property(named:as:)``.
///
/// ```swift
/// let label = Label("Hi")
/// let selectable = try label.reactive.property(named: "selectable", as: Bool.self)
/// selectable <~ Just(true)
/// ```
///
/// `Bool`, `Int32`, `UInt32`, `Int` (a `gint` property), `Int64`, `Float`, `Double`, `String` and
/// `String?` conform.
public protocol GValueConvertible {
  /// The GType of the properties that hold this type.
  static var gType: GType { get }
  /// Reads a value of ``gType`` out of `value`.
  init(gValue value: UnsafePointer<GValue>)
  /// Writes this value into `value`, initialised to ``gType``.
  func store(in value: UnsafeMutablePointer<GValue>)
}

extension Bool: GValueConvertible {
  /// `G_TYPE_BOOLEAN`.
  public static var gType: GType { cgtk_type_boolean() }
  /// Reads a `gboolean`.
  public init(gValue value: UnsafePointer<GValue>) { self = g_value_get_boolean(value) != 0 }
  /// Writes a `gboolean`.
  public func store(in value: UnsafeMutablePointer<GValue>) { g_value_set_boolean(value, self ? 1 : 0) }
}

extension Int32: GValueConvertible {
  /// `G_TYPE_INT`.
  public static var gType: GType { cgtk_type_int() }
  /// Reads a `gint`.
  public init(gValue value: UnsafePointer<GValue>) { self = g_value_get_int(value) }
  /// Writes a `gint`.
  public func store(in value: UnsafeMutablePointer<GValue>) { g_value_set_int(value, self) }
}

extension Int: GValueConvertible {
  /// `G_TYPE_INT`: an `Int` stands for a `gint` property; values beyond its range are clamped.
  public static var gType: GType { cgtk_type_int() }
  /// Reads a `gint`.
  public init(gValue value: UnsafePointer<GValue>) { self = Int(g_value_get_int(value)) }
  /// Writes a `gint`, clamped to its range.
  public func store(in value: UnsafeMutablePointer<GValue>) {
    g_value_set_int(value, Int32(clamping: self))
  }
}

extension UInt32: GValueConvertible {
  /// `G_TYPE_UINT`.
  public static var gType: GType { cgtk_type_uint() }
  /// Reads a `guint`.
  public init(gValue value: UnsafePointer<GValue>) { self = g_value_get_uint(value) }
  /// Writes a `guint`.
  public func store(in value: UnsafeMutablePointer<GValue>) { g_value_set_uint(value, self) }
}

extension Int64: GValueConvertible {
  /// `G_TYPE_INT64`.
  public static var gType: GType { cgtk_type_int64() }
  /// Reads a `gint64`.
  public init(gValue value: UnsafePointer<GValue>) { self = Int64(g_value_get_int64(value)) }
  /// Writes a `gint64`.
  public func store(in value: UnsafeMutablePointer<GValue>) { g_value_set_int64(value, gint64(self)) }
}

extension Float: GValueConvertible {
  /// `G_TYPE_FLOAT`.
  public static var gType: GType { cgtk_type_float() }
  /// Reads a `gfloat`.
  public init(gValue value: UnsafePointer<GValue>) { self = g_value_get_float(value) }
  /// Writes a `gfloat`.
  public func store(in value: UnsafeMutablePointer<GValue>) { g_value_set_float(value, self) }
}

extension Double: GValueConvertible {
  /// `G_TYPE_DOUBLE`.
  public static var gType: GType { cgtk_type_double() }
  /// Reads a `gdouble`.
  public init(gValue value: UnsafePointer<GValue>) { self = g_value_get_double(value) }
  /// Writes a `gdouble`.
  public func store(in value: UnsafeMutablePointer<GValue>) { g_value_set_double(value, self) }
}

extension String: GValueConvertible {
  /// `G_TYPE_STRING`; a `NULL` string reads as "".
  public static var gType: GType { cgtk_type_string() }
  /// Reads a string; `NULL` reads as "".
  public init(gValue value: UnsafePointer<GValue>) {
    self = g_value_get_string(value).map { String(cString: $0) } ?? ""
  }
  /// Writes a copy of the string.
  public func store(in value: UnsafeMutablePointer<GValue>) { withCString { g_value_set_string(value, $0) } }
}

extension Optional: GValueConvertible where Wrapped == String {
  /// `G_TYPE_STRING`, where `nil` is `NULL`.
  public static var gType: GType { cgtk_type_string() }
  /// Reads a string or `NULL`.
  public init(gValue value: UnsafePointer<GValue>) {
    self = g_value_get_string(value).map { String(cString: $0) }
  }
  /// Writes a copy of the string, or `NULL`.
  public func store(in value: UnsafeMutablePointer<GValue>) {
    lendingOptionalCString(self) { g_value_set_string(value, $0) }
  }
}

extension GValueConvertible {
  /// Reads property `name` of `object`, a property of ``gType``, through a `GValue` made and unset here.
  init(property name: String, of object: UnsafeMutablePointer<GObject>) {
    var value = GValue()
    g_value_init(&value, Self.gType)
    defer { g_value_unset(&value) }
    lendingCString(name) { g_object_get_property(object, $0, &value) }
    self.init(gValue: &value)
  }
}

/// The name of a GType, for messages.
func typeName(_ type: GType) -> String {
  g_type_name(type).map { String(cString: $0) } ?? "GType \(type)"
}
#endif
