import Foundation
import Testing

@testable import Bindings

@Suite("AnyCancellable wrapping", .releasesEveryObject)
struct AnyCancellableWrappingTests {
  final class CountingCancellable: Cancellable, @unchecked Sendable {
    let count = Counter()
    func cancel() { count.increment() }
  }

  @Test("a user cancellable that is not idempotent is still cancelled exactly once")
  func userCancellableOnce() {
    let inner = CountingCancellable()
    do {
      let token = AnyCancellable(inner)
      DispatchQueue.concurrentPerform(iterations: 8) { _ in token.cancel() }
      token.cancel()
    }
    #expect(inner.count.value == 1)
  }

  @Test("a user cancellable is cancelled once when the token is dropped")
  func userCancellableOnDeinit() {
    let inner = CountingCancellable()
    do { _ = AnyCancellable(inner) }
    #expect(inner.count.value == 1)
  }

  @Test("wrapping a token cancels the wrapped token once, through either")
  func wrappingToken() {
    let count = Counter()
    let inner = AnyCancellable { count.increment() }
    let outer = AnyCancellable(inner)
    outer.cancel()
    inner.cancel()
    outer.cancel()
    #expect(count.value == 1)
  }
}
