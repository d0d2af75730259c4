import BindingsTesting
import Testing

@testable import Bindings

@Suite("replaceNil(with:)", .releasesEveryObject)
struct ReplaceNilTests {
  @Test("replaces nil values and passes the others and the completion through")
  func replacesNil() {
    let subject = PassthroughSubject<Int?, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    let replaced: Publishers.Map<PassthroughSubject<Int?, TestError>, Int> = subject.replaceNil(with: 0)
    replaced.subscribe(recorder)
    subject.send(1)
    subject.send(nil)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(0), .completion(.failure(.oops))])
  }

  @Test("a downstream asking for two values gets exactly two")
  func honoursDemand() {
    let subject = PassthroughSubject<Int?, Never>()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
    subject.replaceNil(with: 0).subscribe(recorder)
    subject.send(nil)
    subject.send(2)
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(0), .value(2)])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int?, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    probe.replaceNil(with: 0).subscribe(recorder)
    recorder.cancel()
    #expect(probe.cancelCount == 1)
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.map { $0 > 0 ? $0 : nil }.replaceNil(with: 0) }
  }
}
