import BindingsTesting
import Testing

@testable import Bindings

@Suite("ignoreOutput", .releasesEveryObject)
struct IgnoreOutputTests {
  @Test("drops every value and passes the completion through")
  func passesCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Never, TestError>()
    subject.ignoreOutput().subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events.map(\.description) == ["subscription", "finished"])
  }

  @Test("passes a failure through")
  func passesFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Never, TestError>()
    subject.ignoreOutput().subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.completion == .failure(.oops))
  }

  @Test("requests unlimited values upstream, and completes for a downstream that requested nothing")
  func requestsUnlimited() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Never, Never>(initialDemand: .none)
    probe.ignoreOutput().subscribe(recorder)
    probe.send(1)
    probe.send(completion: .finished)
    #expect(probe.requests == [.unlimited])
    #expect(probe.returnedDemands == [.none])
    #expect(recorder.events.map(\.description) == ["subscription", "finished"])
  }

  @Test("cancel reaches the upstream once")
  func cancelPropagates() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Never, Never>()
    probe.ignoreOutput().subscribe(recorder)
    recorder.cancel()
    #expect(probe.cancelCount == 1)

    let subject = PassthroughSubject<Int, Never>()
    let subscribed = RecordingSubscriber<Never, Never>()
    subject.ignoreOutput().subscribe(subscribed)
    subscribed.cancel()
    subject.send(completion: .finished)
    #expect(subject.core.subscriberCount == 0)
    #expect(subscribed.events.map(\.description) == ["subscription"])
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.ignoreOutput() }
  }
}
