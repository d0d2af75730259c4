import BindingsTesting
import Testing

@testable import Bindings

/// Misbehaving upstreams: an upstream that keeps sending after it completed, or after its
/// subscriber cancelled, must not reach the downstream (Contracts.md rule 2).
@Suite("Misuse: events after completion", .releasesEveryObject)
struct EventsAfterCompletionTests {
  @Test("removeDuplicates lets nothing through after the upstream finished")
  func removeDuplicatesAfterFinish() {
    let probe = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    probe.removeDuplicates().subscribe(recorder)
    probe.send(1)
    probe.send(completion: .finished)
    probe.send(2)
    probe.send(completion: .failure(.oops))
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "finished"])
  }

  @Test("removeDuplicates lets nothing through after the downstream cancelled")
  func removeDuplicatesAfterCancel() {
    expectCancelReachesUpstreamOnce(sendingFirst: [1], expecting: ["subscription", "value(1)"]) {
      $0.removeDuplicates()
    }
  }

  @Test("removeDuplicates(by:) releases its subscriber after the end")
  func removeDuplicatesLifecycle() {
    expectLifecycleForEveryEnding { $0.removeDuplicates() }
  }

  @Test("append: a prefix that sends after finishing reaches neither the suffix's turn nor the end")
  func appendIgnoresPrefixAfterFinish() {
    let prefix = UpstreamProbe<Int, TestError>()
    let suffix = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    prefix.append(suffix).subscribe(recorder)
    prefix.send(1)
    prefix.send(completion: .finished)
    prefix.send(99)
    prefix.send(completion: .failure(.oops))
    suffix.send(2)
    suffix.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "value(2)", "finished"])
  }

  @Test("append: a suffix that sends after finishing is ignored")
  func appendIgnoresSuffixAfterFinish() {
    let suffix = UpstreamProbe<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    Just(1).setFailureType(to: TestError.self).append(suffix).subscribe(recorder)
    suffix.send(2)
    suffix.send(completion: .finished)
    suffix.send(3)
    suffix.send(completion: .failure(.oops))
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "value(2)", "finished"])
  }

  @Test("flatMap(maxPublishers: .none) never asks the upstream for a value and passes on its completion")
  func flatMapWithNoPublishers() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    probe.flatMap(maxPublishers: .none) { Just($0) }.subscribe(recorder)
    probe.send(1)
    probe.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "finished"])
    #expect(probe.requests == [])
  }

  @Test("flatMap(maxPublishers: .none) cancels its upstream once")
  func flatMapWithNoPublishersCancels() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    probe.flatMap(maxPublishers: .none) { Just($0) }.subscribe(recorder)
    recorder.cancel()
    recorder.cancel()
    #expect(probe.cancelCount == 1)
    #expect(recorder.events.map(\.description) == ["subscription"])
  }
}
