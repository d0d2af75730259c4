import Bindings
import Foundation
import Testing

/// Thousands of seeded random edits; after every event the reported change, applied to a copy of
/// the previous contents, must give the new contents exactly. A failure names its seed.
@Suite("randomized changesets", .releasesEveryObject)
struct RandomizedChangesTests {
  static let seeds: [UInt64] = [1, 2, 3, 42, 2024]

  /// One random edit of `array`, single, batched or diff-replaced.
  static func randomEdit(_ array: MutableObservableArray<Int>, _ random: inout SeededGenerator) {
    let count = array.count
    let value = Int.random(in: 0..<20, using: &random)
    switch Int.random(in: 0..<13, using: &random) {
    case 0: array.append(value)
    case 1: array.append(contentsOf: (0..<Int.random(in: 0..<4, using: &random)).map { $0 + value })
    case 2: array.insert(value, at: Int.random(in: 0...count, using: &random))
    case 3: array.insert(contentsOf: [value, value + 1], at: Int.random(in: 0...count, using: &random))
    case 4 where count > 0: array.remove(at: Int.random(in: 0..<count, using: &random))
    case 5 where count > 0: array.removeFirst()
    case 6 where count > 0: array.removeLast()
    case 7 where count > 0:
      array.move(from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random))
    case 8 where count > 0: array[Int.random(in: 0..<count, using: &random)] = value
    case 9:
      let lower = Int.random(in: 0...count, using: &random)
      let upper = Int.random(in: lower...count, using: &random)
      array.replaceSubrange(lower..<upper, with: (0..<Int.random(in: 0..<4, using: &random)).map { $0 * value })
    case 10:
      var next = array.contents
      for _ in 0..<Int.random(in: 0..<5, using: &random) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !next.isEmpty: next.remove(at: Int.random(in: 0..<next.count, using: &random))
        case 1 where !next.isEmpty: next.swapAt(0, Int.random(in: 0..<next.count, using: &random))
        default: next.insert(Int.random(in: 0..<20, using: &random), at: Int.random(in: 0...next.count, using: &random))
        }
      }
      array.replace(with: next, performDiff: true)
    case 11:
      array.batchUpdate { batch in
        for _ in 0..<Int.random(in: 1..<8, using: &random) {
          let count = batch.count
          switch Int.random(in: 0..<6, using: &random) {
          case 0: batch.append(Int.random(in: 0..<20, using: &random))
          case 1: batch.insert(Int.random(in: 0..<20, using: &random), at: Int.random(in: 0...count, using: &random))
          case 2 where count > 0: batch.remove(at: Int.random(in: 0..<count, using: &random))
          case 3 where count > 0:
            batch.move(from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random))
          case 4 where count > 0:
            batch[Int.random(in: 0..<count, using: &random)] = Int.random(in: 0..<20, using: &random)
          case 5:
            let lower = Int.random(in: 0...count, using: &random)
            let upper = Int.random(in: lower...count, using: &random)
            batch.replaceSubrange(lower..<upper, with: [Int.random(in: 0..<20, using: &random)])
          default: break
          }
        }
      }
    case 12 where count > 30: array.removeAll()
    default: array.append(value)
    }
  }

  @Test("every event of an edited array applies exactly to the previous contents", arguments: seeds)
  func array(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let array = MutableObservableArray<Int>()
    let checker = ChangeChecker(array)
    for _ in 0..<2_000 { Self.randomEdit(array, &random) }
    #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))")
    #expect(checker.contents == array.contents, "seed \(seed)")
    #expect(checker.events > 1_000, "seed \(seed)")
  }

  @Test("diffed replaces of unrelated random arrays apply exactly", arguments: seeds)
  func diffs(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let array = MutableObservableArray<Int>()
    let strings = MutableObservableArray<String>()
    let checker = ChangeChecker(array)
    let stringChecker = ChangeChecker(strings)
    for _ in 0..<500 {
      let next = (0..<Int.random(in: 0..<12, using: &random)).map { _ in Int.random(in: 0..<6, using: &random) }
      array.replace(with: next, performDiff: true)
      // Strings are Hashable: the Hashable overload (inferringMoves) runs.
      strings.replace(with: next.map(String.init), performDiff: true)
    }
    #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))")
    #expect(stringChecker.failures.isEmpty, "seed \(seed): \(stringChecker.failures.prefix(3))")
  }

  struct Item: Equatable {
    let id: Int
    var value: Int
  }

  @Test("replaces keyed by identity apply exactly", arguments: seeds)
  func identity(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let array = MutableObservableArray<Item>()
    let checker = ChangeChecker(array)
    for _ in 0..<500 {
      let ids = Array(0..<10).shuffled(using: &random).prefix(Int.random(in: 0..<10, using: &random))
      let next = ids.map { Item(id: $0, value: Int.random(in: 0..<3, using: &random)) }
      array.replace(with: next, identifiedBy: \.id)
    }
    #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))")
  }

  @Test("replaces keyed by identity that keep the order (a filter, a search) apply exactly", arguments: seeds)
  func filtering(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let array = MutableObservableArray<Item>()
    let checker = ChangeChecker(array)
    for _ in 0..<500 {
      // A random subset of 0..<40 in order, as a filter of a fixed list gives.
      let next = (0..<40).filter { _ in Bool.random(using: &random) }
        .map { Item(id: $0, value: Int.random(in: 0..<3, using: &random)) }
      array.replace(with: next, identifiedBy: \.id)
    }
    #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))")
  }

  @Test("a narrowing filter is deletes only, and a widening one inserts only")
  func narrowingAndWidening() {
    let all = (0..<1_000).map { Item(id: $0, value: 0) }
    let array = MutableObservableArray(all)
    var changes: [ArrayChangeset] = []
    let token = array.dropFirst().sink { changes.append($0.change) }
    array.replace(with: all.filter { $0.id % 3 != 0 }, identifiedBy: \.id)
    array.replace(with: all, identifiedBy: \.id)
    #expect(changes.count == 2)
    #expect(Array(changes[0].deletes) == Array(stride(from: 0, to: 1_000, by: 3)) && changes[0].inserts.isEmpty)
    #expect(Array(changes[1].inserts) == Array(stride(from: 0, to: 1_000, by: 3)) && changes[1].deletes.isEmpty)
    token.cancel()
  }

  @Test("moved blocks are moves of their elements only, and the rest stays", arguments: seeds)
  func movedBlocks(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let all = (0..<300).map { Item(id: $0, value: 0) }
    let array = MutableObservableArray(all)
    let checker = ChangeChecker(array)
    var changes: [ArrayChangeset] = []
    let token = array.dropFirst().sink { changes.append($0.change) }
    var next = all
    for _ in 0..<3 {
      let start = Int.random(in: 0..<280, using: &random)
      let block = Array(next[start..<start + 20])
      next.removeSubrange(start..<start + 20)
      next.insert(contentsOf: block, at: Int.random(in: 0...next.count, using: &random))
    }
    next[5].value = 1  // changed: an update if it stayed, a delete and an insert if it moved
    array.replace(with: next, identifiedBy: \.id)
    #expect(array.contents == next)
    #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))")
    let change = changes.last ?? ArrayChangeset()
    #expect(change.moves.count + change.deletes.count <= 60, "only the moved blocks' elements move")
    token.cancel()
  }

  @Test("replaces keyed by identities that repeat apply exactly", arguments: seeds)
  func repeatedIdentities(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let array = MutableObservableArray<Item>()
    let checker = ChangeChecker(array)
    for _ in 0..<300 {
      let next = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
        Item(id: Int.random(in: 0..<4, using: &random), value: Int.random(in: 0..<2, using: &random))
      }
      array.replace(with: next, identifiedBy: \.id)
    }
    #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(3))")
  }
}
