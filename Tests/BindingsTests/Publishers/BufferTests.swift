import BindingsTesting
import Testing

@testable import Bindings

@Suite("buffer(size:prefetch:whenFull:)", .releasesEveryObject)
struct BufferTests {
  @Test("keeps values the downstream is not ready for and delivers them as it asks")
  func buffersUntilRequested() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
    subject.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.values == [1])
    recorder.request(.max(5))
    #expect(recorder.values == [1, 2, 3])
    recorder.cancel()
  }

  @Test("a full buffer drops the newest value with .dropNewest")
  func dropsNewest() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    recorder.request(.max(1))
    for value in 1...4 { subject.send(value) }
    recorder.request(.unlimited)
    #expect(recorder.values == [1, 2, 3])
    recorder.cancel()
  }

  @Test("a full buffer drops the oldest value with .dropOldest")
  func dropsOldest() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    recorder.request(.max(1))
    for value in 1...4 { subject.send(value) }
    recorder.request(.unlimited)
    #expect(recorder.values == [1, 3, 4])
    recorder.cancel()
  }

  @Test("a full buffer fails with .customError and cancels the upstream")
  func failsWithCustomError() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    probe.buffer(size: 1, prefetch: .keepFull, whenFull: .customError { .other }).subscribe(recorder)
    _ = probe.send(1)
    _ = probe.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(probe.cancelCount == 1)
  }

  @Test(".keepFull asks for size values at once and one more for each value handed over")
  func keepFullPrefetches() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    probe.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
    #expect(probe.requests == [.max(3)])
    _ = probe.send(1)
    recorder.request(.max(1))
    #expect(recorder.values == [1])
    #expect(probe.requests == [.max(3), .max(1)])
    recorder.cancel()
  }

  @Test(".byRequest asks for unlimited values as soon as it is subscribed, and never again, as Combine does")
  func byRequestAsksAtSubscription() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    probe.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    #expect(probe.requests == [.unlimited])
    recorder.request(.max(1))
    recorder.request(.max(1))
    #expect(probe.requests == [.unlimited])
    recorder.cancel()
  }

  @Test("a finish arrives after the buffered values; a failure arrives at once")
  func completions() {
    let subject = PassthroughSubject<Int, TestError>()
    let finishing = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(finishing)
    finishing.request(.max(1))
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(finishing.events == [.subscription, .value(1)])
    finishing.request(.max(1))
    #expect(finishing.events == [.subscription, .value(1), .value(2), .completion(.finished)])

    let failing = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    failing.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    recorder.request(.max(1))
    failing.send(1)
    failing.send(2)
    failing.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
  }

  @Test("a value dropped by .dropOldest is let go after the buffer's lock: its deinit may use the buffer")
  func dropsOldestOutsideTheLock() {
    let subject = PassthroughSubject<ReleaseProbe, Never>()
    let recorder = RecordingSubscriber<ReleaseProbe, Never>(initialDemand: .none)
    subject.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    recorder.request(.max(1))
    subject.send(ReleaseProbe(1))
    subject.send(ReleaseProbe(2) { expectNoLockHeld { recorder.request(.max(1)) } })
    subject.send(ReleaseProbe(3))
    #expect(recorder.values.map(\.id) == [1, 3])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once, and nothing arrives afterwards")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest) }
  }

  @Test("releases everything once the subscription ends")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) }
  }
}
