extension ObservableArray {
  /// A read-only array of `transform` applied to each element, whose events carry the same changes.
  ///
  /// ```swift
  /// let numbers = MutableObservableArray([1, 2])
  /// let labels = numbers.map { "#\($0)" }
  /// numbers.append(3)
  /// print(labels.contents)   // prints "["#1", "#2", "#3"]"
  /// ```
  ///
  /// `transform` runs for inserted and updated elements only, on the thread that delivers the
  /// source's event. The derived array keeps this one alive and follows it while it is held or
  /// subscribed.
  @inlinable
  public func map<Transformed>(_ transform: @escaping (Element) -> Transformed) -> ObservableArray<Transformed> {
    ObservableArray<Transformed>(deriving: self, MappingDeriver(transform))
  }

  /// A read-only array of the elements that satisfy `isIncluded`, with exact changes: an update of
  /// the source becomes an insert, a delete or an update of the filtered array as needed.
  ///
  /// ```swift
  /// let numbers = MutableObservableArray([1, 2, 3])
  /// let even = numbers.filter { $0 % 2 == 0 }
  /// let token = even.dropFirst().sink { print($0.contents, $0.change) }
  /// numbers[0] = 4   // prints "[4, 2] inserts [0]"
  /// ```
  ///
  /// - Complexity: per event, `isIncluded` runs once per inserted or updated element, and the
  ///   offsets in the filtered array are found in O(log *n*) each when the source's elements are
  ///   updated or added and removed at its end; other inserts, removes and moves cost O(*n*) (an
  ///   array moves its tail anyway).
  @inlinable
  public func filter(_ isIncluded: @escaping (Element) -> Bool) -> ObservableArray<Element> {
    ObservableArray<Element>(deriving: self, CompactMappingDeriver { isIncluded($0) ? $0 : nil })
  }

  /// A read-only array of the non-`nil` results of `transform`, with exact changes.
  ///
  /// ```swift
  /// let texts = MutableObservableArray(["1", "x", "3"])
  /// let numbers = texts.compactMap { Int($0) }
  /// print(numbers.contents)   // prints "[1, 3]"
  /// ```
  @inlinable
  public func compactMap<Transformed>(
    _ transform: @escaping (Element) -> Transformed?
  ) -> ObservableArray<Transformed> {
    ObservableArray<Transformed>(deriving: self, CompactMappingDeriver(transform))
  }

  /// A read-only array of the elements in the order `areInIncreasingOrder` gives, whose events move
  /// changed elements to their sorted place (as a delete and an insert).
  ///
  /// ```swift
  /// let scores = MutableObservableArray([30, 10])
  /// let ranked = scores.sorted(by: <)
  /// scores.append(20)
  /// print(ranked.contents)   // prints "[10, 20, 30]"
  /// ```
  ///
  /// The order of equal elements is unspecified.
  @inlinable
  public func sorted(by areInIncreasingOrder: @escaping (Element, Element) -> Bool) -> ObservableArray<Element> {
    ObservableArray<Element>(deriving: self, SortingDeriver(areInIncreasingOrder))
  }

  /// A derived array, fed by `deriver` from every event of `source`.
  @inlinable
  convenience init<Source, D: ArrayDeriver>(deriving source: ObservableArray<Source>, _ deriver: D)
  where D.Source == Source, D.Derived == Element {
    let core = CollectionCore<[Element], ArrayChangeset>(contents: [], resetChange: .reset)
    // The subscription holds the deriver and the derived core, not the derived array, so dropping
    // the array cancels it.
    let subscription = source.sink { event in deriver.receive(event, into: core) }
    self.init(core: core, derivation: subscription)
  }
}

/// Turns events of a source array into edits of a derived array's core. Called serially, on the
/// thread that delivers the source's events; user closures run there, never under the core's lock.
@usableFromInline
protocol ArrayDeriver: AnyObject {
  associatedtype Source
  associatedtype Derived
  func receive(_ event: ObservableArrayEvent<Source>, into core: CollectionCore<[Derived], ArrayChangeset>)
}

extension CollectionCore where Change == ArrayChangeset {
  /// Replaces the contents with `elements` as a reset; the old contents are released after unlocking.
  @inlinable
  func reset<Element>(to elements: [Element]) where Contents == [Element] {
    let old = edit { contents in
      let old = contents
      contents = elements
      return (ArrayChangeset.reset, old)
    }
    withExtendedLifetime(old) {}
  }

  /// Applies `change` to the contents, taking new elements from `newElements` (library code only).
  @inlinable
  func apply<Element>(_ change: ArrayChangeset, newCount: Int, _ newElements: [Int: Element])
  where Contents == [Element] {
    guard !change.isEmpty else { return }
    edit { contents in
      do {
        try change.apply(to: &contents, newCount: newCount) { newElements[$0]! }
      } catch {
        preconditionFailure("a derived array computed a change that does not fit: \(error)")
      }
      return (change, ())
    }
  }
}

extension ArrayChangeset {
  /// For each update, its offset after the change (updated elements stay among the survivors).
  @usableFromInline
  func finalOffsetsOfUpdates() -> [Int] {
    guard !updates.isEmpty else { return [] }
    let removed = (deletes + moves.map(\.from)).sorted()
    let placed = (inserts + moves.map(\.to)).sorted()
    var removedIndex = 0
    return updates.map { offset in
      while removedIndex < removed.count && removed[removedIndex] < offset { removedIndex += 1 }
      var final = offset - removedIndex
      for slot in placed {
        if slot <= final { final += 1 } else { break }
      }
      return final
    }
  }
}

@usableFromInline
final class MappingDeriver<Source, Derived>: ArrayDeriver {
  @usableFromInline let transform: (Source) -> Derived

  @inlinable
  init(_ transform: @escaping (Source) -> Derived) { self.transform = transform }

  @inlinable
  func receive(_ event: ObservableArrayEvent<Source>, into core: CollectionCore<[Derived], ArrayChangeset>) {
    let change = event.change
    if change.isReset { return core.reset(to: event.contents.map(transform)) }
    var newElements: [Int: Derived] = [:]
    for offset in change.inserts + change.finalOffsetsOfUpdates() {
      newElements[offset] = transform(event.contents[offset])
    }
    core.apply(change, newCount: event.contents.count, newElements)
  }
}

@usableFromInline
final class CompactMappingDeriver<Source, Derived>: ArrayDeriver {
  /// Variable for ``ObservableArray/filter(by:_:)``, which sets it for each new value.
  @usableFromInline var transform: (Source) -> Derived?
  /// For each source element, 1 when it is in the derived array.
  @usableFromInline var included: [UInt8] = []
  /// Prefix counts over `included`: where in the derived array a source offset lands.
  @usableFromInline var counts = PrefixCounts()

  @inlinable
  init(_ transform: @escaping (Source) -> Derived?) { self.transform = transform }

  @inlinable
  func receive(_ event: ObservableArrayEvent<Source>, into core: CollectionCore<[Derived], ArrayChangeset>) {
    let change = event.change
    let source = event.contents
    if change.updates.count == 1, change.inserts.isEmpty, change.deletes.isEmpty, change.moves.isEmpty,
      !change.isReset
    {
      return receiveUpdate(at: change.updates[0], of: source, into: core)
    }
    if change.isReset {
      let results = source.map(transform)
      included = results.map { $0 == nil ? 0 : 1 }
      counts = PrefixCounts(included)
      return core.reset(to: results.compactMap { $0 })
    }
    let updateFinals = change.finalOffsetsOfUpdates()
    var results: [Int: Derived?] = [:]
    for offset in change.inserts + updateFinals { results[offset] = transform(source[offset]) }

    // Before the change: which removed, moved and updated elements were shown, and where.
    let oldQueries = change.deletes + change.moves.map(\.from) + change.updates
    var oldRanks: [Int: Int] = [:]
    var wasIncluded: [Int: Bool] = [:]
    for offset in oldQueries {
      oldRanks[offset] = counts.count(before: offset)
      wasIncluded[offset] = included[offset] == 1
    }

    let oldCount = included.count
    do {
      try change.apply(to: &included, newCount: source.count) { results[$0]! == nil ? 0 : 1 }
    } catch {
      preconditionFailure("the source array reported a change that does not fit: \(error)")
    }
    updateCounts(for: change, oldCount: oldCount, wasIncluded: wasIncluded)
    var newRanks: [Int: Int] = [:]
    for offset in change.inserts + change.moves.map(\.to) + updateFinals {
      newRanks[offset] = counts.count(before: offset)
    }

    var deletes: [Int] = []
    var inserts: [Int] = []
    var updates: [Int] = []
    var moves: [ArrayChangeset.Move] = []
    var derivedElements: [Int: Derived] = [:]
    for offset in change.deletes where wasIncluded[offset]! { deletes.append(oldRanks[offset]!) }
    for move in change.moves where wasIncluded[move.from]! {
      moves.append(.init(from: oldRanks[move.from]!, to: newRanks[move.to]!))
    }
    for (offset, final) in zip(change.updates, updateFinals) {
      let result = results[final]!
      switch (wasIncluded[offset]!, result) {
      case (true, .some(let element)):
        updates.append(oldRanks[offset]!)
        derivedElements[newRanks[final]!] = element
      case (true, .none):
        deletes.append(oldRanks[offset]!)
      case (false, .some(let element)):
        inserts.append(newRanks[final]!)
        derivedElements[newRanks[final]!] = element
      case (false, .none):
        break
      }
    }
    for offset in change.inserts {
      guard let element = results[offset]! else { continue }
      inserts.append(newRanks[offset]!)
      derivedElements[newRanks[offset]!] = element
    }
    let derivedChange = ArrayChangeset(deletes: deletes, inserts: inserts, updates: updates, moves: moves)
    let derivedCount = core.read { $0.count } - deletes.count + inserts.count
    core.apply(derivedChange, newCount: derivedCount, derivedElements)
  }

  /// One updated element, the most common event, without the general path's maps: it stays, goes
  /// or comes at its rank among the included elements, O(log *n*) to find.
  @inlinable
  func receiveUpdate(at offset: Int, of source: [Source], into core: CollectionCore<[Derived], ArrayChangeset>) {
    let result = transform(source[offset])
    let wasIncluded = included[offset] == 1
    let rank = counts.count(before: offset)
    switch (wasIncluded, result) {
    case (true, .some(let element)):
      let old = core.edit { contents in
        let old = contents[rank]
        contents[rank] = element
        return (ArrayChangeset(sortedDeletes: [], sortedInserts: [], sortedUpdates: [rank], sortedMoves: []), old)
      }
      withExtendedLifetime(old) {}
    case (true, .none):
      included[offset] = 0
      counts.add(-1, at: offset)
      let removed = core.edit { contents in
        (
          ArrayChangeset(sortedDeletes: [rank], sortedInserts: [], sortedUpdates: [], sortedMoves: []),
          contents.remove(at: rank)
        )
      }
      withExtendedLifetime(removed) {}
    case (false, .some(let element)):
      included[offset] = 1
      counts.add(1, at: offset)
      core.edit { contents in
        contents.insert(element, at: rank)
        return (ArrayChangeset(sortedDeletes: [], sortedInserts: [rank], sortedUpdates: [], sortedMoves: []), ())
      }
    case (false, .none):
      break
    }
  }

  /// Brings `counts` in line with `included` after `change`: O(*k* log *n*) for *k* changes when
  /// elements are only updated, or added and removed at the end; a rebuild in O(*n*) otherwise
  /// (inserting into an array in the middle moves its tail anyway).
  @usableFromInline
  func updateCounts(for change: ArrayChangeset, oldCount: Int, wasIncluded: [Int: Bool]) {
    let newCount = included.count
    let deletesAtEnd = change.deletes.first.map { $0 == oldCount - change.deletes.count } ?? true
    let insertsAtEnd = change.inserts.first.map { $0 == newCount - change.inserts.count } ?? true
    guard change.moves.isEmpty, deletesAtEnd, insertsAtEnd else {
      counts = PrefixCounts(included)
      return
    }
    counts.removeLast(change.deletes.count)
    // Survivors keep their offsets: updates are in place.
    for offset in change.updates {
      let delta = Int(included[offset]) - (wasIncluded[offset]! ? 1 : 0)
      if delta != 0 { counts.add(delta, at: offset) }
    }
    for offset in change.inserts { counts.append(included[offset]) }
  }
}

/// Counts of set flags before each offset of a list of 0/1 flags (a Fenwick tree): a query, an
/// update, an append or a removal at the end costs O(log *n*).
@usableFromInline
struct PrefixCounts {
  /// Node `i` (1-based) holds the sum of the flags at offsets `i - lowbit(i) ..< i`.
  private var tree: [Int] = []

  @usableFromInline
  init() {}

  /// Counts over `flags`, built in O(*n*).
  @usableFromInline
  init(_ flags: [UInt8]) {
    tree = flags.map(Int.init)
    let count = tree.count
    tree.withUnsafeMutableBufferPointer { nodes in
      for node in stride(from: 1, through: count, by: 1) {
        let parent = node + (node & -node)
        if parent <= count { nodes[parent - 1] += nodes[node - 1] }
      }
    }
  }

  /// The number of set flags at offsets before `offset`.
  @usableFromInline
  func count(before offset: Int) -> Int {
    var node = offset
    var sum = 0
    while node > 0 {
      sum += tree[node - 1]
      node -= node & -node
    }
    return sum
  }

  /// Adds `delta` to the flag at `offset`.
  @usableFromInline
  mutating func add(_ delta: Int, at offset: Int) {
    var node = offset + 1
    while node <= tree.count {
      tree[node - 1] += delta
      node += node & -node
    }
  }

  /// Adds a flag at the end.
  @usableFromInline
  mutating func append(_ flag: UInt8) {
    let node = tree.count + 1
    tree.append(Int(flag) + count(before: node - 1) - count(before: node - (node & -node)))
  }

  /// Removes the last `k` flags.
  @usableFromInline
  mutating func removeLast(_ k: Int) {
    tree.removeLast(k)
  }
}

@usableFromInline
final class SortingDeriver<Element>: ArrayDeriver {
  @usableFromInline let areInIncreasingOrder: (Element, Element) -> Bool
  /// A token per source element, and per sorted element, so that an element can be found again.
  @usableFromInline var sourceTokens: [Int] = []
  @usableFromInline var sortedTokens: [Int] = []
  @usableFromInline var sortedValues: [Element] = []
  @usableFromInline var nextToken = 0

  @inlinable
  init(_ areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
    self.areInIncreasingOrder = areInIncreasingOrder
  }

  @inlinable
  func receive(_ event: ObservableArrayEvent<Element>, into core: CollectionCore<[Element], ArrayChangeset>) {
    let change = event.change
    let source = event.contents
    if change.isReset {
      let order = source.indices.sorted { areInIncreasingOrder(source[$0], source[$1]) }
      sourceTokens = Array(source.indices)
      sortedTokens = order
      sortedValues = order.map { source[$0] }
      nextToken = source.count
      // A separate copy, so that the core edits its contents in place without copying ours.
      var contents: [Element] = []
      contents.reserveCapacity(sortedValues.count)
      contents.append(contentsOf: sortedValues)
      return core.reset(to: contents)
    }
    // Updated elements leave their sorted place and are inserted again with their new value.
    let removed = Set((change.deletes + change.updates).map { sourceTokens[$0] })
    var added: [(offset: Int, token: Int)] = []
    for offset in change.inserts + change.finalOffsetsOfUpdates() {
      added.append((offset, nextToken))
      nextToken += 1
    }
    let tokenAt = Dictionary(uniqueKeysWithValues: added.map { ($0.offset, $0.token) })
    do {
      try change.apply(to: &sourceTokens, newCount: source.count) { tokenAt[$0]! }
    } catch {
      preconditionFailure("the source array reported a change that does not fit: \(error)")
    }

    var deletes: [Int] = []
    if !removed.isEmpty {
      deletes = sortedTokens.indices.filter { removed.contains(sortedTokens[$0]) }
      for position in deletes.reversed() {
        sortedTokens.remove(at: position)
        sortedValues.remove(at: position)
      }
    }
    for (offset, token) in added {
      let value = source[offset]
      var low = 0
      var high = sortedValues.count
      while low < high {
        let middle = (low + high) / 2
        if areInIncreasingOrder(value, sortedValues[middle]) { high = middle } else { low = middle + 1 }
      }
      sortedValues.insert(value, at: low)
      sortedTokens.insert(token, at: low)
    }
    var inserts: [Int] = []
    if !added.isEmpty {
      let addedTokens = Set(added.map(\.token))
      inserts = sortedTokens.indices.filter { addedTokens.contains(sortedTokens[$0]) }
    }
    var newElements: [Int: Element] = [:]
    for position in inserts { newElements[position] = sortedValues[position] }
    core.apply(
      ArrayChangeset(deletes: deletes, inserts: inserts),
      newCount: sortedValues.count,
      newElements
    )
  }
}
