/// How an array changed in one event: the offsets a list view's batch update needs.
///
/// ```swift
/// let numbers = MutableObservableArray([1, 2, 3])
/// let token = numbers.dropFirst().sink { print($0.change) }
/// numbers.replace(with: [0, 1, 3, 4], performDiff: true)
/// // prints "deletes [1], inserts [0, 3]"
/// ```
///
/// The offsets follow the rules of `UITableView.performBatchUpdates`:
///
/// - ``deletes`` are offsets in the array *before* the change;
/// - ``inserts`` are offsets in the array *after* the change;
/// - ``moves`` take an element from an offset before the change to an offset after it;
/// - ``updates`` are offsets before the change of elements that stay in place with new contents.
///
/// Every list is sorted ascending (moves by their source offset), and no offset appears twice
/// among deletes, updates and move sources, nor among inserts and move destinations. A batch of
/// edits is one changeset with several kinds of change; a ``reset`` says that the whole contents were
/// replaced (the list reloads).
public struct ArrayChangeset: Hashable, Sendable, CustomStringConvertible {
  /// An element taken from offset `from` before the change and placed at offset `to` after it.
  ///
  /// ```swift
  /// let move = ArrayChangeset.Move(from: 0, to: 2)
  /// print(move)   // prints "0→2"
  /// ```
  public struct Move: Hashable, Sendable, CustomStringConvertible {
    /// The offset of the element before the change.
    public var from: Int
    /// The offset of the element after the change.
    public var to: Int

    /// A move from offset `from` before the change to offset `to` after it.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// The move as `from→to`, such as `0→2`.
    public var description: String { "\(from)→\(to)" }
  }

  /// Offsets, before the change, of the elements that were removed. Sorted ascending.
  public private(set) var deletes: [Int]
  /// Offsets, after the change, of the elements that were added. Sorted ascending.
  public private(set) var inserts: [Int]
  /// Offsets, before the change, of the elements that stayed in place with new contents. Sorted ascending.
  public private(set) var updates: [Int]
  /// Elements that moved, sorted by their offset before the change.
  public private(set) var moves: [Move]
  /// Whether the whole contents were replaced without a description of the change.
  public private(set) var isReset: Bool

  /// A changeset made of the given offsets, sorted for you.
  ///
  /// ```swift
  /// let change = ArrayChangeset(deletes: [3, 1], inserts: [0])
  /// print(change.deletes)   // prints "[1, 3]"
  /// ```
  public init(deletes: [Int] = [], inserts: [Int] = [], updates: [Int] = [], moves: [Move] = []) {
    self.deletes = deletes.sorted()
    self.inserts = inserts.sorted()
    self.updates = updates.sorted()
    self.moves = moves.sorted { $0.from < $1.from }
    self.isReset = false
  }

  /// The contents were replaced as a whole: a list reloads instead of animating.
  ///
  /// ```swift
  /// print(ArrayChangeset.reset.isReset)   // prints "true"
  /// ```
  public static let reset: ArrayChangeset = {
    var change = ArrayChangeset()
    change.isReset = true
    return change
  }()

  /// Whether nothing changed.
  public var isEmpty: Bool {
    !isReset && deletes.isEmpty && inserts.isEmpty && updates.isEmpty && moves.isEmpty
  }

  /// The change in words, such as `deletes [1], inserts [0, 3]`, or `reset`.
  public var description: String {
    if isReset { return "reset" }
    var parts: [String] = []
    if !deletes.isEmpty { parts.append("deletes \(deletes)") }
    if !inserts.isEmpty { parts.append("inserts \(inserts)") }
    if !updates.isEmpty { parts.append("updates \(updates)") }
    if !moves.isEmpty { parts.append("moves \(moves)") }
    return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
  }

  // MARK: Applying

  /// The error thrown when a changeset does not fit the arrays it is applied to.
  ///
  /// ```swift
  /// var numbers = [1, 2]
  /// do { try ArrayChangeset(deletes: [5]).apply(to: &numbers, newContents: [1]) } catch { print(error) }
  /// // prints what did not fit; `numbers` is unchanged
  /// ```
  public struct MismatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What did not fit.
    public let description: String

    @usableFromInline
    init(description: String) {
      self.description = description
    }
  }

  /// Applies this change to `array`, the contents before the change, taking inserted and updated
  /// elements from `newContents`, the contents after it.
  ///
  /// Moved and untouched elements come from `array`, so the result equals `newContents` only when
  /// the changeset describes the change exactly:
  ///
  /// ```swift
  /// var copy = [1, 2, 3]
  /// let change = ArrayChangeset(deletes: [1], inserts: [0, 3])
  /// try change.apply(to: &copy, newContents: [0, 1, 3, 4])
  /// print(copy)   // prints "[0, 1, 3, 4]"
  /// ```
  ///
  /// - Throws: ``MismatchError`` when an offset is out of range, repeated, or the counts disagree;
  ///   `array` is then left unchanged.
  /// - Complexity: O(*k*) element moves for *k* changes when there are no moves and few changes,
  ///   O(*n*) otherwise.
  @inlinable
  public func apply<Element>(to array: inout [Element], newContents: [Element]) throws(MismatchError) {
    try apply(to: &array, newCount: newContents.count) { newContents[$0] }
  }

  /// Applies this change to `array`, asking `newElement` for the element at each inserted or
  /// updated offset after the change.
  ///
  /// ```swift
  /// var labels = ["a", "b"]
  /// try ArrayChangeset(inserts: [2]).apply(to: &labels, newCount: 3) { "new \($0)" }
  /// print(labels)   // prints "["a", "b", "new 2"]"
  /// ```
  ///
  /// - Throws: ``MismatchError`` when the changeset does not fit; `array` is then left unchanged.
  @inlinable
  public func apply<Element>(
    to array: inout [Element],
    newCount: Int,
    newElement: (Int) -> Element
  ) throws(MismatchError) {
    if isReset {
      array = (0..<newCount).map(newElement)
      return
    }
    try validate(oldCount: array.count, newCount: newCount)
    if moves.isEmpty && deletes.count + inserts.count + updates.count <= 16 {
      applyInPlace(to: &array, newElement: newElement)
    } else {
      array = rebuilt(from: array, newCount: newCount, newElement: newElement)
    }
  }

  @usableFromInline
  func validate(oldCount: Int, newCount: Int) throws(MismatchError) {
    var seenOld = Set<Int>()
    for offset in deletes + updates + moves.map(\.from) {
      guard offset >= 0, offset < oldCount else {
        throw MismatchError(description: "offset \(offset) is outside the old contents (count \(oldCount))")
      }
      guard seenOld.insert(offset).inserted else {
        throw MismatchError(description: "old offset \(offset) is deleted, updated or moved twice")
      }
    }
    var seenNew = Set<Int>()
    for offset in inserts + moves.map(\.to) {
      guard offset >= 0, offset < newCount else {
        throw MismatchError(description: "offset \(offset) is outside the new contents (count \(newCount))")
      }
      guard seenNew.insert(offset).inserted else {
        throw MismatchError(description: "new offset \(offset) is inserted or moved to twice")
      }
    }
    guard oldCount - deletes.count == newCount - inserts.count else {
      throw MismatchError(
        description:
          "\(oldCount) elements minus \(deletes.count) deletes is not \(newCount) elements minus \(inserts.count) inserts"
      )
    }
  }

  /// Deletes from the back, updates in the intermediate array, then inserts from the front.
  @inlinable
  func applyInPlace<Element>(to array: inout [Element], newElement: (Int) -> Element) {
    for offset in deletes.reversed() { array.remove(at: offset) }
    var deleteIndex = 0
    for offset in updates {
      while deleteIndex < deletes.count && deletes[deleteIndex] < offset { deleteIndex += 1 }
      let intermediate = offset - deleteIndex
      var final = intermediate
      for insert in inserts {
        if insert <= final { final += 1 } else { break }
      }
      array[intermediate] = newElement(final)
    }
    for offset in inserts { array.insert(newElement(offset), at: offset) }
  }

  @inlinable
  func rebuilt<Element>(from old: [Element], newCount: Int, newElement: (Int) -> Element) -> [Element] {
    var removed = [Bool](repeating: false, count: old.count)
    for offset in deletes { removed[offset] = true }
    for move in moves { removed[move.from] = true }
    var updated = [Bool](repeating: false, count: old.count)
    for offset in updates { updated[offset] = true }
    var placed = [Int](repeating: -1, count: newCount)
    for offset in inserts { placed[offset] = -2 }
    for move in moves { placed[move.to] = move.from }
    var result: [Element] = []
    result.reserveCapacity(newCount)
    var next = 0
    for offset in 0..<newCount {
      switch placed[offset] {
      case -2:
        result.append(newElement(offset))
      case -1:
        while removed[next] { next += 1 }
        result.append(updated[next] ? newElement(offset) : old[next])
        next += 1
      case let from:
        result.append(old[from])
      }
    }
    return result
  }

  // MARK: Building

  /// The changeset that turns `old` offsets into a new arrangement.
  ///
  /// `origins[j]` is the offset before the change of the element now at offset `j`, or `nil` for a
  /// new element; `updated` holds old offsets whose contents changed. Elements that keep their
  /// relative order (the longest increasing run of origins) stay; the others are moves. A moved
  /// element whose contents also changed becomes a delete and an insert, because a list cannot
  /// move and reload one row in the same batch.
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
    let staying = Self.longestIncreasingRun(survivors.map(\.old))
    var moves: [Move] = []
    var updates: [Int] = []
    for (position, survivor) in survivors.enumerated() {
      let changed = updated.contains(survivor.old)
      if staying.contains(position) {
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

  /// Positions in `values` of one longest strictly increasing subsequence. O(n log n).
  static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      run.insert(position)
      position = previous[position]
    }
    return run
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

  /// Internal building without re-sorting, for offsets already in order.
  @usableFromInline
  init(sortedDeletes: [Int], sortedInserts: [Int], sortedUpdates: [Int], sortedMoves: [Move]) {
    deletes = sortedDeletes
    inserts = sortedInserts
    updates = sortedUpdates
    moves = sortedMoves
    isReset = false
  }
}

extension ArrayChangeset {
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
      sortedDeletes: isNarrowing ? extra : [], sortedInserts: isNarrowing ? [] : extra, sortedUpdates: updates,
      sortedMoves: [])
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
    self.init(sortedDeletes: deletes, sortedInserts: inserts, sortedUpdates: updates, sortedMoves: moves)
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
