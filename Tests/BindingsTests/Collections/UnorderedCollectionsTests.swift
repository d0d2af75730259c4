import Foundation
import Testing

@testable import Bindings

@Suite("observable sets and dictionaries", .releasesEveryObject)
struct UnorderedCollectionsTests {
  @Test("set edits report the members they inserted, removed or updated; edits that change nothing send nothing")
  func setEdits() {
    let tags = MutableObservableSet([1, 2])
    let checker = setChecker(tags)
    var changes: [SetChangeset<Int>] = []
    let token = tags.dropFirst().sink { changes.append($0.change) }
    tags.insert(3)
    tags.insert(3)
    tags.remove(1)
    tags.remove(1)
    tags.update(with: 2)
    tags.update(with: 4)
    tags.formUnion([4, 5, 6])
    tags.subtract([5, 6, 7])
    tags.replace(with: [2, 3, 8])
    tags.removeAll()
    tags.removeAll()
    tags.batchUpdate { $0.formUnion([9, 10]) }
    tags.batchUpdate { _ in }
    #expect(
      changes == [
        SetChangeset(inserted: [3]), SetChangeset(removed: [1]), SetChangeset(updated: [2]),
        SetChangeset(inserted: [4]),
        SetChangeset(inserted: [5, 6]), SetChangeset(removed: [5, 6]), SetChangeset(inserted: [8], removed: [4]),
        SetChangeset(removed: [2, 3, 8]), SetChangeset(inserted: [9, 10]),
      ]
    )
    #expect(tags.contents == [9, 10] && tags.contains(9) && tags.count == 2)
    #expect(checker.failures.isEmpty, "\(checker.failures)")
    token.cancel()
  }

  @Test("a set batch compares members with ==: an equal member swapped in is not reported as a change")
  func batchComparesMembersWithEquality() {
    /// Equal by id; `label` tells two equal members apart.
    struct Tag: Hashable {
      let id: Int
      let label: String
      static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.id == rhs.id }
      func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }
    let tags = MutableObservableSet([Tag(id: 1, label: "old")])
    var changes: [SetChangeset<Tag>] = []
    let token = tags.dropFirst().sink { changes.append($0.change) }
    tags.batchUpdate { $0.update(with: Tag(id: 1, label: "new")) }
    #expect(changes.isEmpty)
    #expect(tags.contents.first?.label == "old")
    tags.batchUpdate { members in
      members.update(with: Tag(id: 1, label: "new"))
      members.insert(Tag(id: 2, label: "two"))
    }
    #expect(changes == [SetChangeset(inserted: [Tag(id: 2, label: "two")])])
    #expect(tags.contents.first { $0.id == 1 }?.label == "new")
    tags.update(with: Tag(id: 1, label: "newer"))
    #expect(changes.last == SetChangeset(updated: [Tag(id: 1, label: "newer")]))
    #expect(tags.contents.first { $0.id == 1 }?.label == "newer")
    token.cancel()
  }

  @Test("dictionary edits report the keys they added, removed or set; edits that change nothing send nothing")
  func dictionaryEdits() {
    let scores = MutableObservableDictionary(["a": 1])
    let checker = dictionaryChecker(scores)
    var changes: [DictionaryChangeset<String>] = []
    let token = scores.dropFirst().sink { changes.append($0.change) }
    scores["b"] = 2
    scores["a"] = 3
    scores["a"] = nil
    scores["a"] = nil
    scores.updateValue(4, forKey: "c")
    scores.removeValue(forKey: "b")
    scores.replace(with: ["c": 4, "d": 5])
    scores.batchUpdate { entries in
      entries["c"] = 6
      entries["e"] = 7
      entries["e"] = nil
    }
    scores.batchUpdate { _ in }
    scores.removeAll()
    #expect(
      changes == [
        DictionaryChangeset(inserted: ["b"]), DictionaryChangeset(updated: ["a"]), DictionaryChangeset(removed: ["a"]),
        DictionaryChangeset(inserted: ["c"]), DictionaryChangeset(removed: ["b"]), DictionaryChangeset(inserted: ["d"]),
        DictionaryChangeset(updated: ["c"]), DictionaryChangeset(removed: ["c", "d"]),
      ]
    )
    #expect(scores.isEmpty)
    #expect(checker.failures.isEmpty, "\(checker.failures)")
    token.cancel()
  }

  @Test("replacing a dictionary whose values are not Equatable reports every kept key as updated")
  func replaceNonEquatable() {
    struct Box { var value: Int }
    let boxes = MutableObservableDictionary(["a": Box(value: 1), "b": Box(value: 2)])
    var changes: [DictionaryChangeset<String>] = []
    let token = boxes.dropFirst().sink { changes.append($0.change) }
    boxes.replace(with: ["b": Box(value: 2), "c": Box(value: 3)])
    #expect(changes == [DictionaryChangeset(inserted: ["c"], removed: ["a"], updated: ["b"])])
    token.cancel()
  }

  /// A key whose `hash(into:)` and `==` read the collection that holds it: were they called under
  /// the collection's lock, the read would take the lock again and deadlock.
  final class Reentrant: Hashable, @unchecked Sendable {
    let value: Int
    nonisolated(unsafe) static var probe: (() -> Void)?
    init(_ value: Int) { self.value = value }
    static func == (lhs: Reentrant, rhs: Reentrant) -> Bool {
      probe?()
      return lhs.value == rhs.value
    }
    func hash(into hasher: inout Hasher) {
      Self.probe?()
      hasher.combine(value)
    }
  }

  @Test("hash(into:) and == of members and keys never run under the collection's lock")
  func userCodeOutsideLock() {
    let set = MutableObservableSet<Reentrant>()
    let dictionary = MutableObservableDictionary<Reentrant, Int>()
    var reads = 0
    Reentrant.probe = {
      reads += set.count + dictionary.count
      _ = set.contents
    }
    defer { Reentrant.probe = nil }
    let checker = setChecker(set)
    let one = Reentrant(1)
    set.insert(one)
    set.insert(Reentrant(2))
    set.update(with: Reentrant(1))
    set.remove(one)
    set.replace(with: [Reentrant(3)])
    #expect(set.contains(Reentrant(3)))
    dictionary[Reentrant(1)] = 1
    dictionary[Reentrant(1)] = 2
    dictionary.replace(with: [Reentrant(2): 2])
    dictionary.batchUpdate { $0[Reentrant(3)] = 3 }
    #expect(dictionary[Reentrant(3)] == 3)
    #expect(reads > 0)
    #expect(checker.failures.isEmpty, "\(checker.failures)")
  }

  @Test("a cancelled subscription to a set or dictionary receives nothing more")
  func cancelStops() {
    let set = MutableObservableSet<Int>()
    let dictionary = MutableObservableDictionary<Int, Int>()
    var count = 0
    let setToken = set.sink { _ in count += 1 }
    let dictionaryToken = dictionary.sink { _ in count += 1 }
    set.insert(1)
    dictionary[1] = 1
    setToken.cancel()
    dictionaryToken.cancel()
    set.insert(2)
    dictionary[2] = 2
    #expect(count == 4)
    #expect(set.core.subscriberCount == 0 && dictionary.core.subscriberCount == 0)
  }

  @Test("an observable set and dictionary are released with their last subscription")
  func released() {
    weak var weakSet: MutableObservableSet<Int>?
    weak var weakDictionary: MutableObservableDictionary<Int, Int>?
    var tokens: [AnyCancellable] = []
    do {
      let set = MutableObservableSet([1])
      let dictionary = MutableObservableDictionary([1: 1])
      weakSet = set
      weakDictionary = dictionary
      tokens.append(set.sink { _ in })
      tokens.append(dictionary.sink { _ in })
    }
    #expect(weakSet != nil && weakDictionary != nil)
    tokens.removeAll()
    #expect(weakSet == nil && weakDictionary == nil)
  }
}
