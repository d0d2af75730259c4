import Bindings
import Foundation
import Testing

@Suite("filter(by:) with a changing value", .releasesEveryObject)
struct FilterByValueTests {
  @Test("a new value sends the elements that left and came, with no updates, and runs the predicate once per element")
  func valueChange() {
    let numbers = MutableObservableArray(Array(0..<10))
    let divisor = CurrentValueSubject<Int, Never>(2)
    let calls = LockedBox(0)
    let multiples = numbers.filter(by: divisor) { number, divisor in
      calls.mutate { $0 += 1 }
      return number % divisor == 0
    }
    #expect(multiples.contents == [0, 2, 4, 6, 8])
    var events: [String] = []
    let token = multiples.dropFirst().sink { events.append("\($0.contents) \($0.change)") }
    calls.mutate { $0 = 0 }
    divisor.send(3)
    #expect(calls.value == 10)
    divisor.send(3)  // the same value: no change, no event
    #expect(
      events == [
        "[0, 3, 6, 9] deletes [1, 2, 4], inserts [1, 3]"
      ])
    token.cancel()
  }

  @Test("value changes and source changes interleaved give exact changes")
  func interleaved() {
    let numbers = MutableObservableArray([1, 2, 3, 4, 5, 6])
    let limit = CurrentValueSubject<Int, Never>(3)
    let small = numbers.filter(by: limit) { number, limit in number <= limit }
    let checker = ChangeChecker(small)
    var changes: [ArrayChangeset] = []
    let token = small.dropFirst().sink { changes.append($0.change) }
    numbers.append(0)  // [1, 2, 3, 0]
    limit.send(5)  // [1, 2, 3, 4, 5, 0]
    numbers[0] = 9  // [2, 3, 4, 5, 0]
    numbers.remove(at: 2)  // source [9, 2, 4, 5, 6, 0] → [2, 4, 5, 0]
    limit.send(2)  // [2, 0]
    numbers.insert(1, at: 0)  // [1, 2, 0]
    #expect(small.contents == [1, 2, 0])
    #expect(
      changes == [
        ArrayChangeset(inserts: [3]),
        ArrayChangeset(inserts: [3, 4]),
        ArrayChangeset(deletes: [0]),
        ArrayChangeset(deletes: [1]),
        ArrayChangeset(deletes: [1, 2]),
        ArrayChangeset(inserts: [0]),
      ])
    #expect(checker.failures.isEmpty, "\(checker.failures)")
    token.cancel()
  }

  @Test("random edits and values keep every event exact and the contents those of a plain filter")
  func randomized() {
    var random = SeededGenerator(seed: 7)
    let numbers = MutableObservableArray((0..<50).map { _ in Int.random(in: 0..<20, using: &random) })
    let threshold = CurrentValueSubject<Int, Never>(10)
    let filtered = numbers.filter(by: threshold) { $0 < $1 }
    let checker = ChangeChecker(filtered)
    for step in 0..<300 {
      switch step % 5 {
      case 0: threshold.send(Int.random(in: 0..<21, using: &random))
      case 1:
        numbers.insert(Int.random(in: 0..<20, using: &random), at: Int.random(in: 0...numbers.count, using: &random))
      case 2 where !numbers.isEmpty: numbers.remove(at: Int.random(in: 0..<numbers.count, using: &random))
      case 3 where !numbers.isEmpty:
        numbers[Int.random(in: 0..<numbers.count, using: &random)] = Int.random(in: 0..<20, using: &random)
      default:
        numbers.replace(with: numbers.contents.shuffled(using: &random), performDiff: true)
      }
      #expect(filtered.contents == numbers.contents.filter { $0 < threshold.value })
    }
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
  }

  @Test("values that show every element, none, or runs of them send the exact ranks that left and came")
  func runsOfShownElements() {
    let numbers = MutableObservableArray(Array(0..<40))
    let shown = CurrentValueSubject<Set<Int>, Never>([])
    let filtered = numbers.filter(by: shown) { number, shown in shown.contains(number) }
    let checker = ChangeChecker(filtered)
    var changes: [ArrayChangeset] = []
    let token = filtered.dropFirst().sink { changes.append($0.change) }
    let values: [Set<Int>] = [
      Set(0..<40), [], Set(0..<40), Set(0..<5).union(12..<20).union(35..<40), Set(stride(from: 0, to: 40, by: 2)),
      Set(stride(from: 1, to: 40, by: 2)), [0], [39], [0, 39], Set(1..<39), Set(0..<40), Set(0..<40),
    ]
    var expected: [ArrayChangeset] = []
    var before: [Int] = []
    for value in values {
      shown.send(value)
      let after = numbers.contents.filter(value.contains)
      #expect(filtered.contents == after)
      // The elements are distinct: the ranks that left and came are those of the elements.
      let deletes = before.indices.filter { !value.contains(before[$0]) }
      let inserts = after.indices.filter { !before.contains(after[$0]) }
      if !deletes.isEmpty || !inserts.isEmpty { expected.append(ArrayChangeset(deletes: deletes, inserts: inserts)) }
      before = after
    }
    #expect(changes == expected)
    // Every element is shown now: an edit of the source still changes the derived array alone, exactly.
    numbers[3] = 33
    numbers.remove(at: 0)
    #expect(filtered.contents == [1, 2, 33] + Array(4..<40))
    #expect(changes.suffix(2) == [ArrayChangeset(updates: [3]), ArrayChangeset(deletes: [0])])
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
    token.cancel()
  }

  @Test("until the value publisher sends, the array is empty; after it finishes, the last value stays")
  func noValueYetAndFinished() {
    let numbers = MutableObservableArray([1, 2, 3])
    let limit = PassthroughSubject<Int, Never>()
    let small = numbers.filter(by: limit) { $0 <= $1 }
    #expect(small.contents.isEmpty)
    limit.send(2)
    #expect(small.contents == [1, 2])
    limit.send(completion: .finished)
    numbers.append(0)
    #expect(small.contents == [1, 2, 0])
  }

  @Test("a value sent by a subscriber of the array is applied after the event it reacts to, before send returns")
  func reentrantValue() {
    let numbers = MutableObservableArray([1, 2, 3, 4])
    let limit = CurrentValueSubject<Int, Never>(4)
    let small = numbers.filter(by: limit) { $0 <= $1 }
    var seen: [[Int]] = []
    let token = small.dropFirst().sink { event in
      seen.append(event.contents)
      if event.contents.count > 2 { limit.send(2) }
    }
    numbers.append(0)
    #expect(seen == [[1, 2, 3, 4, 0], [1, 2, 0]])
    #expect(small.contents == [1, 2, 0])
    token.cancel()
  }

  @Test("values sent from other threads while the source changes: every event is exact, and the last value wins")
  func valuesFromOtherThreads() {
    let numbers = MutableObservableArray(Array(0..<200))
    let limit = CurrentValueSubject<Int, Never>(100)
    let filtered = numbers.filter(by: limit) { $0 < $1 }
    let checker = ChangeChecker(filtered)
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      for step in 0..<200 {
        if thread == 0 {
          numbers[step] = 199 - numbers[step]
        } else {
          limit.send((step * 37 + thread * 11) % 200)
        }
      }
    }
    limit.send(150)
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
    #expect(filtered.contents == numbers.contents.filter { $0 < 150 })
  }

  @Test("the derived array keeps its source and its value subscription alive while held, and lets go of both after")
  func lifetime() {
    weak var weakSource: MutableObservableArray<Int>?
    weak var weakDerived: ObservableArray<Int>?
    let limit = CurrentValueSubject<Int, Never>(1)
    var derived: ObservableArray<Int>? = {
      let source = MutableObservableArray([1, 2])
      weakSource = source
      return source.filter(by: limit) { $0 <= $1 }
    }()
    weakDerived = derived
    #expect(weakSource != nil)
    limit.send(2)
    #expect(derived?.contents == [1, 2])
    derived = nil
    #expect(weakDerived == nil)
    #expect(weakSource == nil)
    limit.send(3)
  }
}
