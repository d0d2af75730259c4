import BindingsTesting
import Testing

@testable import Bindings

@Suite("prepend and append", .releasesEveryObject)
struct ConcatenateTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("prepend(values) emits the values, then the upstream's values and completion")
  func prependValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.prepend(0, 1).subscribe(recorder)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2), .completion(.finished)])
  }

  @Test("prepend(sequence) emits the sequence's elements first")
  func prependSequence() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.prepend(stride(from: 0, to: 3, by: 1)).subscribe(recorder)
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2), .value(3)])
    recorder.cancel()
  }

  @Test("prepend of an empty sequence goes straight to the upstream")
  func prependEmpty() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.prepend([]).subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.cancel()
  }

  @Test("prepend(publisher) subscribes to the upstream only once the prefix finishes")
  func prependPublisher() {
    let first = PassthroughSubject<Int, TestError>()
    let then = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    then.prepend(first).subscribe(recorder)
    first.send(1)
    then.send(9)
    #expect(then.core.subscriberCount == 0)
    first.send(completion: .finished)
    then.send(2)
    then.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.oops))])
  }

  @Test("append(values) emits the values after the upstream finishes")
  func appendValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.append(8, 9).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(8), .value(9), .completion(.finished)])
  }

  @Test("append(sequence) emits the sequence's elements after the upstream finishes")
  func appendSequence() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.append([8, 9]).subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(8), .value(9), .completion(.finished)])
  }

  @Test("append(publisher) continues with the second publisher")
  func appendPublisher() {
    let first = PassthroughSubject<Int, TestError>()
    let then = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    first.append(then).subscribe(recorder)
    first.send(1)
    first.send(completion: .finished)
    then.send(2)
    then.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("values and sequences are concatenated as a Publishers.Sequence, as in Combine")
  func sequenceTypes() {
    typealias Subject = PassthroughSubject<Int, TestError>
    let subject = Subject()
    let prepended: Publishers.Concatenate<Publishers.Sequence<[Int], TestError>, Subject> = subject.prepend(0, 1)
    let appended: Publishers.Concatenate<Subject, Publishers.Sequence<ClosedRange<Int>, TestError>> =
      subject.append(8...9)
    #expect(prepended.prefix.sequence == [0, 1])
    #expect(appended.suffix.sequence == 8...9)
  }

  @Test("a failing prefix ends the stream; the suffix is never subscribed to")
  func prefixFailure() {
    let first = PassthroughSubject<Int, TestError>()
    let suffix = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    first.append(suffix).subscribe(recorder)
    first.send(1)
    first.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
    #expect(suffix.subscriptionCount == 0)
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.prepend(0, 1, 2).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(0), .value(1)])
    recorder.request(.max(2))
    subject.send(3)
    subject.send(4)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2), .value(3)])
    recorder.cancel()
  }

  @Test("demand the prefix did not use carries over to the suffix")
  func demandCarriesOver() {
    let prefix = ScriptedPublisher<Int, TestError>()
    let suffix = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(5), demandPerValue: .max(1))
    prefix.append(suffix).subscribe(recorder)
    #expect(prefix.send(1) == .max(1))
    prefix.send(completion: .finished)
    #expect(prefix.history == [.requested(.max(5))])
    #expect(suffix.history == [.requested(.max(5))])
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.cancel()
  }

  @Test("cancel reaches the current upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.append(ScriptedPublisher<Int, TestError>()) }
  }

  @Test("a cancel while the suffix's subscription is on its way cancels that subscription")
  func cancelDuringSwitch() {
    let prefix = PassthroughSubject<Int, TestError>()
    let suffix = ScriptedPublisher<Int, TestError>(handsOverSubscription: false)
    let recorder = Recorder()
    prefix.append(suffix).subscribe(recorder)
    prefix.send(completion: .finished)
    recorder.cancel()
    suffix.handOverSubscription()
    suffix.send(1)
    #expect(suffix.history == [.cancelled])
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.prepend(0) }
    expectLifecycleForEveryEnding { $0.append(9) }
  }

  @Test("lifecycle with a second publisher: both subjects are released")
  func lifecycleWithSecondPublisher() {
    expectLifecycleReleasesBothSubjects({ $0.append($1) }) { first, second, recorder in
      first.send(1)
      first.send(completion: .finished)
      second.send(2)
      recorder.cancel()
    }
    expectLifecycleReleasesBothSubjects({ $0.append($1) }) { first, second, _ in
      first.send(completion: .finished)
      second.send(completion: .failure(.oops))
    }
    expectLifecycleReleasesBothSubjects({ $0.prepend($1) }) { _, second, recorder in
      second.send(1)
      recorder.cancel()
    }
  }
}
