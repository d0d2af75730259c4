import Bindings
import Foundation
import Testing

/// A person for sorting by a column: equal names and equal ages make the stable order visible.
private struct Row: Equatable, CustomStringConvertible {
  var name: String
  var age: Int
  var description: String { "\(name) \(age)" }
}

/// The columns a table sorts by.
private enum Column {
  case name, age, ageDescending

  func areInIncreasingOrder(_ a: Row, _ b: Row) -> Bool {
    switch self {
    case .name: a.name < b.name
    case .age: a.age < b.age
    case .ageDescending: a.age > b.age
    }
  }
}

@Suite("sorted(by:) with a changing order", .releasesEveryObject)
struct SortedByValueTests {
  @Test("a new order sends moves only, as few as take the old order to the new, and nothing when no place changes")
  func orderChange() {
    let names = MutableObservableArray(["Grace", "Ada", "Alan"])
    let ascending = CurrentValueSubject<Bool, Never>(true)
    let sorted = names.sorted(by: ascending) { a, b, ascending in ascending ? a < b : a > b }
    #expect(sorted.contents == ["Ada", "Alan", "Grace"])
    var events: [String] = []
    let token = sorted.dropFirst().sink { events.append("\($0.contents) \($0.change)") }
    ascending.send(false)
    ascending.send(false)  // the same order: no place changes, no event
    #expect(events == ["[\"Grace\", \"Alan\", \"Ada\"] moves [1→1, 2→0]"])
    token.cancel()
  }

  @Test("a new order that keeps most elements in place moves only the others")
  func fewMoves() {
    // By age, then by name: only the two whose ages put them out of name order move.
    let rows = MutableObservableArray([
      Row(name: "a", age: 1), Row(name: "b", age: 2), Row(name: "c", age: 9), Row(name: "d", age: 4),
      Row(name: "e", age: 5), Row(name: "f", age: 0),
    ])
    let column = CurrentValueSubject<Column, Never>(.name)
    let sorted = rows.sorted(by: column) { $2.areInIncreasingOrder($0, $1) }
    var changes: [ArrayChangeset] = []
    let token = sorted.dropFirst().sink { changes.append($0.change) }
    column.send(.age)
    #expect(sorted.contents.map(\.name) == ["f", "a", "b", "d", "e", "c"])
    #expect(changes == [ArrayChangeset(moves: [.init(from: 2, to: 5), .init(from: 5, to: 0)])])
    token.cancel()
  }

  @Test("elements a new order finds equal keep the source's order")
  func stable() {
    let rows = MutableObservableArray([
      Row(name: "d", age: 2), Row(name: "b", age: 1), Row(name: "c", age: 2), Row(name: "a", age: 1),
    ])
    let column = CurrentValueSubject<Column, Never>(.name)
    let sorted = rows.sorted(by: column) { $2.areInIncreasingOrder($0, $1) }
    #expect(sorted.contents.map(\.name) == ["a", "b", "c", "d"])
    column.send(.age)
    #expect(sorted.contents.map(\.name) == ["b", "a", "d", "c"])
    column.send(.ageDescending)
    #expect(sorted.contents.map(\.name) == ["d", "c", "b", "a"])
  }

  @Test("random orders and edits keep every event exact and the contents those of a plain stable sort")
  func randomized() {
    var random = SeededGenerator(seed: 11)
    let rows = MutableObservableArray(
      (0..<60).map { index in Row(name: "n\(Int.random(in: 0..<30, using: &random))", age: index % 7) })
    let column = CurrentValueSubject<Column, Never>(.name)
    let sorted = rows.sorted(by: column) { $2.areInIncreasingOrder($0, $1) }
    let checker = ChangeChecker(sorted)
    let columns: [Column] = [.name, .age, .ageDescending]
    for step in 0..<400 {
      switch step % 5 {
      case 0: column.send(columns[Int.random(in: 0..<3, using: &random)])
      case 1:
        rows.insert(
          Row(name: "n\(Int.random(in: 0..<30, using: &random))", age: Int.random(in: 0..<7, using: &random)),
          at: Int.random(in: 0...rows.count, using: &random))
      case 2 where !rows.isEmpty: rows.remove(at: Int.random(in: 0..<rows.count, using: &random))
      case 3 where !rows.isEmpty:
        rows[Int.random(in: 0..<rows.count, using: &random)].age = Int.random(in: 0..<7, using: &random)
      default:
        rows.replace(with: rows.contents.shuffled(using: &random), performDiff: true)
      }
      // The same elements as the source, in the column's order (equal elements in any order: the
      // source's edits put them where they arrived).
      let order = column.value
      #expect(sorted.count == rows.count)
      #expect(zip(sorted.contents, sorted.contents.dropFirst()).allSatisfy { !order.areInIncreasingOrder($1, $0) })
      #expect(sorted.contents.map(\.description).sorted() == rows.contents.map(\.description).sorted())
      if step % 5 == 0 {
        // Right after a new order, equal elements are in the source's order.
        let expected = rows.contents.enumerated().sorted { a, b in
          order.areInIncreasingOrder(a.element, b.element)
            || (!order.areInIncreasingOrder(b.element, a.element) && a.offset < b.offset)
        }.map(\.element)
        #expect(sorted.contents == expected)
      }
    }
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
  }

  @Test("the moves of a new order are those of a longest run that kept its order, over many permutations")
  func minimalMoves() {
    var random = SeededGenerator(seed: 3)
    for _ in 0..<50 {
      let count = Int.random(in: 0..<40, using: &random)
      // Distinct keys under two orders: a random permutation of ranks.
      let ranks = Array(0..<count).shuffled(using: &random)
      let rows = MutableObservableArray((0..<count).map { Row(name: "\($0)", age: ranks[$0]) })
      let byAge = CurrentValueSubject<Bool, Never>(false)
      let sorted = rows.sorted(by: byAge) { a, b, byAge in byAge ? a.age < b.age : Int(a.name)! < Int(b.name)! }
      var changes: [ArrayChangeset] = []
      let token = sorted.dropFirst().sink { changes.append($0.change) }
      byAge.send(true)
      // The elements that stay put are a longest increasing run of the old offsets in new order.
      let oldOffsets = sorted.contents.map { Int($0.name)! }
      let longest = longestRunLength(oldOffsets)
      let moved = changes.first?.moves.count ?? 0
      #expect(moved == count - longest)
      #expect(changes.allSatisfy { $0.inserts.isEmpty && $0.deletes.isEmpty && $0.updates.isEmpty })
      token.cancel()
    }
  }

  @Test("a bound list follows new orders and source edits as batches, and shows the sorted rows")
  func drivesList() {
    let names = MutableObservableArray(["Grace", "Ada", "Alan", "Barbara"])
    let ascending = CurrentValueSubject<Bool, Never>(true)
    let sorted = names.sorted(by: ascending) { a, b, ascending in ascending ? a < b : a > b }
    let list = RecordingList()
    list.reactive.items <~ sorted
    ascending.send(false)
    #expect(list.shown == ["Grace", "Barbara", "Alan", "Ada"])
    names.append("Bea")
    names.remove(at: 1)
    ascending.send(true)
    ascending.send(true)  // no place changes: no batch
    #expect(list.shown == sorted.contents)
    #expect(list.shown == ["Alan", "Barbara", "Bea", "Grace"])
    #expect(list.calls.count == 5)
    #expect(list.calls.first == .reload(["Ada", "Alan", "Barbara", "Grace"]))
  }

  @Test("until the order publisher sends, the array is empty; after it finishes, the last order stays")
  func noOrderYetAndFinished() {
    let numbers = MutableObservableArray([3, 1, 2])
    let descending = PassthroughSubject<Bool, Never>()
    let sorted = numbers.sorted(by: descending) { a, b, descending in descending ? a > b : a < b }
    #expect(sorted.contents.isEmpty)
    numbers.append(5)
    #expect(sorted.contents.isEmpty)
    descending.send(true)
    #expect(sorted.contents == [5, 3, 2, 1])
    descending.send(completion: .finished)
    numbers.append(4)
    #expect(sorted.contents == [5, 4, 3, 2, 1])
  }

  @Test("an order sent by a subscriber of the array is applied after the event it reacts to, before send returns")
  func reentrantOrder() {
    let numbers = MutableObservableArray([3, 1, 2])
    let descending = CurrentValueSubject<Bool, Never>(false)
    let sorted = numbers.sorted(by: descending) { a, b, descending in descending ? a > b : a < b }
    var seen: [[Int]] = []
    let token = sorted.dropFirst().sink { event in
      seen.append(event.contents)
      if event.contents.count > 3 { descending.send(true) }
    }
    numbers.append(0)
    #expect(seen == [[0, 1, 2, 3], [3, 2, 1, 0]])
    token.cancel()
  }

  @Test("orders sent from other threads while the source changes: every event is exact, and the last order wins")
  func ordersFromOtherThreads() {
    let numbers = MutableObservableArray(Array(0..<200))
    let descending = CurrentValueSubject<Bool, Never>(false)
    let sorted = numbers.sorted(by: descending) { a, b, descending in descending ? a > b : a < b }
    let checker = ChangeChecker(sorted)
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      for step in 0..<200 {
        if thread == 0 {
          numbers[step] = 199 - numbers[step]
        } else {
          descending.send((step + thread) % 2 == 0)
        }
      }
    }
    descending.send(true)
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
    #expect(sorted.contents == numbers.contents.sorted(by: >))
  }

  @Test("the derived array keeps its source and its order subscription alive while held, and lets go of both after")
  func lifetime() {
    weak var weakSource: MutableObservableArray<Int>?
    weak var weakDerived: ObservableArray<Int>?
    var cancelled = false
    let descending = CurrentValueSubject<Bool, Never>(false)
    var derived: ObservableArray<Int>? = {
      let source = MutableObservableArray([1, 2])
      weakSource = source
      return source.sorted(by: descending.handleEvents(receiveCancel: { cancelled = true })) { a, b, descending in
        descending ? a > b : a < b
      }
    }()
    weakDerived = derived
    #expect(weakSource != nil)
    descending.send(true)
    #expect(derived?.contents == [2, 1])
    derived = nil
    #expect(weakDerived == nil)
    #expect(weakSource == nil)
    #expect(cancelled)
    descending.send(false)
  }
}

/// The length of a longest strictly increasing subsequence, by dynamic programming (O(n²)): the
/// reference for the deriver's O(n log n) one.
private func longestRunLength(_ sequence: [Int]) -> Int {
  var lengths = [Int](repeating: 1, count: sequence.count)
  for index in sequence.indices {
    for earlier in 0..<index where sequence[earlier] < sequence[index] {
      lengths[index] = max(lengths[index], lengths[earlier] + 1)
    }
  }
  return lengths.max() ?? 0
}
