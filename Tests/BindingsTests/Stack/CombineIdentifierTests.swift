import Foundation
import Testing

@testable import Bindings

@Suite("CombineIdentifier", .releasesEveryObject)
struct CombineIdentifierTests {
  @Test("fresh identifiers are unique, even when made on many threads")
  func freshAreUnique() {
    let count = 1_000
    let collected = Collected()
    DispatchQueue.concurrentPerform(iterations: count) { _ in
      collected.insert(CombineIdentifier())
    }
    #expect(collected.count == count)
  }

  @Test("identifiers from the same object are equal; from different objects they differ")
  func fromObjects() {
    let first = Object()
    let second = Object()
    #expect(CombineIdentifier(first) == CombineIdentifier(first))
    #expect(CombineIdentifier(first) != CombineIdentifier(second))
    #expect(CombineIdentifier() != CombineIdentifier(first))
  }

  @Test("an object's identifier is its address, which never collides with a fresh identifier")
  func objectIdentifierIsAddress() {
    let object = Object()
    let address = UInt(bitPattern: ObjectIdentifier(object))
    #expect(CombineIdentifier(object).description == "0x" + String(address, radix: 16))
  }

  @Test("a class's default identifier comes from its identity")
  func classDefault() {
    let object = Object()
    #expect(object.combineIdentifier == CombineIdentifier(object))
    #expect(object.combineIdentifier != Object().combineIdentifier)
  }

  private final class Object: CustomCombineIdentifierConvertible {}

  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var identifiers = Set<CombineIdentifier>()
    var count: Int { lock.withLock { identifiers.count } }
    func insert(_ identifier: CombineIdentifier) { _ = lock.withLock { identifiers.insert(identifier) } }
  }
}
