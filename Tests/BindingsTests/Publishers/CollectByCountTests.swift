import BindingsTesting
import Testing

@testable import Bindings

@Suite("collect(_:)", .releasesEveryObject)
struct CollectByCountTests {
  @Test("publishes full groups, then the remainder and the completion")
  func groupsValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>()
    subject.collect(2).subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3, 4]), .value([5]), .completion(.finished)])
  }

  @Test("a failure discards the partial group")
  func failureDiscardsRemainder() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>()
    subject.collect(2).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value([1, 2]), .completion(.failure(.oops))])
  }

  @Test("finishing with an empty buffer sends only the completion")
  func finishesEmpty() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<[Int], TestError>()
    subject.collect(2).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2]), .completion(.finished)])
  }

  @Test("demand is counted in groups: n groups ask the upstream for n times count values")
  func multipliesDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<[Int], Never>(initialDemand: .max(2), demandPerValue: .max(1))
    probe.collect(3).subscribe(recorder)
    for value in 1...3 { probe.send(value) }
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .value([1, 2, 3])])
    #expect(probe.requests == [.max(6), .unlimited])
    #expect(probe.returnedDemands == [.none, .none, .max(3)])
    recorder.cancel()
  }

  @Test("a downstream asking for two groups gets exactly two")
  func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<[Int], Never>(initialDemand: .max(2))
    subject.collect(2).subscribe(recorder)
    for value in 1...6 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3, 4])])
    recorder.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    expectCancelReachesUpstreamOnce(sendingFirst: [1]) { $0.collect(2) }
  }

  @Test("a count that is not positive is a programming error")
  func rejectsNonPositiveCount() async {
    await #expect(processExitsWith: .failure) {
      _ = PassthroughSubject<Int, Never>().collect(0)
    }
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.collect(2) }
    expectLifecycleForEveryEnding { $0.collect(1) }
  }
}
