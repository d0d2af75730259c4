import BindingsTesting
import Testing

@testable import Bindings

/// `buffer(size:prefetch: .byRequest, whenFull:)` asks its upstream for everything as soon as it is
/// subscribed, as Combine does, so a subject's values sent before the subscriber's first request
/// are kept, up to the buffer's size and by its policy, and delivered once it asks.
@Suite("buffer(.byRequest) keeps what is sent before the first request", .releasesEveryObject)
struct BufferByRequestTests {
  private func deliveredAfterLateDemand(
    size: Int, whenFull: Publishers.BufferingStrategy<TestError>, sent: ClosedRange<Int>
  ) -> [RecordingSubscriber<Int, TestError>.Event] {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.buffer(size: size, prefetch: .byRequest, whenFull: whenFull).subscribe(recorder)
    for value in sent { subject.send(value) }
    recorder.request(.unlimited)
    let events = recorder.events
    recorder.cancel()
    return events
  }

  @Test("everything sent before the first request arrives when the buffer has room")
  func keepsEverythingThatFits() {
    #expect(
      deliveredAfterLateDemand(size: 5, whenFull: .dropNewest, sent: 1...3)
        == [.subscription, .value(1), .value(2), .value(3)])
  }

  @Test("a full buffer keeps the first values with .dropNewest")
  func dropNewest() {
    #expect(
      deliveredAfterLateDemand(size: 2, whenFull: .dropNewest, sent: 1...5) == [.subscription, .value(1), .value(2)])
  }

  @Test("a full buffer keeps the last values with .dropOldest")
  func dropOldest() {
    #expect(
      deliveredAfterLateDemand(size: 2, whenFull: .dropOldest, sent: 1...5) == [.subscription, .value(4), .value(5)])
  }

  @Test("a full buffer fails with .customError, after the values it kept")
  func customError() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { .other }).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(subject.core.subscriberCount == 0, "the full buffer did not cancel the subject")
  }

  @Test("a finish sent before the first request follows the kept values")
  func finishAfterKeptValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("request(.none) is accepted and delivers nothing, as in Combine")
  func zeroDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    subject.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    subject.send(1)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.cancel()
  }

  @Test(
    "both strategies ask the upstream before the downstream has its subscription, as Combine does",
    arguments: [Publishers.PrefetchStrategy.keepFull, .byRequest])
  func asksBeforeHandingOver(prefetch: Publishers.PrefetchStrategy) {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    var seenAtRequest: [[RecordingSubscriber<Int, TestError>.Event]] = []
    let upstream = SendingOnRequest { demand, _ in
      seenAtRequest.append(recorder.events)
      #expect(demand == (prefetch == .keepFull ? .max(42) : .unlimited))
    }
    upstream.buffer(size: 42, prefetch: prefetch, whenFull: .dropOldest).subscribe(recorder)
    #expect(seenAtRequest == [[]], "the first request came after the downstream's subscription")
    #expect(recorder.events == [.subscription])
    recorder.cancel()
  }

  @Test("values and a finish the upstream sends while being asked wait for the downstream's subscription and demand")
  func eagerUpstreamFinishesAfterSubscription() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    let upstream = SendingOnRequest { _, downstream in
      _ = downstream.receive(1)
      _ = downstream.receive(2)
      downstream.receive(completion: .finished)
    }
    upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("a failure the upstream sends while being asked reaches the downstream right after its subscription")
  func eagerUpstreamFailsAfterSubscription() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    let upstream = SendingOnRequest { _, downstream in
      _ = downstream.receive(1)
      downstream.receive(completion: .failure(.oops))
    }
    upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }
}

/// An upstream whose subscription, when asked for values, runs `onRequest` with the demand and the
/// subscriber, on the asking thread: the shape of a publisher that sends at once (a sequence, a cache).
private final class SendingOnRequest: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestError
  private let onRequest: (Subscribers.Demand, AnySubscriber<Int, TestError>) -> Void

  init(_ onRequest: @escaping (Subscribers.Demand, AnySubscriber<Int, TestError>) -> Void) {
    self.onRequest = onRequest
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    let downstream = AnySubscriber(subscriber)
    subscriber.receive(subscription: Link(downstream: downstream, onRequest: onRequest))
  }

  private final class Link: Subscription, @unchecked Sendable {
    private var downstream: AnySubscriber<Int, TestError>?
    private let onRequest: (Subscribers.Demand, AnySubscriber<Int, TestError>) -> Void

    init(
      downstream: AnySubscriber<Int, TestError>,
      onRequest: @escaping (Subscribers.Demand, AnySubscriber<Int, TestError>) -> Void
    ) {
      self.downstream = downstream
      self.onRequest = onRequest
    }

    func request(_ demand: Subscribers.Demand) {
      guard let downstream else { return }
      onRequest(demand, downstream)
    }

    func cancel() { downstream = nil }
  }
}
