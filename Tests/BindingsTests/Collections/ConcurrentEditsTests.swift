import Bindings
import Foundation
import Testing

@Suite("observable array under concurrent edits")
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
