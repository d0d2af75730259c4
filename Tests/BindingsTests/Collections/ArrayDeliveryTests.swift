import Bindings
import Foundation
import Testing

/// The delivery of an array's single-offset edits, whose changes are handed on without a copy.
@Suite("MutableObservableArray delivery", .releasesEveryObject)
struct ArrayDeliveryTests {
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
  }

  @Test("several subscribers each get every change, in edit order, with the contents after it")
  func severalSubscribers() {
    let array = MutableObservableArray([1])
    let log = Log()
    let first = array.sink { log.add("a \($0.contents) \($0.change)") }
    let second = array.sink { log.add("b \($0.contents) \($0.change)") }
    array.append(2)
    array.removeLast()
    array.remove(at: 0)
    #expect(
      log.all == [
        "a [1] reset", "b [1] reset",
        "a [1, 2] inserts [1]", "b [1, 2] inserts [1]",
        "a [1] deletes [1]", "b [1] deletes [1]",
        "a [] deletes [0]", "b [] deletes [0]",
      ])
    first.cancel()
    second.cancel()
  }

  @Test("edits made from inside a subscriber are queued after the current change, in edit order, for everyone")
  func reentrantEditsInOrder() {
    let array = MutableObservableArray<Int>([])
    let log = Log()
    let editor = array.dropFirst().sink { event in
      log.add("editor \(event.change)")
      if event.change == ArrayChangeset(inserts: [0]) {
        array.append(2)
        array.removeLast()
        array.append(3)
      }
    }
    let watcher = array.dropFirst().sink { log.add("watcher \($0.contents) \($0.change)") }
    array.append(1)
    #expect(
      log.all == [
        "editor inserts [0]", "watcher [1] inserts [0]",
        "editor inserts [1]", "watcher [1, 2] inserts [1]",
        "editor deletes [1]", "watcher [1] deletes [1]",
        "editor inserts [1]", "watcher [1, 3] inserts [1]",
      ])
    #expect(array.contents == [1, 3])
    editor.cancel()
    watcher.cancel()
  }

  @Test("a subscriber cancelled from inside a delivery gets nothing after it, the others go on")
  func cancelDuringDelivery() {
    let array = MutableObservableArray([0])
    let log = Log()
    var later: AnyCancellable?
    let canceller = array.dropFirst().sink { event in
      log.add("canceller \(event.change)")
      later?.cancel()
    }
    later = array.dropFirst().sink { log.add("later \($0.change)") }
    array.append(1)
    array.removeLast()
    #expect(log.all == ["canceller inserts [1]", "canceller deletes [1]"])
    canceller.cancel()
  }

  @Test("a subscriber that cancels itself from inside its delivery gets nothing more")
  func selfCancelDuringDelivery() {
    let array = MutableObservableArray([0])
    let log = Log()
    var token: AnyCancellable?
    token = array.dropFirst().sink { event in
      log.add("\(event.change)")
      token?.cancel()
    }
    array.append(1)
    array.removeLast()
    #expect(log.all == ["inserts [1]"])
    #expect(array.contents == [0])
  }

  @Test("a subscriber that arrives after edits gets the current contents, then only later changes")
  func newSubscriberReplay() {
    let array = MutableObservableArray([1])
    let log = Log()
    let first = array.dropFirst().sink { _ in }
    array.append(2)
    array.append(3)
    array.removeLast()
    let late = array.sink { log.add("\($0.contents) \($0.change)") }
    array.append(4)
    #expect(log.all == ["[1, 2] reset", "[1, 2, 4] inserts [2]"])
    first.cancel()
    late.cancel()
  }

  @Test("edits from several threads reach a subscriber once each, in the order they were made")
  func concurrentEditsInOrder() async {
    let array = MutableObservableArray<Int>([])
    let log = Log()
    let token = array.dropFirst().sink { log.add("\($0.contents.count) \($0.change)") }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for value in 0..<200 {
            array.append(value)
            array.removeLast()
          }
        }
      }
    }
    token.cancel()
    let entries = log.all
    #expect(entries.count == 1_600)
    // Each event's contents are those after its change: the count goes up by one with an insert at
    // the old end and down by one with a delete of the last offset, with no event lost or reordered.
    var count = 0
    for entry in entries {
      if entry == "\(count + 1) inserts [\(count)]" {
        count += 1
      } else {
        #expect(entry == "\(count - 1) deletes [\(count - 1)]")
        count -= 1
      }
    }
    #expect(count == 0 && array.contents.isEmpty)
  }
}
