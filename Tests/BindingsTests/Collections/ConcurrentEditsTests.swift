import Bindings
import Foundation
import Testing

@Suite("observable array under concurrent edits", .releasesEveryObject)
struct ConcurrentEditsTests {
  @Test("edits from several threads arrive in edit order and every change applies exactly")
  func concurrentEdits() {
    let array = MutableObservableArray<Int>()
    let checker = ChangeChecker(array)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var random = SeededGenerator(seed: UInt64(thread + 1))
      for step in 0..<300 {
        switch step % 4 {
        case 0: array.append(thread)
        case 1: array.insert(thread, at: 0)
        case 2:
          array.batchUpdate { batch in
            batch.append(thread)
            if batch.count > 3 { batch.remove(at: Int.random(in: 0..<batch.count, using: &random)) }
          }
        default:
          array.replace(with: Array(array.contents.prefix(40)), performDiff: true)
        }
      }
    }
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
    #expect(checker.contents == array.contents)
  }

  @Test("batches of one set from several threads lose no increment, and every change applies exactly")
  func concurrentBatchesOfOneSet() {
    let array = MutableObservableArray([0, 0, 0])
    let checker = ChangeChecker(array)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for step in 0..<300 {
        // One set per batch, read from the batch: an increment lost to another thread's edit would show in the sum.
        array.batchUpdate { $0[step % 3] += 1 }
        if thread == 0 && step % 50 == 0 { array.append(0) }
      }
    }
    #expect(array.contents.reduce(0, +) == 4 * 300)
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
    #expect(checker.contents == array.contents)
  }

  @Test("subscribing while other threads edit sees the contents once, then every later change")
  func subscribeWhileEditing() {
    let array = MutableObservableArray<Int>()
    let checkers = LockedBox<[ChangeChecker<Int>]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for step in 0..<200 {
        if thread == 0 && step % 20 == 0 {
          let checker = ChangeChecker(array)
          checkers.mutate { $0.append(checker) }
        } else {
          array.append(step)
          if step % 7 == 0 { array.remove(at: 0) }
        }
      }
    }
    for checker in checkers.value {
      #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
      #expect(checker.contents == array.contents)
    }
  }
}

/// A value behind a lock, for collecting results from several threads.
final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value { lock.withLock { stored } }

  func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

@Suite("sectioned arrays, sets and dictionaries under concurrent edits", .releasesEveryObject)
struct ConcurrentCollectionEditsTests {
  @Test("count, first, last and for-in read one moment's contents while other threads grow and empty the array")
  func readsWhileEditing() {
    // Every edit keeps the contents 0, 1, …, n-1, so any read that mixes two moments shows.
    let array = MutableObservableArray<Int>()
    let groups = MutableObservableSectionedArray<Int, Int>([])
    let mixed = LockedBox<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for step in 0..<600 {
        if thread < 2 {
          switch step % 7 {
          case 6: array.removeAll()
          case 3, 5: array.batchUpdate { if !$0.isEmpty { $0.removeLast() } }
          default: array.batchUpdate { $0.append($0.count) }
          }
          groups.batchUpdate { batch in
            if step % 11 < 6 {
              batch.appendSection(ArraySection(batch.count))
            } else if !batch.isEmpty {
              _ = batch.removeSection(at: batch.count - 1)
            }
          }
        } else {
          let count = array.count
          var seen: [Int] = []
          for value in array { seen.append(value) }
          if seen != Array(0..<seen.count) { mixed.mutate { $0.append("for-in \(seen)") } }
          if count < 0 { mixed.mutate { $0.append("count \(count)") } }
          if let first = array.first, first != 0 { mixed.mutate { $0.append("first \(first)") } }
          if let last = array.last, last < 0 { mixed.mutate { $0.append("last \(last)") } }
          var sections: [Int] = []
          for section in groups { sections.append(section.metadata) }
          if sections != Array(0..<sections.count) { mixed.mutate { $0.append("sections \(sections)") } }
          if let first = groups.first, first.metadata != 0 {
            mixed.mutate { $0.append("first section \(first.metadata)") }
          }
          if let last = groups.last, last.metadata < 0 { mixed.mutate { $0.append("last section \(last.metadata)") } }
        }
      }
    }
    #expect(mixed.value.isEmpty, "\(mixed.value.prefix(3))")
  }

  @Test("sectioned edits from several threads arrive in edit order and every change applies exactly")
  func sectioned() {
    let groups = MutableObservableSectionedArray<Int, Int>([ArraySection(0), ArraySection(1)])
    let checker = sectionedChecker(groups)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for step in 0..<200 {
        switch step % 5 {
        case 0: groups.appendItem(step, toSection: thread % 2)
        case 1: groups.insertItem(step, at: ItemPath(section: 0, item: 0))
        case 2:
          groups.batchUpdate { batch in
            batch.appendItem(thread, toSection: 1)
            if batch[0].items.count > 3 {
              batch.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
            }
            batch.updateMetadata(step, ofSection: thread % 2)
          }
        case 3: groups.moveSection(from: 0, to: 1)
        default:
          groups.batchUpdate { batch in
            if batch[1].items.count > 20 { batch.removeItem(at: ItemPath(section: 1, item: 0)) }
          }
        }
      }
    }
    #expect(checker.failures.isEmpty, "\(checker.failures.prefix(3))")
    #expect(checker.contents == groups.contents)
  }

  @Test("set and dictionary edits from several threads arrive in edit order; none is lost")
  func unordered() {
    let set = MutableObservableSet<Int>()
    let dictionary = MutableObservableDictionary<Int, Int>()
    let setEvents = setChecker(set)
    let dictionaryEvents = dictionaryChecker(dictionary)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for step in 0..<200 {
        let value = thread * 1_000 + step
        set.insert(value)
        dictionary[value] = step
        if step % 3 == 0 {
          set.remove(value)
          dictionary.batchUpdate { $0[value] = nil }
        }
      }
    }
    #expect(setEvents.failures.isEmpty, "\(setEvents.failures.prefix(3))")
    #expect(dictionaryEvents.failures.isEmpty, "\(dictionaryEvents.failures.prefix(3))")
    let expected = Set((0..<4).flatMap { thread in (0..<200).filter { $0 % 3 != 0 }.map { thread * 1_000 + $0 } })
    #expect(set.contents == expected && Set(dictionary.contents.keys) == expected)
    #expect(setEvents.contents == set.contents && dictionaryEvents.contents == dictionary.contents)
  }
}
