import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("tryMap", .releasesEveryObject)
struct TryMapTests {
  @Test("transforms every value and passes the completion through")
  func transformsValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    subject.tryMap { $0 * 10 }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.values == [10, 20])
    #expect(recorder.events.map(\.description) == ["subscription", "value(10)", "value(20)", "finished"])
  }

  @Test("passes an upstream failure through as any Error")
  func passesFailure() {
    expectFailurePassedOnAtOnce { $0.tryMap { $0 } }
  }

  @Test("a thrown error cancels the upstream once and fails downstream once; nothing follows")
  func thrownErrorFails() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, any Error>()
    probe.tryMap { value -> Int in
      if value == 2 { throw TestError.other }
      return value
    }.subscribe(recorder)
    probe.send(1)
    probe.send(2)
    probe.send(3)
    probe.send(completion: .finished)
    recorder.cancel()
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "failure(other)"])
    #expect(probe.cancelCount == 1)
  }

  @Test("a downstream asking for two values gets exactly two, and demand reaches the upstream")
  func honoursDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, any Error>(initialDemand: .max(2))
    probe.tryMap { $0 }.subscribe(recorder)
    recorder.request(.max(1))
    #expect(probe.requests == [.max(2), .max(1)])

    let subject = PassthroughSubject<Int, Never>()
    let limited = RecordingSubscriber<Int, any Error>(initialDemand: .max(2))
    subject.tryMap { $0 }.subscribe(limited)
    for value in 1...4 { subject.send(value) }
    #expect(limited.values == [1, 2])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce(sendingFirst: [1], expecting: ["subscription", "value(1)"]) { $0.tryMap { $0 } }
  }

  @Test("a cancel racing values from another thread stops them: no value after cancel returns")
  func cancelRacesValues() {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = RecordingSubscriber<Int, any Error>()
      subject.tryMap { $0 }.subscribe(recorder)
      let countAtCancel = LockedCount()
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for value in 1...20 { subject.send(value) }
        } else {
          recorder.cancel()
          countAtCancel.set(recorder.values.count)
        }
      }
      subject.send(21)
      #expect(recorder.values.count <= countAtCancel.value + 1)
      #expect(!recorder.values.contains(21))
    }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.tryMap { $0 * 2 } }
    expectLifecycle(ending: .cancel, send: 0) { $0.tryMap { _ -> Int in throw TestError.other } }
  }
}

/// A counter one thread sets and another reads.
private final class LockedCount: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = 0
  var value: Int { lock.withLock { stored } }
  func set(_ newValue: Int) { lock.withLock { stored = newValue } }
}
