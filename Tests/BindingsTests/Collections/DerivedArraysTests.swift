import Bindings
import Foundation
import Testing

@Suite("derived observable arrays", .releasesEveryObject)
struct DerivedArraysTests {
  @Test("map keeps the source's changes and transforms only new elements")
  func map() {
    let numbers = MutableObservableArray([1, 2])
    var calls = 0
    let labels = numbers.map { number -> String in
      calls += 1
      return "#\(number)"
    }
    var changes: [ArrayChangeset] = []
    let token = labels.dropFirst().sink { changes.append($0.change) }
    numbers.append(3)
    numbers[0] = 10
    numbers.move(from: 0, to: 2)
    #expect(labels.contents == ["#2", "#3", "#10"])
    #expect(
      changes == [
        ArrayChangeset(inserts: [2]), ArrayChangeset(updates: [0]), ArrayChangeset(moves: [.init(from: 0, to: 2)]),
      ])
    #expect(calls == 4)
    token.cancel()
  }

  @Test("filter turns an update into an insert, a delete or an update as needed")
  func filter() {
    let numbers = MutableObservableArray([1, 2, 3, 4])
    let even = numbers.filter { $0 % 2 == 0 }
    var events: [String] = []
    let token = even.dropFirst().sink { events.append("\($0.contents) \($0.change)") }
    numbers[0] = 6  // odd → even: insert
    numbers[1] = 5  // even → odd: delete
    numbers[3] = 8  // even → even: update
    numbers[2] = 7  // odd → odd: nothing
    #expect(events == ["[6, 2, 4] inserts [0]", "[6, 4] deletes [1]", "[6, 8] updates [1]"])
    token.cancel()
  }

  @Test("compactMap keeps the non-nil results")
  func compactMap() {
    let texts = MutableObservableArray(["1", "x", "3"])
    let numbers = texts.compactMap { Int($0) }
    texts.insert("2", at: 1)
    texts.remove(at: 2)
    #expect(numbers.contents == [1, 2, 3])
  }

  @Test("sorted places new and changed elements in order")
  func sorted() {
    let scores = MutableObservableArray([30, 10])
    let ranked = scores.sorted(by: <)
    var changes: [ArrayChangeset] = []
    let token = ranked.dropFirst().sink { changes.append($0.change) }
    scores.append(20)
    scores[0] = 5
    #expect(ranked.contents == [5, 10, 20])
    #expect(changes == [ArrayChangeset(inserts: [1]), ArrayChangeset(deletes: [2], inserts: [0])])
    token.cancel()
  }

  @Test("derived arrays apply exactly under thousands of random edits", arguments: RandomizedChangesTests.seeds)
  func randomized(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let array = MutableObservableArray<Int>()
    let mapped = array.map { $0 * 2 }
    let filtered = array.filter { $0 % 3 != 0 }
    let sorted = array.sorted(by: <)
    let chained = array.compactMap { $0 % 2 == 0 ? $0 : nil }.sorted(by: >).map { $0 + 1 }
    let checkers = [ChangeChecker(mapped), ChangeChecker(filtered), ChangeChecker(sorted), ChangeChecker(chained)]
    for _ in 0..<2_000 { RandomizedChangesTests.randomEdit(array, &random) }
    for checker in checkers { #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))") }
    let source = array.contents
    #expect(mapped.contents == source.map { $0 * 2 }, "seed \(seed)")
    #expect(filtered.contents == source.filter { $0 % 3 != 0 }, "seed \(seed)")
    #expect(sorted.contents == source.sorted(), "seed \(seed)")
    #expect(chained.contents == source.filter { $0 % 2 == 0 }.sorted(by: >).map { $0 + 1 }, "seed \(seed)")
  }

  @Test("a derived array is released when nothing holds or follows it")
  func lifetime() {
    let numbers = MutableObservableArray([1, 2])
    weak var weakDerived: ObservableArray<Int>?
    do {
      let derived = numbers.filter { $0 > 1 }
      weakDerived = derived
      let list = RecordingList()
      list.reactive.items { number, _ in "\(number)" } <~ derived
      numbers.append(3)
      #expect(list.shown == ["2", "3"])
    }
    #expect(weakDerived == nil)
  }
}
