import Foundation
import Testing

@testable import Bindings

private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

private final class Values: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int] = []
  func append(_ value: Int) { lock.withLock { values.append(value) } }
  var all: [Int] { lock.withLock { values } }
}

@Suite("CurrentValueSubject under racing sends", .releasesEveryObject)
struct CurrentValueSubjectRaceTests {
  @Test("a new subscriber gets the current value first, never a stale or repeated one, while another thread sends")
  func currentValueFirstWhileAnotherThreadSends() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let done = Flag()
    let finished = DispatchSemaphore(value: 0)
    let sender = Thread {
      for value in 1...200_000 { subject.send(value) }
      done.set()
      finished.signal()
    }
    sender.start()
    var outOfOrder = 0
    var rounds = 0
    while !done.isSet && rounds < 20_000 {
      rounds += 1
      let values = Values()
      let token = subject.sink { values.append($0) }
      token.cancel()
      let seen = values.all
      if zip(seen, seen.dropFirst()).contains(where: { $0 >= $1 }) { outOfOrder += 1 }
    }
    finished.wait()
    #expect(outOfOrder == 0, "\(outOfOrder) of \(rounds) subscribers saw a value out of order")
  }
}
