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
/// - Complexity: a batch that only sets elements costs O(*k* log *k*) for its *k* updates; one that
///   inserts, removes or moves costs O(*n* log *n*) for *n* elements.
public struct ArrayBatch<Element>: RandomAccessCollection {
  /// The contents as edited so far.
  public private(set) var elements: [Element]
  /// For each element, its offset before the batch, or `nil` when the batch added it; `nil` as a
  /// whole while the batch has only set elements, so that every element is still where it was.
  private var origins: [Int?]?
  private var updated = Set<Int>()
  private let oldCount: Int
  private var changedAnything = false

  init(_ elements: [Element]) {
    self.elements = elements
    oldCount = elements.count
  }

  /// The changeset from the contents before the batch to ``elements``.
  var changeset: ArrayChangeset {
    guard changedAnything else { return ArrayChangeset() }
    guard let origins else { return ArrayChangeset(updates: updated.sorted()) }
    return ArrayChangeset(oldCount: oldCount, origins: origins, updated: updated)
  }

  /// Starts recording where each element came from, before the first insert, removal or move.
  private mutating func trackOrigins() {
    if origins == nil { origins = (0..<oldCount).map { Optional($0) } }
  }

  /// The offset of the first element: always zero.
  public var startIndex: Int { 0 }
  /// One past the offset of the last element: the number of elements so far.
  public var endIndex: Int { elements.count }

  /// The element at `position`; setting it records an update (or, for an element the batch added,
  /// just a new value).
  public subscript(position: Int) -> Element {
    get { elements[position] }
    set {
      elements[position] = newValue
      if let origins {
        if let origin = origins[position] { updated.insert(origin) }
      } else {
        updated.insert(position)
      }
      changedAnything = true
    }
  }

  /// Adds `element` at the end.
  public mutating func append(_ element: Element) {
    insert(element, at: elements.count)
  }

  /// Adds the elements of `newElements` at the end.
  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    insert(contentsOf: Array(newElements), at: elements.count)
  }

  /// Inserts `element` at offset `index`.
  public mutating func insert(_ element: Element, at index: Int) {
    insert(contentsOf: CollectionOfOne(element), at: index)
  }

  /// Inserts the elements of `newElements` at offset `index`.
  public mutating func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
    precondition(
      index >= 0 && index <= elements.count, "insertion index \(index) is out of range (count \(elements.count))")
    let added = Array(newElements)
    trackOrigins()
    elements.insert(contentsOf: added, at: index)
    origins!.insert(contentsOf: repeatElement(nil, count: added.count), at: index)
    changedAnything = changedAnything || !added.isEmpty
  }

  /// Removes and returns the element at offset `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    precondition(elements.indices.contains(index), "index \(index) is out of range (count \(elements.count))")
    trackOrigins()
    origins!.remove(at: index)
    changedAnything = true
    return elements.remove(at: index)
  }

  /// Removes and returns the first element.
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!elements.isEmpty, "removeFirst() on an empty array")
    return remove(at: 0)
  }

  /// Removes and returns the last element.
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!elements.isEmpty, "removeLast() on an empty array")
    return remove(at: elements.count - 1)
  }

  /// Removes every element.
  public mutating func removeAll() {
    changedAnything = changedAnything || !elements.isEmpty
    elements.removeAll()
    origins = []
  }

  /// Moves the element at offset `from` so that it ends at offset `to`.
  public mutating func move(from: Int, to: Int) {
    precondition(elements.indices.contains(from), "move source \(from) is out of range (count \(elements.count))")
    precondition(elements.indices.contains(to), "move destination \(to) is out of range (count \(elements.count))")
    trackOrigins()
    elements.insert(elements.remove(at: from), at: to)
    origins!.insert(origins!.remove(at: from), at: to)
    changedAnything = changedAnything || from != to
  }

  /// Replaces the elements in `subrange` with `newElements`; offsets present on both sides are
  /// updates.
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    precondition(
      subrange.lowerBound >= 0 && subrange.upperBound <= elements.count,
      "range \(subrange) is out of range (count \(elements.count))"
    )
    let added = Array(newElements)
    let overlap = Swift.min(subrange.count, added.count)
    for offset in 0..<overlap {
      self[subrange.lowerBound + offset] = added[offset]
    }
    let rest = subrange.lowerBound + overlap
    guard rest < subrange.upperBound || overlap < added.count else { return }
    trackOrigins()
    elements.replaceSubrange(rest..<subrange.upperBound, with: added[overlap...])
    origins!.replaceSubrange(rest..<subrange.upperBound, with: repeatElement(nil, count: added.count - overlap))
    changedAnything = changedAnything || !subrange.isEmpty || !added.isEmpty
  }
}
