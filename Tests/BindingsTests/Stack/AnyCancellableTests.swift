import Foundation
import Testing

@testable import Bindings

@Suite("AnyCancellable", .releasesEveryObject)
struct AnyCancellableTests {
  @Test("cancels when deinitialized")
  func cancelsOnDeinit() {
    let count = CancelCounter()
    do {
      let token = AnyCancellable { count.increment() }
      _ = token
    }
    #expect(count.value == 1)
  }

  @Test("cancel runs the closure once, however often it is called, and not again on deinit")
  func cancelIsIdempotent() {
    let count = CancelCounter()
    do {
      let token = AnyCancellable { count.increment() }
      token.cancel()
      token.cancel()
    }
    #expect(count.value == 1)
  }

  @Test("cancel racing from 8 threads runs the closure once")
  func cancelRacesFromThreads() {
    for _ in 0..<100 {
      let count = CancelCounter()
      let token = AnyCancellable { count.increment() }
      DispatchQueue.concurrentPerform(iterations: 8) { _ in token.cancel() }
      #expect(count.value == 1)
    }
  }

  @Test("wrapping a cancellable cancels it once")
  func wrapsCancellable() {
    let inner = CountingCancellable()
    do {
      let token = AnyCancellable(inner)
      token.cancel()
      token.cancel()
    }
    #expect(inner.count.value == 1)
  }

  @Test("wrapping another token cancels it")
  func wrapsToken() {
    let count = CancelCounter()
    let inner = AnyCancellable { count.increment() }
    let outer = AnyCancellable(inner)
    outer.cancel()
    inner.cancel()
    #expect(count.value == 1)
  }

  @Test("stores itself in a set and in an array, which keep it alive until they are emptied")
  func storesInCollections() {
    let count = CancelCounter()
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    AnyCancellable { count.increment() }.store(in: &set)
    AnyCancellable { count.increment() }.store(in: &array)
    #expect(set.count == 1)
    #expect(array.count == 1)
    #expect(count.value == 0)
    set.removeAll()
    array.removeAll()
    #expect(count.value == 2)
  }

  @Test("any cancellable stores itself type-erased in a set and in an array")
  func cancellableStoresInCollections() {
    let first = CountingCancellable()
    let second = CountingCancellable()
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    first.store(in: &set)
    second.store(in: &array)
    #expect(set.count == 1)
    #expect(array.count == 1)
    set.removeAll()
    array.removeAll()
    #expect(first.count.value == 1)
    #expect(second.count.value == 1)
  }

  @Test("is hashable by identity")
  func hashableByIdentity() {
    let action = {}
    let first = AnyCancellable(action)
    let second = AnyCancellable(action)
    #expect(first == first)
    #expect(first != second)
    var set = Set<AnyCancellable>()
    first.store(in: &set)
    first.store(in: &set)
    second.store(in: &set)
    #expect(set.count == 2)
  }

  private final class CancelCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
  }

  private final class CountingCancellable: Cancellable, @unchecked Sendable {
    let count = CancelCounter()
    func cancel() { count.increment() }
  }
}
