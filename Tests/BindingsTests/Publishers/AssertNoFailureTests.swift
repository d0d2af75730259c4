import BindingsTesting
import Testing

@testable import Bindings

@Suite("assertNoFailure(_:file:line:)", .releasesEveryObject)
struct AssertNoFailureTests {
  typealias Recorder = RecordingSubscriber<Int, Never>

  @Test("values and a normal completion pass through")
  func passesThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.assertNoFailure().subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("traps when the upstream fails")
  func trapsOnFailure() async {
    await #expect(processExitsWith: .failure) {
      let subject = PassthroughSubject<Int, TestError>()
      let token = subject.assertNoFailure("settings").sink { _ in }
      subject.send(completion: .failure(.oops))
      withExtendedLifetime(token) {}
    }
  }

  @Test("keeps the caller's prefix, file and line for the trap message")
  func recordsCallSite() {
    let line: UInt = #line + 1
    let publisher = PassthroughSubject<Int, TestError>().assertNoFailure("settings")
    #expect(publisher.prefix == "settings")
    #expect(publisher.line == line)
    #expect("\(publisher.file)".hasSuffix("AssertNoFailureTests.swift"))
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    expectPassThroughHonoursDemand { $0.assertNoFailure() }
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.assertNoFailure().subscribe(recorder)
    recorder.subscription?.cancel()
    recorder.subscription?.cancel()
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    let subject = PassthroughSubject<Int, TestError>()
    let cancelled = Recorder()
    subject.assertNoFailure().subscribe(cancelled)
    cancelled.cancel()
    subject.send(1)
    #expect(cancelled.events == [.subscription])
    #expect(subject.core.subscriberCount == 0)
    recorder.cancel()
    cancelled.cancel()
  }

  @Test("lifecycle: subscriber, subscription and subject are released (a failure would trap)")
  func lifecycle() {
    expectLifecycle(ending: .cancel) { $0.assertNoFailure() }
    expectLifecycle(ending: .finish) { $0.assertNoFailure() }
  }
}
