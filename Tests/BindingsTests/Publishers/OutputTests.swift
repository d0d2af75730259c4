import BindingsTesting
import Testing

@testable import Bindings

/// Sends one value from inside each `request`, as a synchronous source does.
private struct SendsOnRequest: Publisher {
  typealias Output = Int
  typealias Failure = TestError

  private final class Link<S: Subscriber>: Subscription where S.Input == Int {
    let subscriber: S
    init(subscriber: S) { self.subscriber = subscriber }
    func request(_ demand: Subscribers.Demand) { _ = subscriber.receive(1) }
    func cancel() {}
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    subscriber.receive(subscription: Link(subscriber: subscriber))
  }
}

@Suite("prefix(_:), output(at:) and output(in:)", .releasesEveryObject)
struct OutputTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("prefix(n) republishes n elements, then cancels the upstream and finishes at once")
  func prefix() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.prefix(2).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("prefix(0) finishes as soon as the upstream subscribes")
  func prefixZero() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder()
    upstream.prefix(0).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
  }

  @Test("prefix(0) publishes nothing even when the upstream sends from inside the first request")
  func prefixZeroWithEagerUpstream() {
    let recorder = Recorder()
    SendsOnRequest().prefix(0).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("output(at:) republishes only the element at that position")
  func outputAt() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.output(at: 1).subscribe(recorder)
    for value in [10, 11, 12] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(11), .completion(.finished)])
  }

  @Test("output(in:) accepts every kind of integer range")
  func outputIn() {
    func collect(
      _ build: (PassthroughSubject<Int, TestError>) -> Publishers.Output<PassthroughSubject<Int, TestError>>
    )
      -> [Int]
    {
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = Recorder()
      build(subject).subscribe(recorder)
      for value in 0..<6 { subject.send(value) }
      defer { recorder.cancel() }
      return recorder.values
    }
    #expect(collect { $0.output(in: 1..<3) } == [1, 2])
    #expect(collect { $0.output(in: 1...3) } == [1, 2, 3])
    #expect(collect { $0.output(in: ..<2) } == [0, 1])
    #expect(collect { $0.output(in: ...2) } == [0, 1, 2])
    #expect(collect { $0.output(in: 4...) } == [4, 5])
    #expect(Publishers.Output(upstream: PassthroughSubject<Int, Never>(), range: 0..<1).range == 0..<1)
  }

  @Test("elements before the range are replaced by a request for one more each")
  func skippedElementsAskForReplacements() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(1))
    upstream.output(in: 2..<4).subscribe(recorder)
    #expect(upstream.send(0) == .max(1))
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .none)
    #expect(upstream.history == [.requested(.max(1))])
    recorder.cancel()
  }

  @Test("an upstream completing inside the range completes the stream the same way")
  func upstreamCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder()
    subject.prefix(5).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.oops))])
  }

  @Test("a subscriber asking for .max(2) gets two values, and more after requesting")
  func demand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    subject.prefix(4).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    recorder.request(.max(2))
    subject.send(4)
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(4), .value(5), .completion(.finished)])
  }

  @Test("cancel reaches the upstream once, and nothing arrives after it")
  func cancel() {
    expectCancelReachesUpstreamOnce { $0.prefix(3) }
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    expectLifecycleForEveryEnding { $0.prefix(3) }
    expectLifecycleForEveryEnding { $0.output(at: 1) }
    expectLifecycle(ending: .cancel) { $0.prefix(1) }
  }
}
