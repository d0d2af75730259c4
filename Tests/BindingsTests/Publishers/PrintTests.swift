import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("print", .releasesEveryObject)
struct PrintTests {
  /// A stream whose copies all write into the same storage.
  struct SharedStream: TextOutputStream {
    final class Storage: @unchecked Sendable {
      let lock = NSLock()
      var text = ""
    }

    let storage = Storage()
    var lines: [String] { storage.lock.withLock { storage.text.split(separator: "\n").map(String.init) } }

    func write(_ string: String) {
      storage.lock.withLock { storage.text += string }
    }
  }

  @Test("prints every event in Combine's format and passes the events on unchanged")
  func printsEvents() {
    let subject = PassthroughSubject<Int, TestError>()
    let stream = SharedStream()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(1))
    subject.print("numbers", to: stream).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(
      stream.lines == [
        "numbers: receive subscription: (Subject subscription)",
        "numbers: request max: (2)",
        "numbers: receive value: (1)",
        "numbers: request max: (1) (synchronous)",
        "numbers: receive finished",
      ]
    )
  }

  @Test("without a prefix, lines start with the event; failures, unlimited demand and cancel are printed")
  func printsWithoutPrefix() {
    let probe = UpstreamProbe<Int, TestError>()
    let stream = SharedStream()
    let recorder = RecordingSubscriber<Int, TestError>()
    probe.print(to: stream).subscribe(recorder)
    probe.send(1)
    probe.send(completion: .failure(.oops))

    let cancelled = RecordingSubscriber<Int, TestError>()
    let other = UpstreamProbe<Int, TestError>()
    other.print(to: stream).subscribe(cancelled)
    cancelled.cancel()
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
    #expect(
      stream.lines == [
        "receive subscription: (UpstreamProbe)",
        "request unlimited",
        "receive value: (1)",
        "receive error: (oops)",
        "receive subscription: (UpstreamProbe)",
        "request unlimited",
        "receive cancel",
      ]
    )
  }

  @Test("demand reaches the upstream; two requested, two received")
  func honoursDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    probe.print(to: SharedStream()).subscribe(recorder)
    recorder.request(.max(3))
    #expect(probe.requests == [.max(2), .max(3)])

    let subject = PassthroughSubject<Int, Never>()
    let limited = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.print(to: SharedStream()).subscribe(limited)
    for value in 1...3 { subject.send(value) }
    #expect(limited.events == [.subscription, .value(1), .value(2)])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce { $0.print(to: SharedStream()) }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.print(to: SharedStream()) }
  }
}
