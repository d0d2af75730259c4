/// The decisions of a two-way binding, as a plain value; ``TwoWayBindingLink`` performs them.
///
/// A write is decided when a change arrives (``receive(_:from:)``), and performed later, possibly on
/// another thread (the written side's delivery): the performer calls ``beginWrite()`` just before
/// writing and ``finishWrite()`` just after. Between the decision and the write, a change of the
/// side about to be written is newer than the value on its way, so that write is skipped and the
/// change wins.
@usableFromInline
struct TwoWayBindingStateMachine<Value> {
  @usableFromInline typealias Side = TwoWayBindingSide

  @usableFromInline
  enum Action {
    case none
    case write(Value, into: Side)
    /// The sides keep changing each other: end the binding and say so.
    case cancelForLoop
  }

  /// The side being subscribed while the other is not yet: what it sends then is its own current
  /// value, which must not overwrite the side the binding starts from.
  @usableFromInline private(set) var connecting: Side?
  /// The side a decided write goes into, until the write has finished.
  @usableFromInline private(set) var writing: Side?
  /// Whether the side being written into has not yet reported the write back; set only while the
  /// write is being performed, since only then can a report be its echo.
  @usableFromInline var expectsEcho = false
  /// The thread performing the write, while it is performed (see ``beginWrite(thread:)``).
  @usableFromInline var writerThread: UInt = 0
  /// The latest change that arrived during a write; applied once the write ends. `isAnswer`: it
  /// arrived while the write was being performed, on the writing thread, so the write caused it.
  @usableFromInline var pending: (value: Value, side: Side, isAnswer: Bool)?
  /// Writes made one after another, each caused by an answer to the write before; a bound on it
  /// detects two sides that something outside the binding keeps changing in answer to each other.
  /// Changes from other threads are not answers: they end the run.
  @usableFromInline var consecutiveWrites = 0
  @usableFromInline private(set) var isCancelled = false
  /// Whether to keep the two values met at connection, for ``seedReport``.
  @usableFromInline var recordsSeed = false
  /// At connection: the current value of the side the binding starts by writing (the one being
  /// connected), then the value written into it (the first value of the other side).
  @usableFromInline var seedReport: (overwritten: Value?, seed: Value?) = (nil, nil)
  /// Set between ``finishConnecting()`` and ``finishSeeding()``, when `recordsSeed`: the next
  /// change is the seed.
  @usableFromInline var awaitsSeed = false

  /// The most writes one change may cause before the binding is deemed to be in a loop.
  @usableFromInline static var loopLimit: Int { 1000 }

  /// - Parameter connecting: The side subscribed first, whose current value is ignored.
  init(connecting: Side = .left) {
    self.connecting = connecting
  }

  /// Decides what a change of `side` to `value` leads to. `thread` is the calling thread
  /// (``currentThreadIdentity()``), read only when a write is under way: a change made on the
  /// writing thread during the write is an answer to it.
  @inlinable
  mutating func receive(
    _ value: Value,
    from side: Side,
    thread: @autoclosure () -> UInt = currentThreadIdentity()
  ) -> Action {
    if isCancelled { return .none }
    if side == connecting {
      if recordsSeed { seedReport.overwritten = value }
      return .none
    }
    if awaitsSeed {
      awaitsSeed = false
      seedReport.seed = value
    }
    if let writing {
      let isAnswer = writerThread != 0 && thread() == writerThread
      if writing == side && expectsEcho && isAnswer {
        // The side reporting, on the writing thread, the value we are writing into it.
        expectsEcho = false
        return .none
      }
      // A real change during the write, or while the write waits for its delivery: keep only the
      // latest, so the last change wins.
      pending = (value, side, isAnswer)
      return .none
    }
    return startWrite(value, into: side.other)
  }

  mutating func finishConnecting() {
    connecting = nil
    awaitsSeed = recordsSeed
  }

  /// Ends the connection; returns the values met then (see ``seedReport``), if they were recorded.
  mutating func finishSeeding() -> (overwritten: Value?, seed: Value?) {
    awaitsSeed = false
    recordsSeed = false
    defer { seedReport = (nil, nil) }
    return seedReport
  }

  /// Called just before the decided write is performed; `false` when it must be skipped: the
  /// binding ended, or the side to be written changed since the write was decided (that change is
  /// pending and wins). `thread` is the thread about to perform the write
  /// (``currentThreadIdentity()``): a change reported on it before ``finishWrite()`` is caused by
  /// the write.
  @inlinable
  mutating func beginWrite(thread: UInt = currentThreadIdentity()) -> Bool {
    guard !isCancelled, let writing else { return false }
    if let pending, pending.side == writing { return false }
    expectsEcho = true
    writerThread = thread
    return true
  }

  @inlinable
  mutating func finishWrite() -> Action {
    writing = nil
    expectsEcho = false
    writerThread = 0
    guard !isCancelled, let change = pending else {
      consecutiveWrites = 0
      return .none
    }
    pending = nil
    // Only answers to the binding's own writes count towards a loop; a change from another thread
    // is traffic, however long it lasts.
    consecutiveWrites = change.isAnswer ? consecutiveWrites + 1 : 0
    // Each write caused another change of the side just written, a thousand times over: something
    // outside the binding answers every write, so the binding would never come to rest.
    if consecutiveWrites >= Self.loopLimit {
      consecutiveWrites = 0
      return .cancelForLoop
    }
    return startWrite(change.value, into: change.side.other)
  }

  /// Returns `true` the first time only.
  @usableFromInline
  mutating func cancel() -> Bool {
    guard !isCancelled else { return false }
    isCancelled = true
    pending = nil
    return true
  }

  @inlinable
  mutating func startWrite(_ value: Value, into side: Side) -> Action {
    writing = side
    expectsEcho = false
    return .write(value, into: side)
  }
}
