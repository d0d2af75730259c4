#if GTK
/// Lends `text`'s bytes, NUL-terminated, to `body`, for a GTK function that takes a `const char *`:
/// `lendingCString(title) { gtk_window_set_title(window, $0) }`.
///
/// Why not `text.withCString` or the string itself:
/// - Passed as the argument, a string is first copied into a new array.
/// - A closure written in main-actor code and handed to `String.withCString` is main-actor code
///   that the standard library may call from anywhere, so the compiler checks, at each call, that
///   it runs on the main actor: about 190 instructions per value written into a widget. Handed to
///   this function, which is compiled with strict concurrency, it needs no check.
@inline(__always)
func lendingCString<Result>(_ text: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
  text.withCString(body)
}

/// ``lendingCString(_:_:)`` for an optional string: `nil` is lent as `NULL`.
@inline(__always)
func lendingOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
  guard let text else { return body(nil) }
  return text.withCString { body($0) }
}
#endif
