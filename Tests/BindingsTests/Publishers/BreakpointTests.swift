import BindingsTesting
import Testing

@testable import Bindings

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("breakpoint", .releasesEveryObject)
struct BreakpointTests {
  @Test("passes every event through unchanged while the closures return false")
  func passesEventsThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.breakpoint(
      receiveSubscription: { _ in false },
      receiveOutput: { _ in false },
      receiveCompletion: { _ in false }
    ).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
  }

  @Test("raises SIGTRAP when receiveOutput returns true")
  func trapsOnOutput() async {
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      let subject = PassthroughSubject<Int, Never>()
      let token = subject.breakpoint(receiveOutput: { $0 < 0 }).sink { _ in }
      subject.send(1)
      subject.send(-1)
      withExtendedLifetime(token) {}
    }
  }

  @Test("breakpointOnError() raises SIGTRAP on a failure, not on finishing")
  func trapsOnError() async {
    let finishing = RecordingSubscriber<Int, TestError>()
    Empty<Int, TestError>().breakpointOnError().subscribe(finishing)
    #expect(finishing.events == [.subscription, .completion(.finished)])
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      let token = Fail<Int, TestError>(error: .oops).breakpointOnError().sink(
        receiveCompletion: { _ in },
        receiveValue: { _ in }
      )
      withExtendedLifetime(token) {}
    }
  }

  @Test("releases everything once the subscription ends")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.breakpoint() }
  }
}
