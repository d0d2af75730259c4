/// One event of an observable sectioned array: its sections after the change, and the change.
public typealias ObservableSectionedArrayEvent<Metadata, Item> = CollectionEvent<
  [ArraySection<Metadata, Item>], SectionedArrayChangeset
>

/// A read-only array of sections that tells its subscribers exactly how its sections and items
/// change, as section offsets and item paths.
///
/// ```swift
/// let groups = MutableObservableSectionedArray([ArraySection("Fruit", items: ["apple"])])
/// let view: ObservableSectionedArray<String, String> = groups
/// let token = view.sink { print($0.contents, $0.change) }
/// // prints "[Fruit: ["apple"]] reset"
/// groups.appendItem("pear", toSection: 0)
/// // prints "[Fruit: ["apple", "pear"]] items inserts [[0, 1]]"
/// ```
///
/// It is a `RandomAccessCollection` of its current sections, a publisher for `<~` and every
/// operator, and it never fails nor completes. Subscribing replays the current contents with a
/// ``SectionedArrayChangeset/reset`` change.
///
/// Safe to use from any thread: events reach every subscriber in edit order, and deliveries to one
/// subscriber never overlap.
public class ObservableSectionedArray<Metadata, Item>: Publisher, RandomAccessCollection {
  /// The events: the sections after each change, and the change.
  public typealias Output = ObservableSectionedArrayEvent<Metadata, Item>
  /// An observable sectioned array never fails.
  public typealias Failure = Never
  /// Sections are found by their offset.
  public typealias Index = Int

  @usableFromInline let core: CollectionCore<[ArraySection<Metadata, Item>], SectionedArrayChangeset>

  @usableFromInline
  init(core: CollectionCore<[ArraySection<Metadata, Item>], SectionedArrayChangeset>) {
    self.core = core
  }

  /// A read-only sectioned array whose contents never change.
  ///
  /// ```swift
  /// print(ObservableSectionedArray([ArraySection("A", items: [1])]).count)   // prints "1"
  /// ```
  public convenience init(_ sections: [ArraySection<Metadata, Item>]) {
    self.init(core: CollectionCore(contents: sections, resetChange: .reset))
  }

  /// The current sections.
  ///
  /// - Complexity: O(1); the array shares its storage until one side changes.
  @inlinable
  public final var contents: [ArraySection<Metadata, Item>] {
    core.contents
  }

  /// The offset of the first section: always 0.
  @inlinable
  public final var startIndex: Int { 0 }

  /// The number of sections now.
  @inlinable
  public final var endIndex: Int {
    core.read { $0.count }
  }

  /// The section at `position` in the current contents.
  @inlinable
  public final subscript(position: Int) -> ArraySection<Metadata, Item> {
    core.read { sections in
      precondition(sections.indices.contains(position), "section \(position) is out of range (count \(sections.count))")
      return sections[position]
    }
  }

  // Other threads may edit between two reads, so every member below reads the contents once: the
  // defaults would read the count several times (`count` as `endIndex - startIndex` with a range
  // check between them, an iterator asking for `endIndex` at each step) and trap when it shrank.
  // Index arithmetic is unchecked, as `Array`'s is; the subscript checks against the contents it reads.

  /// The number of sections now, read once.
  @inlinable
  public final var count: Int { core.read { $0.count } }

  /// Whether there are no sections now, read once.
  @inlinable
  public final var isEmpty: Bool { core.read { $0.isEmpty } }

  /// The first section now, if any, read with the count in one step.
  @inlinable
  public final var first: ArraySection<Metadata, Item>? { core.read { $0.first } }

  /// The last section now, if any, read with the count in one step.
  @inlinable
  public final var last: ArraySection<Metadata, Item>? { core.read { $0.last } }

  /// The number of sections now, read once.
  @inlinable
  public final var underestimatedCount: Int { count }

  /// Iterates over the contents as they are when iteration starts; later edits do not show.
  ///
  /// ```swift
  /// for value in array { print(value) }   // the contents of one moment, whatever other threads do
  /// ```
  @inlinable
  public final func makeIterator() -> IndexingIterator<[ArraySection<Metadata, Item>]> { contents.makeIterator() }

  /// `i + 1`.
  @inlinable
  public final func index(after i: Int) -> Int { i + 1 }

  /// `i - 1`.
  @inlinable
  public final func index(before i: Int) -> Int { i - 1 }

  /// `i + distance`.
  @inlinable
  public final func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }

  /// `end - start`.
  @inlinable
  public final func distance(from start: Int, to end: Int) -> Int { end - start }

  /// The item at `path` in the current contents.
  ///
  /// ```swift
  /// let groups = ObservableSectionedArray([ArraySection("A", items: [1, 2])])
  /// print(groups[ItemPath(section: 0, item: 1)])   // prints "2"
  /// ```
  @inlinable
  public subscript(path: ItemPath) -> Item {
    core.read { sections in
      precondition(sections.indices.contains(path.section), "section \(path.section) is out of range")
      precondition(sections[path.section].items.indices.contains(path.item), "item path \(path) is out of range")
      return sections[path.section].items[path.item]
    }
  }

  /// Attaches `subscriber`: it receives the current sections on its first demand, then every change.
  ///
  /// Each subscription keeps the array alive.
  @inlinable
  public final func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    core.attach(subscriber, keepAlive: self)
  }
}

/// An array of sections, each with metadata and items, that tells its subscribers exactly how
/// sections and items changed: the shape a sectioned table view's batch update needs.
///
/// ```swift
/// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1, 2])])
/// let token = groups.dropFirst().sink { print($0.change) }
/// groups.appendSection(ArraySection("B", items: [3]))          // prints "sections inserts [1]"
/// groups.appendItem(4, toSection: 1)                             // prints "items inserts [[1, 1]]"
/// groups.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
/// // prints "items moves [[0, 0]→[1, 0]]"
/// groups.batchUpdate { batch in
///   batch.removeSection(at: 0)
///   batch.appendItem(5, toSection: 0)
/// }                                                              // prints "sections deletes [0]; items inserts [[0, 3]]"
/// ```
///
/// Each edit sends one event; ``batchUpdate(_:)`` coalesces many into one exact event. Safe to use
/// from any thread: edits are applied one at a time, and their events reach every subscriber in
/// the order the edits were made.
public final class MutableObservableSectionedArray<Metadata, Item>: ObservableSectionedArray<Metadata, Item> {
  /// Creates a sectioned array holding `sections`.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray<String, Int>()
  /// print(groups.isEmpty)   // prints "true"
  /// ```
  public init(_ sections: [ArraySection<Metadata, Item>] = []) {
    super.init(core: CollectionCore(contents: sections, resetChange: .reset))
  }

  /// The item at `path`. Setting it sends an item update.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1])])
  /// groups[ItemPath(section: 0, item: 0)] = 10
  /// print(groups.contents)   // prints "[A: [10]]"
  /// ```
  @inlinable
  public override subscript(path: ItemPath) -> Item {
    get { super[path] }
    set {
      let old = edit { sections in
        Self.checkItem(path, in: sections)
        let old = sections[path.section].items[path.item]
        sections[path.section].items[path.item] = newValue
        return (SectionedArrayChangeset(itemUpdates: [path]), old)
      }
      withExtendedLifetime(old) {}
    }
  }

  // MARK: Sections

  /// Adds `section` at the end.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray<String, Int>()
  /// groups.appendSection(ArraySection("A", items: [1]))
  /// print(groups.count)   // prints "1"
  /// ```
  @inlinable
  public func appendSection(_ section: ArraySection<Metadata, Item>) {
    edit { sections in
      sections.append(section)
      return (SectionedArrayChangeset(sections: ArrayChangeset(inserts: [sections.count - 1])), ())
    }
  }

  /// Inserts `section` at offset `index`.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("B", items: [2])])
  /// groups.insertSection(ArraySection("A", items: [1]), at: 0)
  /// print(groups.contents)   // prints "[A: [1], B: [2]]"
  /// ```
  ///
  /// - Precondition: `index` is in `0...count`.
  @inlinable
  public func insertSection(_ section: ArraySection<Metadata, Item>, at index: Int) {
    edit { sections in
      precondition(
        index >= 0 && index <= sections.count, "section index \(index) is out of range (count \(sections.count))")
      sections.insert(section, at: index)
      return (SectionedArrayChangeset(sections: ArrayChangeset(inserts: [index])), ())
    }
  }

  /// Removes and returns the section at offset `index`, with its items.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1])])
  /// print(groups.removeSection(at: 0).metadata)   // prints "A"
  /// ```
  ///
  /// - Precondition: `index` is a valid section offset.
  @discardableResult
  @inlinable
  public func removeSection(at index: Int) -> ArraySection<Metadata, Item> {
    edit { sections in
      Self.checkSection(index, in: sections)
      let removed = sections.remove(at: index)
      return (SectionedArrayChangeset(sections: ArrayChangeset(deletes: [index])), removed)
    }
  }

  /// Moves the section at offset `from`, with its items, so that it ends at offset `to`.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1]), ArraySection("B", items: [2])])
  /// groups.moveSection(from: 1, to: 0)
  /// print(groups.contents)   // prints "[B: [2], A: [1]]"
  /// ```
  ///
  /// - Precondition: both are valid section offsets.
  @inlinable
  public func moveSection(from: Int, to: Int) {
    edit { sections in
      Self.checkSection(from, in: sections)
      Self.checkSection(to, in: sections)
      guard from != to else { return (nil, ()) }
      sections.insert(sections.remove(at: from), at: to)
      return (SectionedArrayChangeset(sections: ArrayChangeset(moves: [.init(from: from, to: to)])), ())
    }
  }

  /// Sets the metadata of the section at offset `index`, sent as a section update.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1])])
  /// groups.updateMetadata("First", ofSection: 0)
  /// print(groups.contents)   // prints "[First: [1]]"
  /// ```
  ///
  /// - Precondition: `index` is a valid section offset.
  @inlinable
  public func updateMetadata(_ metadata: Metadata, ofSection index: Int) {
    let old = edit { sections in
      Self.checkSection(index, in: sections)
      let old = sections[index].metadata
      sections[index].metadata = metadata
      return (SectionedArrayChangeset(sections: ArrayChangeset(updates: [index])), old)
    }
    withExtendedLifetime(old) {}
  }

  /// Removes every section, sent as deletes of every section.
  @inlinable
  public func removeAll() {
    let removed = edit { sections in
      guard !sections.isEmpty else { return (nil, [ArraySection<Metadata, Item>]()) }
      let removed = sections
      sections = []
      return (SectionedArrayChangeset(sections: ArrayChangeset(deletes: Array(removed.indices))), removed)
    }
    withExtendedLifetime(removed) {}
  }

  /// Replaces every section, sent as a ``SectionedArrayChangeset/reset``.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1])])
  /// groups.replace(with: [ArraySection("B", items: [2])])
  /// print(groups.contents)   // prints "[B: [2]]"
  /// ```
  @inlinable
  public func replace(with sections: [ArraySection<Metadata, Item>]) {
    let old = edit { contents in
      let old = contents
      contents = sections
      return (SectionedArrayChangeset.reset, old)
    }
    withExtendedLifetime(old) {}
  }

  // MARK: Items

  /// Adds `item` at the end of the section at offset `section`.
  ///
  /// - Complexity: O(1) amortized when no subscriber holds an earlier event's contents.
  /// - Precondition: `section` is a valid section offset.
  @inlinable
  public func appendItem(_ item: Item, toSection section: Int) {
    edit { sections in
      Self.checkSection(section, in: sections)
      sections[section].items.append(item)
      let path = ItemPath(section: section, item: sections[section].items.count - 1)
      return (SectionedArrayChangeset(itemInserts: [path]), ())
    }
  }

  /// Inserts `item` at `path`.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [2])])
  /// groups.insertItem(1, at: ItemPath(section: 0, item: 0))
  /// print(groups.contents)   // prints "[A: [1, 2]]"
  /// ```
  ///
  /// - Precondition: the section exists and `path.item` is in `0...` its item count.
  @inlinable
  public func insertItem(_ item: Item, at path: ItemPath) {
    edit { sections in
      Self.checkInsertion(path, in: sections)
      sections[path.section].items.insert(item, at: path.item)
      return (SectionedArrayChangeset(itemInserts: [path]), ())
    }
  }

  /// Removes and returns the item at `path`.
  ///
  /// - Precondition: `path` is a valid item path.
  @discardableResult
  @inlinable
  public func removeItem(at path: ItemPath) -> Item {
    edit { sections in
      Self.checkItem(path, in: sections)
      let removed = sections[path.section].items.remove(at: path.item)
      return (SectionedArrayChangeset(itemDeletes: [path]), removed)
    }
  }

  /// Moves the item at `from` so that it ends at `to`, in the same section or another one.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1]), ArraySection("B", items: [2])])
  /// groups.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))
  /// print(groups.contents)   // prints "[A: [], B: [2, 1]]"
  /// ```
  ///
  /// `to` is a path after the move: in the same section it must be a valid item offset, in another
  /// section it may be that section's item count (the end).
  @inlinable
  public func moveItem(from: ItemPath, to: ItemPath) {
    edit { sections in
      Self.checkItem(from, in: sections)
      if from.section == to.section { Self.checkItem(to, in: sections) } else { Self.checkInsertion(to, in: sections) }
      guard from != to else { return (nil, ()) }
      let item = sections[from.section].items.remove(at: from.item)
      sections[to.section].items.insert(item, at: to.item)
      return (SectionedArrayChangeset(itemMoves: [.init(from: from, to: to)]), ())
    }
  }

  // MARK: Batches

  /// Applies several section and item edits as one event whose changeset describes them all exactly.
  ///
  /// ```swift
  /// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1, 2])])
  /// let token = groups.dropFirst().sink { print($0.change) }
  /// groups.batchUpdate { batch in
  ///   batch.removeItem(at: ItemPath(section: 0, item: 0))
  ///   batch.appendSection(ArraySection("B", items: [3]))
  ///   batch.updateMetadata("a", ofSection: 0)
  /// }
  /// // prints "sections inserts [1], updates [0]; items deletes [[0, 0]]"
  /// ```
  ///
  /// `body` edits a copy of the contents, without any lock held. If another thread edits the array
  /// while `body` runs, `body` runs again on the new contents, so that no edit is lost; for the same
  /// reason `body` must edit only `batch`, never this array. A batch that changes nothing sends
  /// nothing.
  @discardableResult
  public func batchUpdate<Result>(
    _ body: (inout SectionedArrayBatch<Metadata, Item>) throws -> Result
  ) rethrows -> Result {
    while true {
      let (contents, version) = core.snapshot
      var batch = SectionedArrayBatch(contents)
      let result = try body(&batch)
      let change = batch.changeset
      if change.isEmpty {
        if core.snapshot.version == version { return result }
        continue
      }
      let sections = batch.sections
      batch = SectionedArrayBatch([])
      if core.replace(ifVersion: version, with: sections, change: change) { return result }
    }
  }

  // MARK: Helpers

  /// Edits under the core's lock: `mutation` is library code only.
  @inlinable
  func edit<Result>(
    _ mutation: (inout [ArraySection<Metadata, Item>]) -> (change: SectionedArrayChangeset?, result: Result)
  ) -> Result {
    core.edit(mutation)
  }

  @inlinable
  static func checkSection(_ index: Int, in sections: [ArraySection<Metadata, Item>]) {
    precondition(
      sections.indices.contains(index), "section index \(index) is out of range (count \(sections.count))")
  }

  @inlinable
  static func checkItem(_ path: ItemPath, in sections: [ArraySection<Metadata, Item>]) {
    checkSection(path.section, in: sections)
    precondition(
      sections[path.section].items.indices.contains(path.item),
      "item path \(path) is out of range (section count \(sections[path.section].items.count))"
    )
  }

  @inlinable
  static func checkInsertion(_ path: ItemPath, in sections: [ArraySection<Metadata, Item>]) {
    checkSection(path.section, in: sections)
    precondition(
      path.item >= 0 && path.item <= sections[path.section].items.count,
      "insertion path \(path) is out of range (section count \(sections[path.section].items.count))"
    )
  }
}

// Sendable when what it holds is: its contents and events cross threads as a subject's values do (an
// edit on one thread is delivered on another). Its state is behind its core's lock, so the conformance
// is vouched for; each subclass restates it, as Swift requires.
extension ObservableSectionedArray: @unchecked Sendable where Metadata: Sendable, Item: Sendable {}
extension MutableObservableSectionedArray: @unchecked Sendable where Metadata: Sendable, Item: Sendable {}
