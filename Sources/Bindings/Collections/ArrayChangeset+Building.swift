/// Building an ``ArrayChangeset``: from a new arrangement of old offsets, from a standard-library
/// difference, and from a difference of equatable elements, whose equal removals and insertions are
/// paired as moves. The type itself, and applying it, are in `ArrayChangeset.swift`.
extension ArrayChangeset {
  /// The changeset that turns `old` offsets into a new arrangement.
  ///
  /// `origins[j]` is the offset before the change of the element now at offset `j`, or `nil` for a
  /// new element; `updated` holds old offsets whose contents changed. Elements that keep their
  /// relative order (the longest increasing run of origins) stay; the others are moves. A moved
  /// element whose contents also changed becomes a delete and an insert, because a list cannot
  /// move and reload one row in the same batch.
  @usableFromInline
  init(oldCount: Int, origins: [Int?], updated: Set<Int>) {
    var present = [Bool](repeating: false, count: oldCount)
    var survivors: [(old: Int, new: Int)] = []
    var inserts: [Int] = []
    for (offset, origin) in origins.enumerated() {
      if let origin {
        present[origin] = true
        survivors.append((origin, offset))
      } else {
        inserts.append(offset)
      }
    }
    var deletes = (0..<oldCount).filter { !present[$0] }
    let staying = Self.longestIncreasingRun(of: survivors.map(\.old))
    var moves: [Move] = []
    var updates: [Int] = []
    for (position, survivor) in survivors.enumerated() {
      let changed = updated.contains(survivor.old)
      if staying[position] {
        if changed { updates.append(survivor.old) }
      } else if changed {
        deletes.append(survivor.old)
        inserts.append(survivor.new)
      } else {
        moves.append(Move(from: survivor.old, to: survivor.new))
      }
    }
    self.init(deletes: deletes, inserts: inserts, updates: updates, moves: moves)
  }

  /// The changeset of a standard-library difference: associated removals and insertions are moves.
  init<Element>(_ difference: CollectionDifference<Element>) {
    var deletes: [Int] = []
    var inserts: [Int] = []
    var moves: [Move] = []
    for removal in difference.removals {
      guard case .remove(let offset, _, let associated) = removal else { continue }
      if let associated { moves.append(Move(from: offset, to: associated)) } else { deletes.append(offset) }
    }
    for insertion in difference.insertions {
      guard case .insert(let offset, _, let associated) = insertion else { continue }
      if associated == nil { inserts.append(offset) }
    }
    self.init(deletes: deletes, inserts: inserts, moves: moves)
  }

  /// The changeset of a difference of equatable elements, pairing equal removals and insertions as
  /// moves (quadratic in the number of differences, so skipped when they are very many).
  init<Element: Equatable>(equatableDifference difference: CollectionDifference<Element>) {
    let removals = difference.removals.map { change -> (offset: Int, element: Element) in
      guard case .remove(let offset, let element, _) = change else { preconditionFailure("a removal that is not") }
      return (offset, element)
    }
    let insertions = difference.insertions.map { change -> (offset: Int, element: Element) in
      guard case .insert(let offset, let element, _) = change else { preconditionFailure("an insertion that is not") }
      return (offset, element)
    }
    var deletes: [Int] = []
    var moves: [Move] = []
    var matched = [Bool](repeating: false, count: insertions.count)
    let infersMoves = removals.count * insertions.count <= 1 << 20
    for removal in removals {
      var partner: Int?
      if infersMoves {
        partner = insertions.indices.first { !matched[$0] && insertions[$0].element == removal.element }
      }
      if let partner {
        matched[partner] = true
        moves.append(Move(from: removal.offset, to: insertions[partner].offset))
      } else {
        deletes.append(removal.offset)
      }
    }
    let inserts = insertions.indices.filter { !matched[$0] }.map { insertions[$0].offset }
    self.init(deletes: deletes, inserts: inserts, moves: moves)
  }

  /// The changeset between `old` and `new` matched by identity; kept elements that changed are
  /// updates.
  @inlinable
  init<Element: Equatable, ID: Hashable>(old: [Element], new: [Element], identity: (Element) -> ID) {
    if let change = ArrayChangeset(narrowingOrWidening: old, new, identity: identity)
      ?? ArrayChangeset(matchingUniqueIdentitiesOf: old, new, identity: identity)
    {
      self = change
      return
    }
    let oldIDs = old.map(identity)
    let newIDs = new.map(identity)
    let difference = newIDs.difference(from: oldIDs).inferringMoves()
    var removed = [Bool](repeating: false, count: old.count)
    var inserted = [Bool](repeating: false, count: new.count)
    var deletes: [Int] = []
    var inserts: [Int] = []
    var moves: [Move] = []
    for removal in difference.removals {
      guard case .remove(let offset, _, let associated) = removal else { continue }
      removed[offset] = true
      if let associated {
        if old[offset] == new[associated] {
          moves.append(Move(from: offset, to: associated))
        } else {
          deletes.append(offset)
          inserts.append(associated)
        }
      } else {
        deletes.append(offset)
      }
    }
    for insertion in difference.insertions {
      guard case .insert(let offset, _, let associated) = insertion else { continue }
      inserted[offset] = true
      if associated == nil { inserts.append(offset) }
    }
    var updates: [Int] = []
    var newOffset = 0
    for oldOffset in old.indices where !removed[oldOffset] {
      while inserted[newOffset] { newOffset += 1 }
      if old[oldOffset] != new[newOffset] { updates.append(oldOffset) }
      newOffset += 1
    }
    self.init(deletes: deletes, inserts: inserts, updates: updates, moves: moves)
  }

  /// The changeset between `old` and `new` when one holds the other's identities in the same order
  /// with others between them — a search that narrows (only deletes) or widens (only inserts) —
  /// found by walking both once and comparing identities, with no hashing; `nil` otherwise. When an
  /// identity repeats, the earliest of the equal ones are matched.
  @inlinable
  init?<Element: Equatable, ID: Equatable>(
    narrowingOrWidening old: [Element],
    _ new: [Element],
    identity: (Element) -> ID
  ) {
    guard old.count != new.count else { return nil }
    let isNarrowing = new.count < old.count
    let longer = isNarrowing ? old : new
    let shorter = isNarrowing ? new : old
    var extra: [Int] = []
    extra.reserveCapacity(longer.count - shorter.count)
    var updates: [Int] = []
    var next = 0
    for offset in longer.indices {
      if next < shorter.count, identity(longer[offset]) == identity(shorter[next]) {
        if longer[offset] != shorter[next] { updates.append(isNarrowing ? offset : next) }
        next += 1
      } else {
        extra.append(offset)
        // More left over than the lengths differ by: the shorter one is not held in order.
        guard extra.count <= longer.count - shorter.count else { return nil }
      }
    }
    guard next == shorter.count else { return nil }
    self.init(
      sortedDeletes: isNarrowing ? Offsets(array: extra) : [], sortedInserts: isNarrowing ? [] : Offsets(array: extra),
      sortedUpdates: Offsets(array: updates), sortedMoves: [])
  }

  /// The changeset between `old` and `new` matched by identity when no identity repeats among the
  /// elements both hold, found without a diff: one hash table of the old identities, one lookup per
  /// new element, and the longest run of shared elements that kept their relative order (found in
  /// O(*s* log *s*) for *s* shared elements, O(*s*) when they all kept it — a filter, a search) stays;
  /// the other shared elements are moves. `nil` when an identity repeats (the caller then diffs).
  ///
  /// A fixed number of allocations whatever the sizes: the table and a few arrays of offsets.
  @inlinable
  init?<Element: Equatable, ID: Hashable>(
    matchingUniqueIdentitiesOf old: [Element],
    _ new: [Element],
    identity: (Element) -> ID
  ) {
    var oldOffsets = [ID: Int](minimumCapacity: old.count)
    for offset in old.indices {
      guard oldOffsets.updateValue(offset, forKey: identity(old[offset])) == nil else { return nil }
    }
    // For each new element, its offset in `old`, or -1 when it is new.
    var sources = [Int](repeating: -1, count: new.count)
    var isShared = [Bool](repeating: false, count: old.count)
    var isInOrder = true
    var lastSource = -1
    for offset in new.indices {
      guard let source = oldOffsets[identity(new[offset])] else { continue }
      guard !isShared[source] else { return nil }
      isShared[source] = true
      sources[offset] = source
      if source < lastSource { isInOrder = false }
      lastSource = source
    }
    let stays = isInOrder ? nil : Self.longestIncreasingRun(of: sources)
    var deletes: [Int] = []
    var inserts: [Int] = []
    var updates: [Int] = []
    var moves: [Move] = []
    var movedDeletes: [Int] = []
    for offset in old.indices where !isShared[offset] { deletes.append(offset) }
    for offset in new.indices {
      let source = sources[offset]
      if source < 0 {
        inserts.append(offset)
      } else if stays?[offset] ?? true {
        if old[source] != new[offset] { updates.append(source) }
      } else if old[source] == new[offset] {
        moves.append(Move(from: source, to: offset))
      } else {
        // A list cannot move and reload one row in the same batch.
        movedDeletes.append(source)
        inserts.append(offset)
      }
    }
    if !movedDeletes.isEmpty {
      deletes.append(contentsOf: movedDeletes)
      deletes.sort()
    }
    if !updates.isEmpty && !isInOrder { updates.sort() }
    if !moves.isEmpty { moves.sort { $0.from < $1.from } }
    self.init(
      sortedDeletes: Offsets(array: deletes), sortedInserts: Offsets(array: inserts),
      sortedUpdates: Offsets(array: updates), sortedMoves: moves)
  }

  /// For each entry of `sources` (old offsets in new order, -1 for none), whether it belongs to one
  /// longest strictly increasing subsequence of the non-negative entries: patience sorting, in
  /// O(*s* log *s*).
  @inlinable
  static func longestIncreasingRun(of sources: [Int]) -> [Bool] {
    // tails[k]: the offset (into `sources`) ending the best run of length k + 1 found so far.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: sources.count)
    for offset in sources.indices where sources[offset] >= 0 {
      let value = sources[offset]
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if sources[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[offset] = tails[low - 1] }
      if low == tails.count { tails.append(offset) } else { tails[low] = offset }
    }
    var stays = [Bool](repeating: false, count: sources.count)
    var offset = tails.last ?? -1
    while offset >= 0 {
      stays[offset] = true
      offset = previous[offset]
    }
    return stays
  }
}
