// C1–C5: edits of observable collections, each with one subscriber, against the same edit on a plain
// Swift collection followed by a closure call ("floor"). Shared by the timed harness
// (CollectionBenchmarks.swift) and the instruction counts (InstructionCounts/main.swift).
//
// - C1: `append` + `removeLast` on an array (two edits per step).
// - C2: one update through `filter { $0 % 2 == 0 }` (one edit of the source, one derived event).
// - C3: `insert` + `remove` of a new member of a set (two edits per step).
// - C4: set a new key's value, then remove it, in a dictionary (two edits per step).
// - C5: `appendItem` + `removeItem` in the middle section of a sectioned array (two edits per step).
// - C6: one set of an element of a 100-element array, in a `batchUpdate` ("ours") against the plain
//   subscript set ("floor"), both with one subscriber: what a batch of one set costs over the set itself.
//
// C1–C5 run at two sizes; the same time per edit at both is O(1) per edit. C6 runs at 100 elements.
import Bindings

/// One collection edit scenario at a given size. `step(_:)` makes the scenario's edits once.
protocol CollectionEditFixture: AnyObject {
  init(size: Int)
  func step(_ index: Int)
  /// Changes the subscriber saw, for the self-checks.
  var seen: Int { get }
  /// Edits per step, to divide by.
  static var editsPerStep: Int { get }
}

// MARK: - Ours

final class OursArrayAppend: CollectionEditFixture {
  static let editsPerStep = 2
  let array: MutableObservableArray<Int>
  let field = Field()
  let token: AnyCancellable
  init(size: Int) {
    array = MutableObservableArray(Array(0..<size))
    let field = field
    token = array.sink { field.count &+= $0.change.inserts.count }
  }
  func step(_ index: Int) {
    array.append(index)
    array.removeLast()
  }
  var seen: Int { field.count }
}

final class OursArrayFilter: CollectionEditFixture {
  static let editsPerStep = 1
  let source: MutableObservableArray<Int>
  let even: ObservableArray<Int>
  let field = Field()
  let token: AnyCancellable
  let size: Int
  init(size: Int) {
    self.size = size
    source = MutableObservableArray(Array(0..<size))
    even = source.filter { $0 % 2 == 0 }
    let field = field
    token = even.sink { field.count &+= $0.change.inserts.count + $0.change.deletes.count }
  }
  func step(_ index: Int) {
    let offset = (index &* 7_919) % size
    source[offset] = source[offset] &+ 1
  }
  var seen: Int { field.count }
}

final class OursSetInsert: CollectionEditFixture {
  static let editsPerStep = 2
  let set: MutableObservableSet<Int>
  let field = Field()
  let token: AnyCancellable
  let size: Int
  init(size: Int) {
    self.size = size
    set = MutableObservableSet(Set(0..<size))
    let field = field
    token = set.sink { field.count &+= $0.change.inserted.count }
  }
  func step(_ index: Int) {
    set.insert(size &+ index)
    set.remove(size &+ index)
  }
  var seen: Int { field.count }
}

final class OursDictionaryUpdate: CollectionEditFixture {
  static let editsPerStep = 2
  let dictionary: MutableObservableDictionary<Int, Int>
  let field = Field()
  let token: AnyCancellable
  let size: Int
  init(size: Int) {
    self.size = size
    dictionary = MutableObservableDictionary(Dictionary(uniqueKeysWithValues: (0..<size).map { ($0, $0) }))
    let field = field
    token = dictionary.sink { field.count &+= $0.change.inserted.count }
  }
  func step(_ index: Int) {
    dictionary[size &+ index] = index
    dictionary[size &+ index] = nil
  }
  var seen: Int { field.count }
}

/// Ten sections of `size / 10` items; edits go to the end of section 5.
final class OursSectionedAppend: CollectionEditFixture {
  static let editsPerStep = 2
  let sections: MutableObservableSectionedArray<Int, Int>
  let field = Field()
  let token: AnyCancellable
  let last: ItemPath
  init(size: Int) {
    let perSection = size / 10
    sections = MutableObservableSectionedArray(
      (0..<10).map { ArraySection($0, items: Array($0 * perSection..<($0 + 1) * perSection)) })
    last = ItemPath(section: 5, item: perSection)
    let field = field
    token = sections.sink { field.count &+= $0.change.itemInserts.count }
  }
  func step(_ index: Int) {
    sections.appendItem(index, toSection: 5)
    sections.removeItem(at: last)
  }
  var seen: Int { field.count }
}

/// C6, ours: one element set inside a batch.
final class OursArrayBatchSet: CollectionEditFixture {
  static let editsPerStep = 1
  let array: MutableObservableArray<Int>
  let field = Field()
  let token: AnyCancellable
  let size: Int
  init(size: Int) {
    self.size = size
    array = MutableObservableArray(Array(0..<size))
    let field = field
    token = array.sink { field.count &+= $0.change.updates.count }
  }
  func step(_ index: Int) {
    let offset = (index &* 7_919) % size
    array.batchUpdate { $0[offset] = index }
  }
  var seen: Int { field.count }
}

/// C6, its floor: the same set without a batch.
final class OursArrayPlainSet: CollectionEditFixture {
  static let editsPerStep = 1
  let array: MutableObservableArray<Int>
  let field = Field()
  let token: AnyCancellable
  let size: Int
  init(size: Int) {
    self.size = size
    array = MutableObservableArray(Array(0..<size))
    let field = field
    token = array.sink { field.count &+= $0.change.updates.count }
  }
  func step(_ index: Int) {
    let offset = (index &* 7_919) % size
    array[offset] = index
  }
  var seen: Int { field.count }
}

// MARK: - Floor

/// The contents, passed to one subscriber closure with the number of inserted elements.
final class FloorCollection<Contents> {
  var contents: Contents
  let field = Field()
  let subscriber: (Contents, Int) -> Void
  init(_ contents: Contents) {
    self.contents = contents
    let field = field
    subscriber = { _, inserted in field.count &+= inserted }
  }
}

final class FloorArrayAppend: CollectionEditFixture {
  static let editsPerStep = 2
  let base: FloorCollection<[Int]>
  init(size: Int) { base = FloorCollection(Array(0..<size)) }
  func step(_ index: Int) {
    base.contents.append(index)
    base.subscriber(base.contents, 1)
    base.contents.removeLast()
    base.subscriber(base.contents, 0)
  }
  var seen: Int { base.field.count }
}

/// The O(n) way: the source changes, the filter is recomputed over the whole array.
final class FloorArrayFilter: CollectionEditFixture {
  static let editsPerStep = 1
  let base: FloorCollection<[Int]>
  var source: [Int]
  let size: Int
  init(size: Int) {
    self.size = size
    source = Array(0..<size)
    base = FloorCollection(source.filter { $0 % 2 == 0 })
  }
  func step(_ index: Int) {
    let offset = (index &* 7_919) % size
    source[offset] = source[offset] &+ 1
    base.contents = source.filter { $0 % 2 == 0 }
    base.subscriber(base.contents, 1)
  }
  var seen: Int { base.field.count }
}

final class FloorSetInsert: CollectionEditFixture {
  static let editsPerStep = 2
  let base: FloorCollection<Set<Int>>
  let size: Int
  init(size: Int) {
    self.size = size
    base = FloorCollection(Set(0..<size))
  }
  func step(_ index: Int) {
    base.contents.insert(size &+ index)
    base.subscriber(base.contents, 1)
    base.contents.remove(size &+ index)
    base.subscriber(base.contents, 0)
  }
  var seen: Int { base.field.count }
}

final class FloorDictionaryUpdate: CollectionEditFixture {
  static let editsPerStep = 2
  let base: FloorCollection<[Int: Int]>
  let size: Int
  init(size: Int) {
    self.size = size
    base = FloorCollection(Dictionary(uniqueKeysWithValues: (0..<size).map { ($0, $0) }))
  }
  func step(_ index: Int) {
    base.contents[size &+ index] = index
    base.subscriber(base.contents, 1)
    base.contents[size &+ index] = nil
    base.subscriber(base.contents, 0)
  }
  var seen: Int { base.field.count }
}

final class FloorSectionedAppend: CollectionEditFixture {
  static let editsPerStep = 2
  let base: FloorCollection<[ArraySection<Int, Int>]>
  init(size: Int) {
    let perSection = size / 10
    base = FloorCollection((0..<10).map { ArraySection($0, items: Array($0 * perSection..<($0 + 1) * perSection)) })
  }
  func step(_ index: Int) {
    base.contents[5].items.append(index)
    base.subscriber(base.contents, 1)
    base.contents[5].items.removeLast()
    base.subscriber(base.contents, 0)
  }
  var seen: Int { base.field.count }
}

/// The fixtures of one scenario: ours and the floor, and the sizes it runs at (elements, label) when
/// not the usual 1k and 100k.
struct CollectionScenario {
  let id: String
  let ours: any CollectionEditFixture.Type
  let floor: any CollectionEditFixture.Type
  var sizes: [(Int, String)]? = nil
}

var collectionScenarios: [CollectionScenario] {
  [
    CollectionScenario(id: "C1", ours: OursArrayAppend.self, floor: FloorArrayAppend.self),
    CollectionScenario(id: "C2", ours: OursArrayFilter.self, floor: FloorArrayFilter.self),
    CollectionScenario(id: "C3", ours: OursSetInsert.self, floor: FloorSetInsert.self),
    CollectionScenario(id: "C4", ours: OursDictionaryUpdate.self, floor: FloorDictionaryUpdate.self),
    CollectionScenario(id: "C5", ours: OursSectionedAppend.self, floor: FloorSectionedAppend.self),
    CollectionScenario(id: "C6", ours: OursArrayBatchSet.self, floor: OursArrayPlainSet.self, sizes: [(100, "100")]),
  ]
}
