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
  public private(set) var deletes: Offsets
  /// Offsets, after the change, of the elements that were added. Sorted ascending.
  public private(set) var inserts: Offsets
  /// Offsets, before the change, of the elements that stayed in place with new contents. Sorted ascending.
  public private(set) var updates: Offsets
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
    self.deletes = Offsets(array: deletes.sorted())
    self.inserts = Offsets(array: inserts.sorted())
    self.updates = Offsets(array: updates.sorted())
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
    for offset in Array(deletes) + updates + moves.map(\.from) {
      guard offset >= 0, offset < oldCount else {
        throw MismatchError(description: "offset \(offset) is outside the old contents (count \(oldCount))")
      }
      guard seenOld.insert(offset).inserted else {
        throw MismatchError(description: "old offset \(offset) is deleted, updated or moved twice")
      }
    }
    var seenNew = Set<Int>()
    for offset in Array(inserts) + moves.map(\.to) {
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

  /// Internal building without re-sorting, for offsets already in order.
  @usableFromInline
  init(sortedDeletes: Offsets, sortedInserts: Offsets, sortedUpdates: Offsets, sortedMoves: [Move]) {
    deletes = sortedDeletes
    inserts = sortedInserts
    updates = sortedUpdates
    moves = sortedMoves
    isReset = false
  }
}
