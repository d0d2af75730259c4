/// The edits of one ``MutableObservableArray/batchUpdate(_:)``: an array you edit like a Swift
/// array, which remembers where each element came from so that the batch's changeset is exact.
///
/// ```swift
/// let letters = MutableObservableArray(["a", "b", "c"])
/// letters.batchUpdate { batch in
///   batch.move(from: 2, to: 0)
///   batch.append("d")
///   print(batch.elements)   // prints "["c", "a", "b", "d"]"
/// }
/// ```
///
/// - Complexity: a batch whose only edits set one offset costs what setting it on the array costs:
///   the contents are not copied. One that sets several offsets costs O(*n* + *k* log *k*) for *k*
///   updates; one that inserts, removes or moves costs O(*n* log *n*) for *n* elements.
public struct ArrayBatch<Element>: RandomAccessCollection {
  /// The contents as edited so far, but for ``pendingSet``.
  @usableFromInline var storage: [Element]
  /// The batch's only edit so far, when it set one offset (perhaps more than once): kept aside, so
  /// that the contents, which the array still holds, are not copied for it, and the array can make
  /// the set in place. Invariant: when it is not `nil`, `origins` is `nil` and `updated` is empty.
  @usableFromInline var pendingSet: (offset: Int, value: Element)?
  /// For each element, its offset before the batch, or `nil` when the batch added it; `nil` as a
  /// whole while the batch has only set elements, so that every element is still where it was.
  @usableFromInline var origins: [Int?]?
  @usableFromInline var updated = Set<Int>()
  @usableFromInline let oldCount: Int
  @usableFromInline var changedAnything = false

  @inlinable
  init(_ elements: [Element]) {
    storage = elements
    oldCount = elements.count
  }

  /// The contents as edited so far.
  ///
  /// - Complexity: O(1), or O(*n*) while the batch's only edit is a set (the contents are copied
  ///   to make it).
  @inlinable
  public var elements: [Element] {
    guard let pendingSet else { return storage }
    var elements = storage
    elements[pendingSet.offset] = pendingSet.value
    return elements
  }

  /// The changeset from the contents before the batch to ``elements``.
  @inlinable
  var changeset: ArrayChangeset {
    guard changedAnything else { return ArrayChangeset() }
    if let pendingSet {
      return ArrayChangeset(sortedDeletes: [], sortedInserts: [], sortedUpdates: [pendingSet.offset], sortedMoves: [])
    }
    guard let origins else { return ArrayChangeset(updates: updated.sorted()) }
    return ArrayChangeset(oldCount: oldCount, origins: origins, updated: updated)
  }

  /// Makes the set kept aside in ``pendingSet``, before any other edit.
  @inlinable
  mutating func applyPendingSet() {
    guard let pendingSet = pendingSet.take() else { return }
    storage[pendingSet.offset] = pendingSet.value
    updated.insert(pendingSet.offset)
  }

  /// Starts recording where each element came from, before the first insert, removal or move.
  @inlinable
  mutating func trackOrigins() {
    applyPendingSet()
    if origins == nil { origins = (0..<oldCount).map { Optional($0) } }
  }

  /// The offset of the first element: always zero.
  @inlinable
  public var startIndex: Int { 0 }
  /// One past the offset of the last element: the number of elements so far.
  @inlinable
  public var endIndex: Int { storage.count }

  /// The element at `position`; setting it records an update (or, for an element the batch added,
  /// just a new value).
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      if let pendingSet, pendingSet.offset == position { return pendingSet.value }
      return storage[position]
    }
    set {
      // The batch's first edit, or a set of the same offset again: kept aside (see `pendingSet`).
      if origins == nil, !changedAnything || pendingSet?.offset == position {
        precondition(storage.indices.contains(position), "index \(position) is out of range (count \(storage.count))")
        pendingSet = (position, newValue)
        changedAnything = true
        return
      }
      applyPendingSet()
      storage[position] = newValue
      if let origins {
        if let origin = origins[position] { updated.insert(origin) }
      } else {
        updated.insert(position)
      }
      changedAnything = true
    }
  }

  /// Adds `element` at the end.
  @inlinable
  public mutating func append(_ element: Element) {
    insert(element, at: storage.count)
  }

  /// Adds the elements of `newElements` at the end.
  @inlinable
  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    insert(contentsOf: Array(newElements), at: storage.count)
  }

  /// Inserts `element` at offset `index`.
  @inlinable
  public mutating func insert(_ element: Element, at index: Int) {
    insert(contentsOf: CollectionOfOne(element), at: index)
  }

  /// Inserts the elements of `newElements` at offset `index`.
  @inlinable
  public mutating func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
    precondition(
      index >= 0 && index <= storage.count, "insertion index \(index) is out of range (count \(storage.count))")
    let added = Array(newElements)
    trackOrigins()
    storage.insert(contentsOf: added, at: index)
    origins!.insert(contentsOf: repeatElement(nil, count: added.count), at: index)
    changedAnything = changedAnything || !added.isEmpty
  }

  /// Removes and returns the element at offset `index`.
  @discardableResult
  @inlinable
  public mutating func remove(at index: Int) -> Element {
    precondition(storage.indices.contains(index), "index \(index) is out of range (count \(storage.count))")
    trackOrigins()
    origins!.remove(at: index)
    changedAnything = true
    return storage.remove(at: index)
  }

  /// Removes and returns the first element.
  @discardableResult
  @inlinable
  public mutating func removeFirst() -> Element {
    precondition(!storage.isEmpty, "removeFirst() on an empty array")
    return remove(at: 0)
  }

  /// Removes and returns the last element.
  @discardableResult
  @inlinable
  public mutating func removeLast() -> Element {
    precondition(!storage.isEmpty, "removeLast() on an empty array")
    return remove(at: storage.count - 1)
  }

  /// Removes every element.
  @inlinable
  public mutating func removeAll() {
    applyPendingSet()
    changedAnything = changedAnything || !storage.isEmpty
    storage.removeAll()
    origins = []
  }

  /// Moves the element at offset `from` so that it ends at offset `to`.
  @inlinable
  public mutating func move(from: Int, to: Int) {
    precondition(storage.indices.contains(from), "move source \(from) is out of range (count \(storage.count))")
    precondition(storage.indices.contains(to), "move destination \(to) is out of range (count \(storage.count))")
    trackOrigins()
    storage.insert(storage.remove(at: from), at: to)
    origins!.insert(origins!.remove(at: from), at: to)
    changedAnything = changedAnything || from != to
  }

  /// Replaces the elements in `subrange` with `newElements`; offsets present on both sides are
  /// updates.
  @inlinable
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    precondition(
      subrange.lowerBound >= 0 && subrange.upperBound <= storage.count,
      "range \(subrange) is out of range (count \(storage.count))"
    )
    let added = Array(newElements)
    let overlap = Swift.min(subrange.count, added.count)
    for offset in 0..<overlap {
      self[subrange.lowerBound + offset] = added[offset]
    }
    let rest = subrange.lowerBound + overlap
    guard rest < subrange.upperBound || overlap < added.count else { return }
    trackOrigins()
    storage.replaceSubrange(rest..<subrange.upperBound, with: added[overlap...])
    origins!.replaceSubrange(rest..<subrange.upperBound, with: repeatElement(nil, count: added.count - overlap))
    changedAnything = changedAnything || !subrange.isEmpty || !added.isEmpty
  }
}
