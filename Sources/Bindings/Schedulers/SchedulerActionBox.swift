/// Carries a scheduler action across a thread hop.
///
/// Scheduler actions are not `@Sendable`, like Combine's, so that operators can schedule closures
/// that capture their subscribers. Dispatch, run loops and operation queues want `@Sendable`
/// blocks. Boxing is sound because the scheduler hands the action to exactly one execution context
/// and runs it there, once (or once per tick, never concurrently, for a repeating action); the
/// thread that scheduled it no longer touches it. Any state the action shares with other threads
/// is the caller's to protect, exactly as with Combine.
@usableFromInline
final class SchedulerActionBox: @unchecked Sendable {
  @usableFromInline
  let action: () -> Void

  @usableFromInline
  init(_ action: @escaping () -> Void) {
    self.action = action
  }

  @inlinable
  func run() {
    action()
  }
}
