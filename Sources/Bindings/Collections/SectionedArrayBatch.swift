/// The edits of one ``MutableObservableSectionedArray/batchUpdate(_:)``: sections you edit like
/// the sectioned array itself, remembering where each section and item came from so that the
/// batch's changeset is exact.
///
/// ```swift
/// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1, 2])])
/// groups.batchUpdate { batch in
///   batch.appendSection(ArraySection("B"))
///   batch.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
///   print(batch.sections)   // prints "[A: [2], B: [1]]"
/// }
/// ```
///
/// - Complexity: the final changeset costs O(*n* log *n*) for *n* sections and items.
public struct SectionedArrayBatch<Metadata, Item>: RandomAccessCollection {
  /// The sections as edited so far.
  public private(set) var sections: [ArraySection<Metadata, Item>]
  /// For each section, its offset before the batch, or `nil` when the batch added it.
  private var sectionOrigins: [Int?]
  /// For each item, its path before the batch, or `nil` when the batch added it.
  private var itemOrigins: [[ItemPath?]]
  private var updatedSections = Set<Int>()
  private var updatedItems = Set<ItemPath>()
  private let oldItemCounts: [Int]
  private var changedAnything = false

  init(_ sections: [ArraySection<Metadata, Item>]) {
    self.sections = sections
    sectionOrigins = Array(sections.indices)
    itemOrigins = sections.indices.map { section in
      sections[section].items.indices.map { ItemPath(section: section, item: $0) }
    }
    oldItemCounts = sections.map(\.items.count)
  }

  /// The changeset from the contents before the batch to ``sections``.
  var changeset: SectionedArrayChangeset {
    guard changedAnything else { return SectionedArrayChangeset() }
    return SectionedArrayChangeset(
      oldItemCounts: oldItemCounts,
      sectionOrigins: sectionOrigins,
      itemOrigins: itemOrigins,
      updatedSections: updatedSections,
      updatedItems: updatedItems
    )
  }

  /// The offset of the first section: always zero.
  public var startIndex: Int { 0 }
  /// One past the offset of the last section: the number of sections so far.
  public var endIndex: Int { sections.count }

  /// The section at `position`.
  public subscript(position: Int) -> ArraySection<Metadata, Item> {
    sections[position]
  }

  /// The item at `path`; setting it records an update (or, for an item the batch added, just a new
  /// value).
  public subscript(path: ItemPath) -> Item {
    get {
      checkItem(path)
      return sections[path.section].items[path.item]
    }
    set {
      checkItem(path)
      sections[path.section].items[path.item] = newValue
      if let origin = itemOrigins[path.section][path.item] { updatedItems.insert(origin) }
      changedAnything = true
    }
  }

  // MARK: Sections

  /// Adds `section` at the end.
  public mutating func appendSection(_ section: ArraySection<Metadata, Item>) {
    insertSection(section, at: sections.count)
  }

  /// Inserts `section` at offset `index`.
  public mutating func insertSection(_ section: ArraySection<Metadata, Item>, at index: Int) {
    precondition(
      index >= 0 && index <= sections.count, "section index \(index) is out of range (count \(sections.count))")
    sections.insert(section, at: index)
    sectionOrigins.insert(nil, at: index)
    itemOrigins.insert(Array(repeating: nil, count: section.items.count), at: index)
    changedAnything = true
  }

  /// Removes and returns the section at offset `index`, with its items.
  @discardableResult
  public mutating func removeSection(at index: Int) -> ArraySection<Metadata, Item> {
    checkSection(index)
    sectionOrigins.remove(at: index)
    itemOrigins.remove(at: index)
    changedAnything = true
    return sections.remove(at: index)
  }

  /// Moves the section at offset `from`, with its items, so that it ends at offset `to`.
  public mutating func moveSection(from: Int, to: Int) {
    checkSection(from)
    checkSection(to)
    sections.insert(sections.remove(at: from), at: to)
    sectionOrigins.insert(sectionOrigins.remove(at: from), at: to)
    itemOrigins.insert(itemOrigins.remove(at: from), at: to)
    changedAnything = changedAnything || from != to
  }

  /// Sets the metadata of the section at offset `index`, recording a section update.
  public mutating func updateMetadata(_ metadata: Metadata, ofSection index: Int) {
    checkSection(index)
    sections[index].metadata = metadata
    if let origin = sectionOrigins[index] { updatedSections.insert(origin) }
    changedAnything = true
  }

  /// Removes every section.
  public mutating func removeAll() {
    changedAnything = changedAnything || !sections.isEmpty
    sections.removeAll()
    sectionOrigins.removeAll()
    itemOrigins.removeAll()
  }

  // MARK: Items

  /// Adds `item` at the end of the section at offset `section`.
  public mutating func appendItem(_ item: Item, toSection section: Int) {
    checkSection(section)
    insertItem(item, at: ItemPath(section: section, item: sections[section].items.count))
  }

  /// Inserts `item` at `path`.
  public mutating func insertItem(_ item: Item, at path: ItemPath) {
    checkInsertion(path)
    sections[path.section].items.insert(item, at: path.item)
    itemOrigins[path.section].insert(nil, at: path.item)
    changedAnything = true
  }

  /// Removes and returns the item at `path`.
  @discardableResult
  public mutating func removeItem(at path: ItemPath) -> Item {
    checkItem(path)
    itemOrigins[path.section].remove(at: path.item)
    changedAnything = true
    return sections[path.section].items.remove(at: path.item)
  }

  /// Moves the item at `from` so that it ends at `to`, in the same section or another one.
  ///
  /// `to` is a path after the move: in the same section it must be a valid item offset, in another
  /// section it may be that section's item count (the end).
  public mutating func moveItem(from: ItemPath, to: ItemPath) {
    checkItem(from)
    if from.section == to.section {
      checkItem(to)
    } else {
      checkInsertion(to)
    }
    let item = sections[from.section].items.remove(at: from.item)
    let origin = itemOrigins[from.section].remove(at: from.item)
    sections[to.section].items.insert(item, at: to.item)
    itemOrigins[to.section].insert(origin, at: to.item)
    changedAnything = changedAnything || from != to
  }

  // MARK: Checks

  private func checkSection(_ index: Int) {
    precondition(
      sections.indices.contains(index), "section index \(index) is out of range (count \(sections.count))")
  }

  private func checkItem(_ path: ItemPath) {
    checkSection(path.section)
    precondition(
      sections[path.section].items.indices.contains(path.item),
      "item path \(path) is out of range (section count \(sections[path.section].items.count))"
    )
  }

  private func checkInsertion(_ path: ItemPath) {
    checkSection(path.section)
    precondition(
      path.item >= 0 && path.item <= sections[path.section].items.count,
      "insertion path \(path) is out of range (section count \(sections[path.section].items.count))"
    )
  }
}
