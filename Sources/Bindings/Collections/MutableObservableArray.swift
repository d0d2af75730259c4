/// An array you edit like a Swift array, that tells its subscribers exactly how it changed.
///
/// ```swift
/// let numbers = MutableObservableArray([1, 2, 3])
/// let token = numbers.sink { print($0.change) }   // prints "reset"
/// numbers.append(4)                                // prints "inserts [3]"
/// numbers.remove(at: 0)                            // prints "deletes [0]"
/// numbers.move(from: 0, to: 2)                     // prints "moves [0→2]"
/// numbers[0] = 30                                  // prints "updates [0]"
/// numbers.batchUpdate { batch in
///   batch.append(5)
///   batch.remove(at: 0)
/// }                                                // prints "deletes [0], inserts [2]"
/// ```
///
/// Each edit sends one event. An edit with no subscriber holding an earlier event's contents
/// changes the storage in place: `append` is O(1).
///
/// Safe to use from any thread: edits from several threads are applied one at a time, and their
/// events reach every subscriber in the order the edits were made.
public final class MutableObservableArray<Element>: ObservableArray<Element> {
  /// Creates an array holding `elements`.
  public init(_ elements: [Element] = []) {
    super.init(core: CollectionCore(contents: elements, resetChange: .reset))
  }

  /// The element at `position`. Setting it sends an update.
  ///
  /// ```swift
  /// let letters = MutableObservableArray(["a", "b"])
  /// letters[1] = "B"
  /// print(letters.contents)   // prints "["a", "B"]"
  /// ```
  @inlinable
  public override subscript(position: Int) -> Element {
    get { super[position] }
    set {
      let old = core.edit { contents in
        precondition(contents.indices.contains(position), "index \(position) is out of range (count \(contents.count))")
        let old = contents[position]
        contents[position] = newValue
        return (ArrayChangeset(sortedDeletes: [], sortedInserts: [], sortedUpdates: [position], sortedMoves: []), old)
      }
      withExtendedLifetime(old) {}
    }
  }

  /// Adds `element` at the end.
  ///
  /// - Complexity: O(1) amortized when no subscriber holds an earlier event's contents.
  @inlinable
  public func append(_ element: Element) {
    core.edit { contents in
      contents.append(element)
      return (
        ArrayChangeset(sortedDeletes: [], sortedInserts: [contents.count - 1], sortedUpdates: [], sortedMoves: []), ()
      )
    }
  }

  /// Adds the elements of `newElements` at the end, in one event.
  public func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    let added = Array(newElements)
    core.edit { contents in
      guard !added.isEmpty else { return (nil, ()) }
      let start = contents.count
      contents.append(contentsOf: added)
      return (
        ArrayChangeset(
          sortedDeletes: [], sortedInserts: ArrayChangeset.Offsets(start..<contents.count), sortedUpdates: [],
          sortedMoves: []), ()
      )
    }
  }

  /// Inserts `element` at offset `index`.
  ///
  /// - Precondition: `index` is in `0...count`.
  @inlinable
  public func insert(_ element: Element, at index: Int) {
    insert(contentsOf: CollectionOfOne(element), at: index)
  }

  /// Inserts the elements of `newElements` at offset `index`, in one event.
  ///
  /// - Precondition: `index` is in `0...count`.
  @inlinable
  public func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
    let added = Array(newElements)
    core.edit { contents in
      precondition(
        index >= 0 && index <= contents.count, "insertion index \(index) is out of range (count \(contents.count))")
      guard !added.isEmpty else { return (nil, ()) }
      contents.insert(contentsOf: added, at: index)
      return (
        ArrayChangeset(
          sortedDeletes: [], sortedInserts: ArrayChangeset.Offsets(index..<index + added.count), sortedUpdates: [],
          sortedMoves: []), ()
      )
    }
  }

  /// Removes and returns the element at offset `index`.
  ///
  /// - Precondition: `index` is a valid offset.
  @discardableResult
  @inlinable
  public func remove(at index: Int) -> Element {
    core.edit { contents in
      precondition(contents.indices.contains(index), "index \(index) is out of range (count \(contents.count))")
      let removed = contents.remove(at: index)
      return (ArrayChangeset(sortedDeletes: [index], sortedInserts: [], sortedUpdates: [], sortedMoves: []), removed)
    }
  }

  /// Removes and returns the first element.
  ///
  /// - Precondition: the array is not empty.
  @discardableResult
  @inlinable
  public func removeFirst() -> Element {
    core.edit { contents in
      precondition(!contents.isEmpty, "removeFirst() on an empty array")
      let removed = contents.removeFirst()
      return (ArrayChangeset(sortedDeletes: [0], sortedInserts: [], sortedUpdates: [], sortedMoves: []), removed)
    }
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: the array is not empty.
  @discardableResult
  @inlinable
  public func removeLast() -> Element {
    core.edit { contents in
      precondition(!contents.isEmpty, "removeLast() on an empty array")
      let removed = contents.removeLast()
      return (
        ArrayChangeset(sortedDeletes: [contents.count], sortedInserts: [], sortedUpdates: [], sortedMoves: []), removed
      )
    }
  }

  /// Removes every element, reported as deletes of every offset.
  public func removeAll() {
    let removed = core.edit { contents in
      guard !contents.isEmpty else { return (nil, [Element]()) }
      let removed = contents
      contents = []
      return (
        ArrayChangeset(
          sortedDeletes: ArrayChangeset.Offsets(removed.indices), sortedInserts: [], sortedUpdates: [], sortedMoves: []),
        removed
      )
    }
    withExtendedLifetime(removed) {}
  }

  /// Moves the element at offset `from` so that it ends at offset `to`.
  ///
  /// ```swift
  /// let letters = MutableObservableArray(["a", "b", "c"])
  /// letters.move(from: 0, to: 2)
  /// print(letters.contents)   // prints "["b", "c", "a"]"
  /// ```
  ///
  /// - Precondition: both are valid offsets.
  public func move(from: Int, to: Int) {
    core.edit { contents in
      precondition(contents.indices.contains(from), "move source \(from) is out of range (count \(contents.count))")
      precondition(contents.indices.contains(to), "move destination \(to) is out of range (count \(contents.count))")
      guard from != to else { return (nil, ()) }
      contents.insert(contents.remove(at: from), at: to)
      return (
        ArrayChangeset(
          sortedDeletes: [], sortedInserts: [], sortedUpdates: [], sortedMoves: [.init(from: from, to: to)]), ()
      )
    }
  }

  /// Replaces the elements in `subrange` with `newElements`, in one event: offsets present on both
  /// sides are updates, the rest deletes or inserts.
  ///
  /// ```swift
  /// let letters = MutableObservableArray(["a", "b", "c"])
  /// let token = letters.dropFirst().sink { print($0.change) }
  /// letters.replaceSubrange(1..<3, with: ["x"])   // prints "deletes [2], updates [1]"
  /// ```
  ///
  /// - Precondition: `subrange` lies within the array.
  public func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Element {
    let added = Array(newElements)
    let removed = core.edit { contents in
      precondition(
        subrange.lowerBound >= 0 && subrange.upperBound <= contents.count,
        "range \(subrange) is out of range (count \(contents.count))"
      )
      let removed = Array(contents[subrange])
      contents.replaceSubrange(subrange, with: added)
      let overlap = Swift.min(removed.count, added.count)
      let lower = subrange.lowerBound
      let change = ArrayChangeset(
        sortedDeletes: ArrayChangeset.Offsets(lower + overlap..<subrange.upperBound),
        sortedInserts: ArrayChangeset.Offsets(lower + overlap..<lower + added.count),
        sortedUpdates: ArrayChangeset.Offsets(lower..<lower + overlap),
        sortedMoves: []
      )
      return (change.isEmpty ? nil : change, removed)
    }
    withExtendedLifetime(removed) {}
  }

  /// Replaces the whole contents, reported as a ``ArrayChangeset/reset``.
  ///
  /// ```swift
  /// let letters = MutableObservableArray(["a"])
  /// letters.replace(with: ["b", "c"])
  /// print(letters.contents)   // prints "["b", "c"]"
  /// ```
  public func replace(with newElements: [Element]) {
    let old = core.edit { contents in
      let old = contents
      contents = newElements
      return (ArrayChangeset.reset, old)
    }
    withExtendedLifetime(old) {}
  }

  /// Applies several edits as one event whose changeset describes them all exactly.
  ///
  /// ```swift
  /// let letters = MutableObservableArray(["a", "b", "c"])
  /// let token = letters.dropFirst().sink { print($0.change) }
  /// letters.batchUpdate { batch in
  ///   batch.remove(at: 0)
  ///   batch.append("d")
  ///   batch[0] = "B"
  /// }
  /// // prints "deletes [0], inserts [2], updates [1]"
  /// ```
  ///
  /// `body` edits a copy of the contents, without any lock held. If another thread edits the array
  /// while `body` runs, `body` runs again on the new contents, so that no edit is lost; for the same
  /// reason `body` must edit only `batch`, never this array. A batch that changes nothing sends
  /// nothing.
  ///
  /// - Complexity: a batch whose only edits set one offset costs what setting it on the array
  ///   costs; see ``ArrayBatch`` for the others.
  @discardableResult
  @inlinable
  public func batchUpdate<Result>(_ body: (inout ArrayBatch<Element>) throws -> Result) rethrows -> Result {
    while true {
      let (contents, version) = core.snapshot
      var batch = ArrayBatch(consume contents)
      let result = try body(&batch)
      if let set = batch.pendingSet {
        // Only one offset was set: the batch lets go of the contents, so that the set is made in place.
        batch = ArrayBatch([])
        let replaced = core.edit(ifVersion: version) { contents in
          let old = contents[set.offset]
          contents[set.offset] = set.value
          return (
            ArrayChangeset(sortedDeletes: [], sortedInserts: [], sortedUpdates: [set.offset], sortedMoves: []), old
          )
        }
        guard let replaced else { continue }
        withExtendedLifetime(replaced) {}
        return result
      }
      let change = batch.changeset
      if change.isEmpty {
        if core.snapshot.version == version { return result }
        continue
      }
      var replacement: [Element]? = batch.storage
      batch = ArrayBatch([])
      // On success `replacement` holds the contents it replaced, released here after unlocking.
      if core.exchange(ifVersion: version, with: &replacement, change: change) { return result }
    }
  }

  /// Replaces the contents with `newElements` after computing `change` outside the lock; retries
  /// when another edit came first.
  @usableFromInline
  func replace(with newElements: [Element], computingChange change: ([Element], [Element]) -> ArrayChangeset?) {
    while true {
      let (old, version) = core.snapshot
      guard let change = change(old, newElements) else {
        if core.snapshot.version == version { return }
        continue
      }
      if core.replace(ifVersion: version, with: newElements, change: change) { return }
    }
  }
}

extension MutableObservableArray where Element: Equatable {
  /// Replaces the contents with `newElements`, reporting the difference as deletes, inserts and
  /// moves when `performDiff` is true, or as a reset when it is false.
  ///
  /// ```swift
  /// let numbers = MutableObservableArray([1, 2, 3])
  /// let token = numbers.dropFirst().sink { print($0.change) }
  /// numbers.replace(with: [0, 1, 3, 4], performDiff: true)
  /// // prints "deletes [1], inserts [0, 3]"
  /// ```
  ///
  /// The difference is the standard library's `difference(from:)`; a removed element equal to an
  /// inserted one is reported as a move. It is computed outside the lock (it calls `==`). Replacing
  /// the contents with equal contents sends nothing.
  ///
  /// - Complexity: O((*n* + *m*) · *d*) for *d* differences, as `difference(from:)`.
  public func replace(with newElements: [Element], performDiff: Bool) {
    guard performDiff else { return replace(with: newElements) }
    replace(with: newElements) { old, new in
      let change = ArrayChangeset(equatableDifference: new.difference(from: old))
      return change.isEmpty ? nil : change
    }
  }

  /// Replaces the contents with `newElements`, matching elements by `identity`: elements whose
  /// identity left are deletes, new identities are inserts, identities that changed place are
  /// moves, and elements that kept their identity and place but changed (by `==`) are updates.
  ///
  /// ```swift
  /// struct Row: Identifiable, Equatable { let id: Int; var title: String }
  /// let rows = MutableObservableArray([Row(id: 1, title: "a"), Row(id: 2, title: "b")])
  /// let token = rows.dropFirst().sink { print($0.change) }
  /// rows.replace(with: [Row(id: 1, title: "A"), Row(id: 2, title: "b")], identifiedBy: \.id)
  /// // prints "updates [0]"
  /// ```
  ///
  /// An element that both moved and changed is reported as a delete and an insert, since a list
  /// cannot move and reload one row in the same batch.
  ///
  /// - Complexity: with unique identities, O(*n* + *m*) when the elements both arrays hold keep
  ///   their order (a filter, a search that narrows or widens, adds and removes), and
  ///   O(*n* + *m* + *s* log *s*) for *s* shared elements when some moved; a fixed number of
  ///   allocations whatever the sizes. When an identity repeats, O((*n* + *m*) · *d*) for *d*
  ///   differences, as `difference(from:)`.
  @inlinable
  public func replace<ID: Hashable>(with newElements: [Element], identifiedBy identity: (Element) -> ID) {
    replace(with: newElements) { old, new in
      let change = ArrayChangeset(old: old, new: new, identity: identity)
      return change.isEmpty ? nil : change
    }
  }
}

extension MutableObservableArray where Element: Hashable {
  /// Replaces the contents with `newElements`, reporting the difference as deletes, inserts and
  /// moves when `performDiff` is true, or as a reset when it is false.
  ///
  /// ```swift
  /// let letters = MutableObservableArray(["a", "b", "c"])
  /// let token = letters.dropFirst().sink { print($0.change) }
  /// letters.replace(with: ["c", "a", "b"], performDiff: true)
  /// // prints "moves [2→0]"
  /// ```
  ///
  /// Moves come from the standard library's `inferringMoves()`.
  ///
  /// - Complexity: O((*n* + *m*) · *d*) for *d* differences, as `difference(from:)`.
  public func replace(with newElements: [Element], performDiff: Bool) {
    guard performDiff else { return replace(with: newElements) }
    replace(with: newElements) { old, new in
      let change = ArrayChangeset(new.difference(from: old).inferringMoves())
      return change.isEmpty ? nil : change
    }
  }
}

extension MutableObservableArray: @unchecked Sendable where Element: Sendable {}
