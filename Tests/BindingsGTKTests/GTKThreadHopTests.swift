#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// BindingsGTK's one way to GTK's thread: writes, connections and disconnections run there in the
/// order they were handed over, whatever kind of work and whatever thread.
final class GTKThreadHopTests: GTKTestCase {
  func testAConnectionMadeOnGTKsThreadWaitsForAWriteStillOnItsWayThere() {
    onMain {
      let label = Label("old")
      let source = PassthroughSubject<String, Never>()
      label.reactive.text <~ source
      let sent = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        source.send("new")
        sent.signal()
      }
      sent.wait()
      XCTAssertEqual(label.text, "old", "the write is still on its way to GTK's thread")
      var seen: [String] = []
      let token = label.reactive.text.sink { seen.append($0) }
      XCTAssertEqual(seen, [], "the connection queued behind the write instead of overtaking it")
      waitUntil("the write and then the connection ran") { !seen.isEmpty }
      XCTAssertEqual(seen, ["new"], "the subscriber's first value is the text written before it connected")
      token.cancel()
    }
  }

  func testWorkHandedOverOnGTKsThreadRunsAtOnceWhenNothingIsWaiting() {
    onMain {
      var ran = false
      XCTAssertTrue(GTKThreadHop.mayRunNow)
      GTKThreadHop.perform { ran = true }
      XCTAssertTrue(ran)
    }
  }

  func testWorkFromSeveralThreadsRunsOnGTKsThreadInTheOrderHandedOver() {
    onMain {
      final class Log: @unchecked Sendable {
        var entries: [Int] = []
        var offThread = 0
      }
      let log = Log()
      let handedOver = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        for index in 0..<100 {
          GTKThreadHop.perform {
            if !GTK.isGTKThread { log.offThread += 1 }
            log.entries.append(index)
          }
        }
        handedOver.signal()
      }
      handedOver.wait()
      // Handed over on GTK's thread after the others: it runs after them, not at once.
      GTKThreadHop.perform { log.entries.append(100) }
      XCTAssertFalse(log.entries.contains(100))
      waitUntil("everything ran") { log.entries.count == 101 }
      XCTAssertEqual(log.entries, Array(0...100))
      XCTAssertEqual(log.offThread, 0)
    }
  }
}
#endif
