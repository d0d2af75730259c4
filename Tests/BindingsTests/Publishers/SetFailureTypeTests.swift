import BindingsTesting
import Testing

@testable import Bindings

@Suite("setFailureType(to:)", .releasesEveryObject)
struct SetFailureTypeTests {
  @Test("passes values and finishing through under the new failure type")
  func passesValues() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, TestError>()
    let typed: Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError> =
      subject.setFailureType(to: TestError.self)
    typed.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("setting the failure type twice keeps one wrapper")
  func setsTwice() {
    let subject = PassthroughSubject<Int, Never>()
    let typed: Publishers.SetFailureType<PassthroughSubject<Int, Never>, any Error> =
      subject.setFailureType(to: TestError.self).setFailureType(to: (any Error).self)
    let recorder = RecordingSubscriber<Int, any Error>()
    typed.subscribe(recorder)
    subject.send(1)
    #expect(recorder.values == [1])
    recorder.cancel()
  }

  @Test("works on any publisher that cannot fail, such as an operator chain")
  func worksOnChains() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.map { $0 * 2 }.setFailureType(to: TestError.self).subscribe(recorder)
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(4)])
    recorder.cancel()
  }

  @Test("demand reaches the upstream unchanged; two requested, two received")
  func honoursDemand() {
    let probe = UpstreamProbe<Int, Never>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(1))
    probe.setFailureType(to: TestError.self).subscribe(recorder)
    probe.send(1)
    #expect(probe.requests == [.max(2)])
    #expect(probe.returnedDemands == [.max(1)])

    let subject = PassthroughSubject<Int, Never>()
    let limited = RecordingSubscriber<Int, TestError>(initialDemand: .max(2))
    subject.setFailureType(to: TestError.self).subscribe(limited)
    for value in 1...3 { subject.send(value) }
    #expect(limited.events == [.subscription, .value(1), .value(2)])
    recorder.cancel()
    limited.cancel()
  }

  @Test("cancel reaches the upstream once and nothing arrives afterwards")
  func cancelPropagates() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.setFailureType(to: TestError.self).subscribe(recorder)
    recorder.cancel()
    subject.send(1)
    #expect(subject.core.subscriberCount == 0)
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and upstream are released")
  func lifecycle() {
    // The shared check fails its upstream, which a Never-failing upstream cannot do: this is the
    // same check for the two endings such an upstream has.
    for ending in [Ending.cancel, .finish] {
      weak var weakSubject: PassthroughSubject<Int, Never>?
      weak var weakRecorder: RecordingSubscriber<Int, TestError>?
      weak var weakSubscription: AnyObject?
      do {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, TestError>()
        weakSubject = subject
        weakRecorder = recorder
        subject.setFailureType(to: TestError.self).subscribe(recorder)
        weakSubscription = recorder.subscription.map { $0 as AnyObject }
        subject.send(1)
        if ending == .cancel { recorder.cancel() } else { subject.send(completion: .finished) }
        #expect(subject.core.subscriberCount == 0)
      }
      #expect(weakRecorder == nil)
      #expect(weakSubscription == nil)
      #expect(weakSubject == nil)
    }
  }
}
