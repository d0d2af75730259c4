import BindingsTesting
import Testing

@testable import Bindings

@Suite("catch", .releasesEveryObject)
struct CatchTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("values and a normal completion pass through; the handler is not called")
  func passesThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    var calls = 0
    let recorder = Recorder()
    subject.catch { _ in
      calls += 1; return PassthroughSubject<Int, TestError>()
    }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(calls == 0)
  }

  @Test("a failure switches to the handler's publisher, whose values and completion follow")
  func switchesOnFailure() {
    let primary = PassthroughSubject<Int, TestError>()
    let fallback = PassthroughSubject<Int, Never>()
    var caught: [TestError] = []
    let recorder = RecordingSubscriber<Int, Never>()
    primary.catch { error in
      caught.append(error)
      return fallback
    }.subscribe(recorder)
    primary.send(1)
    primary.send(completion: .failure(.oops))
    primary.send(9)
    fallback.send(2)
    fallback.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(caught == [.oops])
    #expect(primary.core.subscriberCount == 0)
  }

  @Test("the replacement's failure is republished")
  func replacementFails() {
    let primary = PassthroughSubject<Int, TestError>()
    let fallback = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    primary.catch { _ in fallback }.subscribe(recorder)
    primary.send(completion: .failure(.oops))
    fallback.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }

  @Test("demand the upstream did not satisfy carries over to the replacement")
  func demandCarriesOver() {
    let primary = ScriptedPublisher<Int, TestError>()
    let fallback = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(3))
    primary.catch { _ in fallback }.subscribe(recorder)
    primary.send(1)
    primary.send(completion: .failure(.oops))
    #expect(fallback.history == [.requested(.max(2))])
    recorder.request(.max(4))
    #expect(fallback.history == [.requested(.max(2)), .requested(.max(4))])
    #expect(primary.history == [.requested(.max(3))])
    recorder.cancel()
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let primary = PassthroughSubject<Int, TestError>()
    let fallback = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    primary.catch { _ in fallback }.subscribe(recorder)
    primary.send(1)
    primary.send(completion: .failure(.oops))
    fallback.send(2)
    fallback.send(3)
    recorder.request(.max(1))
    fallback.send(4)
    fallback.send(5)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4)])
    recorder.cancel()
  }

  @Test("cancel reaches the current upstream once, and nothing arrives after it")
  func cancel() {
    let primary = ScriptedPublisher<Int, TestError>()
    let fallback = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    primary.catch { _ in fallback }.subscribe(recorder)
    primary.send(completion: .failure(.oops))
    recorder.subscription?.cancel()
    recorder.subscription?.cancel()
    fallback.send(1)
    fallback.send(completion: .finished)
    #expect(primary.history == [.requested(.unlimited)])
    #expect(fallback.history == [.requested(.unlimited), .cancelled])
    #expect(recorder.events == [.subscription])
    recorder.cancel()
  }

  @Test("a cancel while the replacement's subscription is on its way cancels that subscription")
  func cancelDuringSwitch() {
    let primary = PassthroughSubject<Int, TestError>()
    let fallback = ScriptedPublisher<Int, TestError>(handsOverSubscription: false)
    let recorder = Recorder()
    primary.catch { _ in fallback }.subscribe(recorder)
    primary.send(completion: .failure(.oops))
    recorder.cancel()
    fallback.handOverSubscription()
    fallback.send(1)
    #expect(fallback.history == [.cancelled])
    #expect(recorder.events == [.subscription])
  }

  @Test("lifecycle: subscriber, subscription and both subjects are released")
  func lifecycle() {
    // The handler hands back the failed subject itself, which fails again at once.
    expectLifecycleForEveryEnding { subject in subject.catch { _ in subject } }
    expectLifecycleReleasesBothSubjects({ first, second in first.catch { _ in second } }) { first, second, _ in
      first.send(1)
      first.send(completion: .failure(.oops))
      second.send(2)
      second.send(completion: .finished)
    }
    expectLifecycleReleasesBothSubjects({ first, second in first.catch { _ in second } }) { first, second, recorder in
      first.send(completion: .failure(.oops))
      second.send(2)
      recorder.cancel()
    }
  }
}
