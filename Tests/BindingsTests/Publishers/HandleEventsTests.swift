import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("handleEvents", .releasesEveryObject)
struct HandleEventsTests {
  /// Collects the log lines of the closures, from any thread.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    var lines: [String] { lock.withLock { storage } }
    func append(_ line: String) { lock.withLock { storage.append(line) } }
  }

  private func observed<P: Publisher>(_ upstream: P, into log: Log) -> Publishers.HandleEvents<P> {
    upstream.handleEvents(
      receiveSubscription: { _ in log.append("subscription") },
      receiveOutput: { log.append("output \($0)") },
      receiveCompletion: { log.append("completion \($0)") },
      receiveCancel: { log.append("cancel") },
      receiveRequest: { log.append("request \($0)") }
    )
  }

  @Test("runs each closure before passing the event on, unchanged")
  func runsClosures() {
    let subject = PassthroughSubject<Int, TestError>()
    let log = Log()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(1))
    observed(subject, into: log).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(log.lines == ["subscription", "request max(1)", "output 1", "request max(1)", "completion finished"])
  }

  @Test("passes a failure through")
  func passesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let log = Log()
    let recorder = RecordingSubscriber<Int, TestError>()
    observed(subject, into: log).subscribe(recorder)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    #expect(log.lines == ["subscription", "request unlimited", "completion failure(BindingsTests.TestError.oops)"])
  }

  @Test("demand reaches the upstream; two requested, two received")
  func honoursDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    probe.handleEvents().subscribe(recorder)
    recorder.request(.max(3))
    #expect(probe.requests == [.max(2), .max(3)])

    let subject = PassthroughSubject<Int, Never>()
    let limited = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.handleEvents().subscribe(limited)
    for value in 1...3 { subject.send(value) }
    #expect(limited.events == [.subscription, .value(1), .value(2)])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel runs receiveCancel and reaches the upstream once; nothing arrives afterwards")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let log = Log()
    let recorder = RecordingSubscriber<Int, Never>()
    observed(probe, into: log).subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    probe.send(1)
    probe.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect(probe.cancelCount == 1)
    #expect(log.lines == ["subscription", "request unlimited", "cancel"])
  }

  @Test("releases the closures when the subscription ends")
  func releasesClosures() {
    final class Captured {}
    weak var weakCaptured: Captured?
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    do {
      let captured = Captured()
      weakCaptured = captured
      subject.handleEvents(receiveOutput: { _ in _ = captured }).subscribe(recorder)
    }
    #expect(weakCaptured != nil)
    recorder.cancel()
    #expect(weakCaptured == nil)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.handleEvents(receiveOutput: { _ in }) }
  }
}
