import Foundation
import Testing

@testable import Bindings

@Suite("MutableObservableSectionedArray", .releasesEveryObject)
struct SectionedArrayTests {
  typealias Groups = MutableObservableSectionedArray<String, Int>

  /// Subscribes to `groups` and returns the changes it reports after the replay.
  private func changes(of groups: Groups, _ edit: (Groups) -> Void) -> [String] {
    var recorded: [String] = []
    let token = groups.dropFirst().sink { recorded.append("\($0.change)") }
    edit(groups)
    token.cancel()
    return recorded
  }

  @Test("subscribing replays the current sections as a reset")
  func replay() {
    let groups = Groups([ArraySection("A", items: [1])])
    var events: [ObservableSectionedArrayEvent<String, Int>] = []
    let token = groups.sink { events.append($0) }
    #expect(events == [ObservableSectionedArrayEvent(contents: [ArraySection("A", items: [1])], change: .reset)])
    token.cancel()
  }

  @Test("each section and item edit reports section offsets and item paths")
  func singleEdits() {
    let groups = Groups([ArraySection("A", items: [1, 2])])
    let checker = sectionedChecker(groups)
    let recorded = changes(of: groups) { groups in
      groups.appendSection(ArraySection("B", items: [3]))
      groups.insertSection(ArraySection("Z"), at: 0)
      groups.moveSection(from: 0, to: 2)
      groups.updateMetadata("a", ofSection: 0)
      groups.removeSection(at: 2)
      groups.appendItem(4, toSection: 1)
      groups.insertItem(0, at: ItemPath(section: 0, item: 0))
      groups.removeItem(at: ItemPath(section: 0, item: 1))
      groups.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 2))
      groups.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 1, item: 2))
      groups[ItemPath(section: 0, item: 0)] = 20
      groups.moveSection(from: 1, to: 1)
      groups.removeAll()
      groups.replace(with: [ArraySection("C", items: [1])])
    }
    #expect(
      recorded == [
        "sections inserts [1]", "sections inserts [0]", "sections moves [0→2]", "sections updates [0]",
        "sections deletes [2]", "items inserts [[1, 1]]", "items inserts [[0, 0]]", "items deletes [[0, 1]]",
        "items moves [[0, 0]→[1, 2]]", "items moves [[1, 0]→[1, 2]]", "items updates [[0, 0]]",
        "sections deletes [0, 1]", "reset",
      ]
    )
    #expect(checker.failures.isEmpty, "\(checker.failures)")
    #expect(groups.contents == [ArraySection("C", items: [1])])
  }

  @Test("a batch sends one event whose changeset describes every edit exactly")
  func batch() {
    let groups = Groups([ArraySection("A", items: [1, 2])])
    let checker = sectionedChecker(groups)
    let recorded = changes(of: groups) { groups in
      groups.batchUpdate { batch in
        batch.removeItem(at: ItemPath(section: 0, item: 0))
        batch.appendSection(ArraySection("B", items: [3]))
        batch.updateMetadata("a", ofSection: 0)
      }
      // An item that moves across sections that both stay is an item move.
      groups.batchUpdate { batch in
        batch.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
      }
    }
    #expect(recorded == ["sections inserts [1], updates [0]; items deletes [[0, 0]]", "items moves [[0, 0]→[1, 0]]"])
    #expect(groups.contents == [ArraySection("a", items: []), ArraySection("B", items: [2, 3])])
    #expect(checker.failures.isEmpty, "\(checker.failures)")
  }

  @Test("a section that moves and changes is a delete and an insert; items leaving a deleted section are inserts")
  func movedAndChanged() {
    let groups = Groups([ArraySection("A", items: [1]), ArraySection("B", items: [2]), ArraySection("C", items: [3])])
    let checker = sectionedChecker(groups)
    let recorded = changes(of: groups) { groups in
      groups.batchUpdate { batch in
        batch.moveSection(from: 0, to: 2)
        batch.appendItem(4, toSection: 2)
      }
      groups.batchUpdate { batch in
        batch.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
        batch.removeSection(at: 0)
      }
      groups.batchUpdate { batch in batch.moveSection(from: 1, to: 0) }
    }
    #expect(
      recorded == [
        "sections deletes [0], inserts [2]", "sections deletes [0]; items inserts [[0, 0]]", "sections moves [1→0]",
      ]
    )
    #expect(groups.contents == [ArraySection("A", items: [1, 4]), ArraySection("C", items: [2, 3])])
    #expect(checker.failures.isEmpty, "\(checker.failures)")
  }

  @Test("a batch that changes nothing sends nothing")
  func emptyBatch() {
    let groups = Groups([ArraySection("A", items: [1, 2])])
    let recorded = changes(of: groups) { groups in
      groups.batchUpdate { _ in }
      groups.batchUpdate { batch in
        batch.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
        batch.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0))
      }
    }
    #expect(recorded.isEmpty)
  }

  @Test("applying a changeset that names an inserted section throws and leaves the contents alone")
  func mismatch() {
    var sections = [ArraySection("A", items: [1])]
    let change = SectionedArrayChangeset(
      sections: ArrayChangeset(inserts: [0]), itemInserts: [ItemPath(section: 0, item: 0)])
    #expect(throws: ArrayChangeset.MismatchError.self) {
      try change.apply(to: &sections, newContents: [ArraySection("B", items: [2]), ArraySection("A", items: [1])])
    }
    #expect(sections == [ArraySection("A", items: [1])])
  }

  @Test("a sectioned list reloads with the current sections, then applies each change as a batch")
  func drivesList() {
    let groups = MutableObservableSectionedArray([ArraySection("Fruit", items: ["apple"])])
    let list = RecordingSectionedList()
    list.reactive.sections <~ groups
    groups.appendItem("pear", toSection: 0)
    groups.insertSection(ArraySection("Veg", items: ["leek"]), at: 0)
    groups.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1))
    #expect(
      list.calls == [
        "reload [Fruit: [\"apple\"]]", "items inserts [[0, 1]]", "sections inserts [0]",
        "items moves [[1, 0]→[0, 1]]",
      ]
    )
    #expect(list.shown == groups.contents)
  }

  @Test("the row factory makes each row from its item and path")
  func rowFactory() {
    let groups = MutableObservableSectionedArray([ArraySection("A", items: [10, 20])])
    let list = RecordingSectionedList()
    list.reactive.sections { item, path in "\(path):\(item)" } <~ groups
    #expect(list.shown == [ArraySection("A", items: ["[0, 0]:10", "[0, 1]:20"])])
  }

  @Test("a list bound to a sectioned array is released with its owner and stops receiving changes at once")
  func lifetime() {
    let groups = MutableObservableSectionedArray([ArraySection("A", items: ["x"])])
    weak var weakList: RecordingSectionedList?
    do {
      let list = RecordingSectionedList()
      weakList = list
      list.reactive.sections <~ groups
      groups.appendItem("y", toSection: 0)
      #expect(list.shown == groups.contents)
    }
    #expect(weakList == nil)
    groups.appendItem("z", toSection: 0)
    #expect(groups.core.subscriberCount == 0)
  }

  @Test("a cancelled subscription receives nothing more")
  func cancelStops() {
    let groups = Groups([ArraySection("A")])
    var count = 0
    let token = groups.sink { _ in count += 1 }
    groups.appendItem(1, toSection: 0)
    token.cancel()
    groups.appendItem(2, toSection: 0)
    #expect(count == 2)
  }
}

@Suite("collection lifetimes", .releasesEveryObject)
struct CollectionLifetimeTests {
  @Test("the last subscription to a derived array, cancelled, releases the chain without deadlock")
  func derivedChainReleasedByCancel() {
    weak var weakSource: MutableObservableArray<Int>?
    weak var weakEven: ObservableArray<Int>?
    var token: AnyCancellable?
    do {
      let source = MutableObservableArray([1, 2, 3, 4])
      let even = source.filter { $0 % 2 == 0 }
      weakSource = source
      weakEven = even
      token = even.sink { _ in }
      source.append(6)
    }
    // The subscription alone keeps the derived array, and through it the source, alive.
    #expect(weakEven?.contents == [2, 4, 6])
    // Cancelling releases the derived array, which cancels its own subscription to the source,
    // which releases the source: every release happens outside the subjects' locks.
    token?.cancel()
    token = nil
    #expect(weakEven == nil && weakSource == nil)
  }

  @Test("a sectioned array, a set and a dictionary go with their last subscription")
  func releasedWithLastSubscription() {
    weak var weakGroups: MutableObservableSectionedArray<String, Int>?
    weak var weakSet: MutableObservableSet<Int>?
    var tokens: [AnyCancellable] = []
    do {
      let groups = MutableObservableSectionedArray([ArraySection("A", items: [1])])
      let set = MutableObservableSet([1])
      weakGroups = groups
      weakSet = set
      tokens = [groups.sink { _ in }, set.sink { _ in }]
    }
    #expect(weakGroups != nil && weakSet != nil && tokens.count == 2)
    tokens = []
    #expect(weakGroups == nil && weakSet == nil)
  }
}
