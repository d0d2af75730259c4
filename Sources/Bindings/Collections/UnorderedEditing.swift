/// A second copy of a set's or dictionary's contents, equal to the contents at ``version``, that an
/// edit changes in place outside every lock.
///
/// Why (DESIGN.md, "Sets and dictionaries: O(1) edits with user code outside the lock"): an edit of a
/// set or dictionary runs the members' or keys' `hash(into:)` and `==`, which are user code and so may
/// not run under the core's lock; the contents under the lock must stay readable meanwhile; and
/// changing a copy of them costs a copy of the whole storage, O(*n*). The spare is a copy that nobody
/// reads: the editor that takes it edits it in place, swaps it with the contents under the lock, and
/// then makes the same edit on the contents it got back (which by then nobody else holds either),
/// and those become the next spare. Two copies, two hash lookups, no O(*n*) step.
@usableFromInline
struct SpareContents<Contents> {
  /// Equal to the core's contents at ``version``.
  @usableFromInline var contents: Contents
  @usableFromInline var version: Int

  @inlinable
  init(contents: Contents, version: Int) {
    self.contents = contents
    self.version = version
  }
}

/// Where the spare waits between edits: taken by one editor at a time, and never waited for.
@usableFromInline
typealias SpareSlot<Contents> = Locked<SpareContents<Contents>?>

extension CollectionCore {
  /// Edits the contents with `body`, which may call user code (`hash(into:)`, `==`): it never runs
  /// under a lock, and no thread ever waits for it.
  ///
  /// - The fast path, O(1) for an O(1) edit: take the spare from `spare` (one editor at a time holds
  ///   it; a concurrent editor finds the slot empty and does not wait), run `body` on it in place,
  ///   and swap it in under the lock if no edit came since the spare's version. After delivering the
  ///   event (so that subscribers have let go of the contents it replaced), `redo` makes the same
  ///   change on those contents, which become the spare for the next edit.
  /// - The slow path, when the spare is held by another editor, stale or not made yet: run `body` on
  ///   a snapshot (its first change copies the storage, O(*n*)), and commit it if no edit came in
  ///   between, otherwise run again on the new contents; then `redo` on the contents it replaced
  ///   makes a new spare.
  ///
  /// `redo(&contents)` must turn the contents before the edit into the contents after it, exactly
  /// (the same members, the same values), calling nothing but library code and the elements'
  /// `hash(into:)` and `==`; it is what a single-member or single-key edit does. A batch, whose
  /// `body` is user code that must not run twice, passes `isBatch: true` and no redo: its edit drops
  /// the spare, and the next edit makes a new one on the slow path (a batch is O(*n*) anyway). A
  /// `nil` change commits nothing; a single edit that reports none has left the contents alone, so
  /// the spare is kept.
  @inlinable
  func editOutsideLock<Result>(
    spare: borrowing SpareSlot<Contents>,
    isBatch: Bool = false,
    _ body: (inout Contents) throws -> (change: Change?, result: Result),
    redo: (inout Contents) -> Void = { _ in }
  ) rethrows -> Result {
    if var taken = spare.withLock({ $0.take() }) {
      var (change, result) = try body(&taken.contents)
      if change != nil {
        var round: Round?
        let swapped = state.withLock { state -> Bool in
          guard state.version == taken.version else { return false }
          Swift.swap(&state.contents, &taken.contents)
          round = state.commitForDelivery(&change)
          return true
        }
        if swapped {
          deliver(&round, change: &change)
          guard !isBatch else { return result }
          redo(&taken.contents)
          taken.version += 1
          offer(taken, to: spare)
          return result
        }
      } else if state.withLock({ $0.version }) == taken.version {
        // Nothing to change, decided on the current contents.
        if !isBatch { offer(taken, to: spare) }
        return result
      }
      // Another editor committed first (on the slow path): the spare is stale, and so is what `body`
      // decided on it (an insert it found already done may not be). The spare is released here,
      // outside the lock, and the edit runs again on the slow path.
    }
    while true {
      // No other local holds the snapshot, so that the contents it replaces are unique again once
      // the event is delivered.
      var working: Contents
      let version: Int
      (working, version) = self.snapshot
      let (change, result) = try body(&working)
      guard let change else {
        if self.snapshot.version == version { return result }
        continue
      }
      var replaced: Contents? = working
      guard exchange(ifVersion: version, with: &replaced, change: change) else { continue }
      if !isBatch, var old = replaced.take() {
        redo(&old)
        offer(SpareContents(contents: old, version: version + 1), to: spare)
      }
      return result
    }
  }

  /// Leaves `candidate` as the spare unless the slot holds one at least as recent; whichever loses is
  /// released after unlocking.
  @inlinable
  func offer(_ candidate: SpareContents<Contents>, to spare: borrowing SpareSlot<Contents>) {
    var candidate = Optional(candidate)
    let loser = spare.withLock { slot -> SpareContents<Contents>? in
      if let held = slot?.version, let offered = candidate?.version, held >= offered { return candidate.take() }
      let old = slot.take()
      slot = candidate.take()
      return old
    }
    withExtendedLifetime(loser) {}
  }
}
