/// A main-actor writer, as given.
///
/// ``nonisolatedCall(_:)`` converts one into the same closure without the `@MainActor` attribute,
/// for a caller that runs it only where the main actor's work runs (the main thread). Both structs
/// hold the closure in the same form, so converting one into the other copies two words: converting
/// the closure itself with `unsafeBitCast` made the runtime allocate two reabstraction thunks
/// (about 128 bytes, held for as long as the target).
private struct MainActorWriter<Owner: AnyObject, Value> {
  let write: @MainActor (Owner, Value) -> Void
}

/// The same writer without the attribute.
private struct UncheckedWriter<Owner: AnyObject, Value> {
  let write: (Owner, Value) -> Void
}

/// `write`, callable without the main-actor check: only for a caller that calls it on the main
/// thread, where the main actor's work runs. Converted once per target, never per value.
///
/// ```swift
/// let writeOnMainThread = nonisolatedCall(write)
/// if ProcessMainThread.isCurrent { writeOnMainThread(owner, value) }
/// ```
package func nonisolatedCall<Owner: AnyObject, Value>(
  _ write: @escaping @MainActor (Owner, Value) -> Void
) -> (Owner, Value) -> Void {
  unsafeBitCast(MainActorWriter(write: write), to: UncheckedWriter<Owner, Value>.self).write
}
