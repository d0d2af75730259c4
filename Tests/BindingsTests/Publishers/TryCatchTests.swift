import BindingsTesting
import Testing

@testable import Bindings

@Suite("tryCatch", .releasesEveryObject)
struct TryCatchTests {
  typealias Recorder = RecordingSubscriber<Int, any Error>

  @Test("values and a normal completion pass through")
  func passesThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.tryCatch { _ in PassthroughSubject<Int, TestError>() }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.eventsWithTestError == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a failure switches to the handler's publisher")
  func switchesOnFailure() {
    let primary = PassthroughSubject<Int, TestError>()
    let fallback = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    primary.tryCatch { _ in fallback }.subscribe(recorder)
    primary.send(1)
    primary.send(completion: .failure(.oops))
    fallback.send(2)
    fallback.send(completion: .failure(.other))
    #expect(recorder.eventsWithTestError == [.subscription, .value(1), .value(2), .completion(.failure(.other))])
  }

  @Test("a throwing handler fails the stream with what it threw")
  func handlerThrows() {
    let primary = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    primary.tryCatch { error -> PassthroughSubject<Int, TestError> in
      throw error == .oops ? TestError.other : TestError.oops
    }.subscribe(recorder)
    primary.send(completion: .failure(.oops))
    #expect(recorder.eventsWithTestError == [.subscription, .completion(.failure(.other))])
    #expect(primary.core.subscriberCount == 0)
  }

  @Test("demand the upstream did not satisfy carries over to the replacement")
  func demandCarriesOver() {
    let primary = ScriptedPublisher<Int, TestError>()
    let fallback = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    primary.tryCatch { _ in fallback }.subscribe(recorder)
    primary.send(1)
    primary.send(completion: .failure(.oops))
    #expect(fallback.history == [.requested(.max(1))])
    recorder.cancel()
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let primary = PassthroughSubject<Int, TestError>()
    let fallback = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    primary.tryCatch { _ in fallback }.subscribe(recorder)
    primary.send(completion: .failure(.oops))
    for value in 1...3 { fallback.send(value) }
    recorder.request(.max(1))
    fallback.send(4)
    fallback.send(5)
    #expect(recorder.eventsWithTestError == [.subscription, .value(1), .value(2), .value(4)])
    recorder.cancel()
  }

  @Test("cancel reaches the current upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce(thenCompleting: .failure(.oops)) {
      $0.tryCatch { _ in PassthroughSubject<Int, TestError>() }
    }
  }

  @Test("a cancel while the replacement's subscription is on its way cancels that subscription")
  func cancelDuringSwitch() {
    let primary = PassthroughSubject<Int, TestError>()
    let fallback = ScriptedPublisher<Int, TestError>(handsOverSubscription: false)
    let recorder = Recorder()
    primary.tryCatch { _ in fallback }.subscribe(recorder)
    primary.send(completion: .failure(.oops))
    recorder.cancel()
    fallback.handOverSubscription()
    #expect(fallback.history == [.cancelled])
    #expect(recorder.eventsWithTestError == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and both subjects are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { subject in subject.tryCatch { _ in subject } }
    expectLifecycleForEveryEnding { subject in
      subject.tryCatch { error -> PassthroughSubject<Int, TestError> in throw error }
    }
    expectLifecycleReleasesBothSubjects({ first, second in first.tryCatch { _ in second } }) { first, second, _ in
      first.send(completion: .failure(.oops))
      second.send(2)
      second.send(completion: .finished)
    }
    expectLifecycleReleasesBothSubjects({ first, second in first.tryCatch { _ in second } }) { first, _, recorder in
      first.send(completion: .failure(.oops))
      recorder.cancel()
    }
  }
}
