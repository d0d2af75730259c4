/// The place of an item in a sectioned array: the offset of its section, and its offset in that
/// section (the `section` and `item` of a table view's index path).
///
/// ```swift
/// let path = ItemPath(section: 1, item: 0)
/// print(path)   // prints "[1, 0]"
/// ```
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The offset of the section.
  public var section: Int
  /// The offset of the item in its section.
  public var item: Int

  /// The item at offset `item` of the section at offset `section`.
  ///
  /// ```swift
  /// let path = ItemPath(section: 0, item: 2)
  /// print(path.item)   // prints "2"
  /// ```
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders paths by section, then by item.
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// The path as `[section, item]`, as Foundation prints an index path.
  public var description: String { "[\(section), \(item)]" }
}

/// One section of a sectioned array: what describes the section (a title, a date) and its items.
///
/// ```swift
/// let section = ArraySection("Fruit", items: ["apple", "pear"])
/// print(section.metadata, section.items)   // prints "Fruit ["apple", "pear"]"
/// ```
public struct ArraySection<Metadata, Item> {
  /// What describes the section, such as a header title.
  public var metadata: Metadata
  /// The items of the section.
  public var items: [Item]

  /// A section described by `metadata`, holding `items`.
  ///
  /// ```swift
  /// let empty = ArraySection<String, Int>("Later")
  /// print(empty.items.isEmpty)   // prints "true"
  /// ```
  public init(_ metadata: Metadata, items: [Item] = []) {
    self.metadata = metadata
    self.items = items
  }
}

extension ArraySection: Equatable where Metadata: Equatable, Item: Equatable {}
extension ArraySection: Hashable where Metadata: Hashable, Item: Hashable {}
extension ArraySection: Sendable where Metadata: Sendable, Item: Sendable {}

extension ArraySection: CustomStringConvertible {
  /// The metadata followed by the items, as `Fruit: ["apple"]`.
  public var description: String { "\(metadata): \(items)" }
}

/// How a sectioned array changed in one event: section offsets and item paths in the shape a
/// table view's batch update needs.
///
/// ```swift
/// let groups = MutableObservableSectionedArray([ArraySection("A", items: [1, 2])])
/// let token = groups.dropFirst().sink { print($0.change) }
/// groups.insertSection(ArraySection("B", items: [3]), at: 1)   // prints "sections inserts [1]"
/// groups.removeItem(at: ItemPath(section: 0, item: 0))        // prints "items deletes [[0, 0]]"
/// ```
///
/// The offsets follow the rules of `UITableView.performBatchUpdates`:
///
/// - ``sections`` gives section deletes, updates and move sources as offsets before the change,
///   and section inserts and move destinations as offsets after it. A section update means its
///   metadata changed (a list refreshes the header); its items' changes are reported as item changes.
/// - ``itemDeletes``, ``itemUpdates`` and the sources of ``itemMoves`` are paths before the change;
///   ``itemInserts`` and the destinations of ``itemMoves`` are paths after it.
/// - Item changes only name sections that neither appear nor go nor move: the items of an inserted
///   section come with it, those of a deleted one go with it, and a section that moves keeps its
///   items (a section that moves and whose items change is reported as a delete and an insert).
///
/// Every list is sorted, and no path appears twice among deletes, updates and move sources, nor
/// among inserts and move destinations.
public struct SectionedArrayChangeset: Hashable, Sendable, CustomStringConvertible {
  /// An item taken from path `from` before the change and placed at path `to` after it.
  ///
  /// ```swift
  /// let move = SectionedArrayChangeset.ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
  /// print(move)   // prints "[0, 0]→[1, 0]"
  /// ```
  public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
    /// The path of the item before the change.
    public var from: ItemPath
    /// The path of the item after the change.
    public var to: ItemPath

    /// A move from path `from` before the change to path `to` after it.
    public init(from: ItemPath, to: ItemPath) {
      self.from = from
      self.to = to
    }

    /// The move as `from→to`.
    public var description: String { "\(from)→\(to)" }
  }

  /// Section deletes, inserts, metadata updates and moves.
  public private(set) var sections: ArrayChangeset
  /// Paths, before the change, of the items that were removed. Sorted ascending.
  public private(set) var itemDeletes: [ItemPath]
  /// Paths, after the change, of the items that were added. Sorted ascending.
  public private(set) var itemInserts: [ItemPath]
  /// Paths, before the change, of the items that stayed in place with new contents. Sorted ascending.
  public private(set) var itemUpdates: [ItemPath]
  /// Items that moved, sorted by their path before the change.
  public private(set) var itemMoves: [ItemMove]
  /// Whether the whole contents were replaced without a description of the change.
  public private(set) var isReset: Bool

  /// A changeset made of the given section changes and item paths, sorted for you.
  ///
  /// ```swift
  /// let change = SectionedArrayChangeset(itemInserts: [ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 3)])
  /// print(change.itemInserts)   // prints "[[0, 3], [1, 0]]"
  /// ```
  public init(
    sections: ArrayChangeset = ArrayChangeset(),
    itemDeletes: [ItemPath] = [],
    itemInserts: [ItemPath] = [],
    itemUpdates: [ItemPath] = [],
    itemMoves: [ItemMove] = []
  ) {
    self.sections = sections
    self.itemDeletes = itemDeletes.sorted()
    self.itemInserts = itemInserts.sorted()
    self.itemUpdates = itemUpdates.sorted()
    self.itemMoves = itemMoves.sorted { $0.from < $1.from }
    self.isReset = sections.isReset
  }

  /// The contents were replaced as a whole: a list reloads instead of animating.
  ///
  /// ```swift
  /// print(SectionedArrayChangeset.reset.isReset)   // prints "true"
  /// ```
  public static let reset = SectionedArrayChangeset(sections: .reset)

  /// Whether nothing changed.
  public var isEmpty: Bool {
    !isReset && sections.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty && itemUpdates.isEmpty
      && itemMoves.isEmpty
  }

  /// The section changes, then the item changes, as `sections inserts [1]; items deletes [[0, 0]]`.
  public var description: String {
    if isReset { return "reset" }
    var itemParts: [String] = []
    if !itemDeletes.isEmpty { itemParts.append("deletes \(itemDeletes)") }
    if !itemInserts.isEmpty { itemParts.append("inserts \(itemInserts)") }
    if !itemUpdates.isEmpty { itemParts.append("updates \(itemUpdates)") }
    if !itemMoves.isEmpty { itemParts.append("moves \(itemMoves)") }
    var parts: [String] = []
    if !sections.isEmpty { parts.append("sections \(sections)") }
    if !itemParts.isEmpty { parts.append("items " + itemParts.joined(separator: ", ")) }
    return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
  }

  // MARK: Applying

  /// Applies this change to `sections`, the contents before the change, taking inserted and
  /// updated sections, metadata and items from `newContents`, the contents after it.
  ///
  /// Moved and untouched items come from `sections`, so the result equals `newContents` only when
  /// the changeset describes the change exactly:
  ///
  /// ```swift
  /// var copy = [ArraySection("A", items: [1, 2])]
  /// let change = SectionedArrayChangeset(itemDeletes: [ItemPath(section: 0, item: 0)])
  /// try change.apply(to: &copy, newContents: [ArraySection("A", items: [2])])
  /// print(copy)   // prints "[A: [2]]"
  /// ```
  ///
  /// - Throws: ``ArrayChangeset/MismatchError`` when an offset or path is out of range, repeated,
  ///   names a section that is inserted, deleted or moved, or the counts disagree; `sections` is
  ///   then left unchanged.
  @inlinable
  public func apply<Metadata, Item>(
    to sections: inout [ArraySection<Metadata, Item>],
    newContents: [ArraySection<Metadata, Item>]
  ) throws(ArrayChangeset.MismatchError) {
    if isReset {
      sections = newContents
      return
    }
    let old = sections
    let change = self.sections
    try change.validate(oldCount: old.count, newCount: newContents.count)

    // Sections that stay: neither deleted, inserted nor moved, paired in order.
    var leaving = [Bool](repeating: false, count: old.count)
    for offset in change.deletes { leaving[offset] = true }
    var arriving = [Bool](repeating: false, count: newContents.count)
    for offset in change.inserts { arriving[offset] = true }
    var movedInto: [Int: Int] = [:]
    for move in change.moves {
      leaving[move.from] = true
      arriving[move.to] = true
      movedInto[move.to] = move.from
    }
    let stayingOld = old.indices.filter { !leaving[$0] }
    let stayingNew = newContents.indices.filter { !arriving[$0] }
    var newOfOld: [Int: Int] = [:]
    var oldOfNew: [Int: Int] = [:]
    for (from, to) in zip(stayingOld, stayingNew) {
      newOfOld[from] = to
      oldOfNew[to] = from
    }

    func check(_ path: ItemPath, staysIn map: [Int: Int], _ side: String) throws(ArrayChangeset.MismatchError) {
      guard map[path.section] != nil else {
        throw ArrayChangeset.MismatchError(
          description: "item path \(path) names section \(path.section) (\(side)), which is not a staying section")
      }
    }
    for path in itemDeletes + itemUpdates + itemMoves.map(\.from) { try check(path, staysIn: newOfOld, "before") }
    for path in itemInserts + itemMoves.map(\.to) { try check(path, staysIn: oldOfNew, "after") }

    // Per staying section, its item changes as an array changeset: moves across sections are a
    // delete in the section they leave and an insert, carrying the old item, in the one they join.
    var deletes: [Int: [Int]] = [:]
    var updates: [Int: [Int]] = [:]
    var inserts: [Int: [Int]] = [:]
    var moves: [Int: [ArrayChangeset.Move]] = [:]
    var incoming: [Int: [Int: ItemPath]] = [:]
    for path in itemDeletes { deletes[path.section, default: []].append(path.item) }
    for path in itemUpdates { updates[path.section, default: []].append(path.item) }
    for path in itemInserts { inserts[path.section, default: []].append(path.item) }
    for move in itemMoves {
      if newOfOld[move.from.section] == move.to.section {
        moves[move.from.section, default: []].append(ArrayChangeset.Move(from: move.from.item, to: move.to.item))
      } else {
        deletes[move.from.section, default: []].append(move.from.item)
        inserts[move.to.section, default: []].append(move.to.item)
        incoming[move.to.section, default: [:]][move.to.item] = move.from
      }
    }
    for path in incoming.values.flatMap(\.values) where !old[path.section].items.indices.contains(path.item) {
      throw ArrayChangeset.MismatchError(description: "moved item \(path) is outside the old contents")
    }

    var result: [ArraySection<Metadata, Item>] = []
    result.reserveCapacity(newContents.count)
    let updatedSections = Set(change.updates)
    for offset in newContents.indices {
      if let from = movedInto[offset] {
        result.append(old[from])
        continue
      }
      guard let from = oldOfNew[offset] else {
        result.append(newContents[offset])
        continue
      }
      let sectionChange = ArrayChangeset(
        deletes: deletes[from] ?? [],
        inserts: inserts[offset] ?? [],
        updates: updates[from] ?? [],
        moves: moves[from] ?? []
      )
      var section = old[from]
      if updatedSections.contains(from) { section.metadata = newContents[offset].metadata }
      let newItems = newContents[offset].items
      let arrivals = incoming[offset] ?? [:]
      do {
        try sectionChange.apply(to: &section.items, newCount: newItems.count) { item in
          if let source = arrivals[item] { return old[source.section].items[source.item] }
          return newItems[item]
        }
      } catch {
        throw ArrayChangeset.MismatchError(description: "section \(from)→\(offset): \(error.description)")
      }
      result.append(section)
    }
    sections = result
  }

  // MARK: Building

  /// The changeset of a batch, from where each section and item came from.
  ///
  /// Sections keeping their relative order (the longest increasing run of origins) stay; the others
  /// move, or are a delete and an insert when their metadata or items changed. Item changes are
  /// computed among staying sections only, the same way as for an array.
  init(
    oldItemCounts: [Int],
    sectionOrigins: [Int?],
    itemOrigins: [[ItemPath?]],
    updatedSections: Set<Int>,
    updatedItems: Set<ItemPath>
  ) {
    var sectionDeletes: [Int] = []
    var sectionInserts: [Int] = []
    var sectionUpdates: [Int] = []
    var sectionMoves: [ArrayChangeset.Move] = []
    var survivors: [(old: Int, new: Int)] = []
    for (offset, origin) in sectionOrigins.enumerated() {
      if let origin { survivors.append((origin, offset)) } else { sectionInserts.append(offset) }
    }
    var present = [Bool](repeating: false, count: oldItemCounts.count)
    for survivor in survivors { present[survivor.old] = true }
    sectionDeletes = oldItemCounts.indices.filter { !present[$0] }

    /// Whether the section now at `new` holds exactly the items of old section `old`, unchanged.
    func keepsItems(old: Int, new: Int) -> Bool {
      let origins = itemOrigins[new]
      guard origins.count == oldItemCounts[old] else { return false }
      for (offset, origin) in origins.enumerated() {
        guard let origin, origin == ItemPath(section: old, item: offset), !updatedItems.contains(origin) else {
          return false
        }
      }
      return true
    }

    let staying = ArrayChangeset.longestIncreasingRun(of: survivors.map(\.old))
    var stayingPairs: [(old: Int, new: Int)] = []
    for (position, survivor) in survivors.enumerated() {
      if staying[position] {
        stayingPairs.append(survivor)
        if updatedSections.contains(survivor.old) { sectionUpdates.append(survivor.old) }
      } else if updatedSections.contains(survivor.old) || !keepsItems(old: survivor.old, new: survivor.new) {
        sectionDeletes.append(survivor.old)
        sectionInserts.append(survivor.new)
      } else {
        sectionMoves.append(ArrayChangeset.Move(from: survivor.old, to: survivor.new))
      }
    }

    let stayingOld = Set(stayingPairs.map(\.old))
    var itemDeletes: [ItemPath] = []
    var itemInserts: [ItemPath] = []
    var itemUpdates: [ItemPath] = []
    var itemMoves: [ItemMove] = []
    var kept = Set<ItemPath>()
    for (old, new) in stayingPairs {
      var within: [(old: Int, new: Int)] = []
      for (offset, origin) in itemOrigins[new].enumerated() {
        let path = ItemPath(section: new, item: offset)
        guard let origin, stayingOld.contains(origin.section) else {
          itemInserts.append(path)
          continue
        }
        if origin.section == old {
          within.append((origin.item, offset))
        } else if updatedItems.contains(origin) {
          itemInserts.append(path)
        } else {
          itemMoves.append(ItemMove(from: origin, to: path))
          kept.insert(origin)
        }
      }
      let run = ArrayChangeset.longestIncreasingRun(of: within.map(\.old))
      for (position, pair) in within.enumerated() {
        let origin = ItemPath(section: old, item: pair.old)
        let changed = updatedItems.contains(origin)
        if run[position] {
          kept.insert(origin)
          if changed { itemUpdates.append(origin) }
        } else if changed {
          itemInserts.append(ItemPath(section: new, item: pair.new))
        } else {
          kept.insert(origin)
          itemMoves.append(ItemMove(from: origin, to: ItemPath(section: new, item: pair.new)))
        }
      }
    }
    for (old, _) in stayingPairs {
      for offset in 0..<oldItemCounts[old] where !kept.contains(ItemPath(section: old, item: offset)) {
        itemDeletes.append(ItemPath(section: old, item: offset))
      }
    }
    self.init(
      sections: ArrayChangeset(
        deletes: sectionDeletes, inserts: sectionInserts, updates: sectionUpdates, moves: sectionMoves),
      itemDeletes: itemDeletes,
      itemInserts: itemInserts,
      itemUpdates: itemUpdates,
      itemMoves: itemMoves
    )
  }
}
