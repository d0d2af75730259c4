import BindingsTesting
import Testing

@testable import Bindings

/// An asynchronous sequence of 1, 2, 3, … up to `limit` that counts the calls to `next()`.
struct CountingAsyncSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  let limit: Int
  let nextCalls = Counter()

  struct AsyncIterator: AsyncIteratorProtocol {
    let limit: Int
    let nextCalls: Counter
    var current = 0

    mutating func next() async -> Int? {
      nextCalls.increment()
      guard current < limit else { return nil }
      current += 1
      return current
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(limit: limit, nextCalls: nextCalls)
  }
}

/// Forwards an asynchronous sequence and signals each call to `next()` before it waits.
struct SignallingAsyncSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Failure == Never {
  typealias Element = Base.Element
  typealias Failure = Never

  let base: Base
  let nextCalled: AsyncStream<Void>.Continuation

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let nextCalled: AsyncStream<Void>.Continuation

    mutating func next() async -> Base.Element? {
      nextCalled.yield()
      return await base.next(isolation: nil)
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), nextCalled: nextCalled)
  }
}

/// A publisher that never sends anything and records the requests and cancels it receives.
func silentPublisher() -> (publisher: AnyPublisher<Int, TestError>, cancels: Counter, requested: AsyncStream<Void>) {
  let cancels = Counter()
  let (requested, requestedContinuation) = AsyncStream.makeStream(of: Void.self)
  let publisher = Empty<Int, TestError>(completeImmediately: false)
    .handleEvents(
      receiveCancel: { cancels.increment() },
      receiveRequest: { _ in requestedContinuation.yield() }
    )
    .eraseToAnyPublisher()
  return (publisher, cancels, requested)
}

@Suite("Swift Concurrency: publisher.values, AsyncSequence.publisher, async Future", .releasesEveryObject)
struct ConcurrencyInteropTests {
  // MARK: values

  @Test("values yields every value of a publisher that cannot fail, then ends")
  func valuesYieldsEveryValue() async {
    var received: [Int] = []
    for await value in [1, 2, 3].publisher.values { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test("values of a failing publisher yields the values, then throws the failure")
  func valuesThrowsTheFailure() async {
    let numbers = [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: .oops))
    var received: [Int] = []
    await #expect(throws: TestError.oops) {
      for try await value in numbers.values { received.append(value) }
    }
    #expect(received == [1, 2])
  }

  @Test("values requests one value per call to next(), and nothing before")
  func valuesRequestsOneAtATime() async {
    let probe = UpstreamProbe<Int, Never>()
    let (requested, requestedContinuation) = AsyncStream.makeStream(of: Subscribers.Demand.self)
    let values = probe.handleEvents(receiveRequest: { requestedContinuation.yield($0) }).values
    var iterator = values.makeAsyncIterator()
    #expect(probe.requests == [])
    let task = Task {
      let first = await iterator.next()
      let second = await iterator.next()
      return [first, second]
    }
    var requests = requested.makeAsyncIterator()
    #expect(await requests.next() == .max(1))
    _ = probe.send(1)
    #expect(await requests.next() == .max(1))
    _ = probe.send(2)
    #expect(await task.value == [1, 2])
    #expect(probe.requests == [.max(1), .max(1)])
  }

  @Test("cancelling the iterating task cancels the subscription exactly once, and next() returns nil")
  func taskCancellationCancelsTheSubscription() async {
    let (publisher, cancels, requested) = silentPublisher()
    let task = Task {
      var count = 0
      do {
        for try await _ in publisher.values { count += 1 }
      } catch {
        return -1
      }
      return count
    }
    var requests = requested.makeAsyncIterator()
    _ = await requests.next()
    task.cancel()
    #expect(await task.value == 0)
    #expect(cancels.value == 1)
  }

  @Test("ending a loop early cancels the subscription exactly once")
  func breakCancelsTheSubscription() async {
    let subject = CurrentValueSubject<Int, Never>(1)
    let cancels = Counter()
    for await value in subject.handleEvents(receiveCancel: { cancels.increment() }).values {
      #expect(value == 1)
      break
    }
    #expect(cancels.value == 1)
    #expect(subject.core.subscriberCount == 0)
  }

  // MARK: AsyncSequence as a publisher

  @Test("an asynchronous sequence publishes its elements, then finishes")
  func asyncSequencePublishes() async {
    let recorder = RecordingSubscriber<Int, Never>()
    let (done, doneContinuation) = AsyncStream.makeStream(of: Void.self)
    CountingAsyncSequence(limit: 3).publisher
      .handleEvents(receiveCompletion: { _ in doneContinuation.yield() })
      .subscribe(recorder)
    var iterator = done.makeAsyncIterator()
    _ = await iterator.next()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test("an asynchronous sequence publisher asks for exactly as many elements as were requested (.max(n))")
  func asyncSequenceHonoursDemand() async {
    let sequence = CountingAsyncSequence(limit: 10)
    let (received, receivedContinuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2)) { value in
      receivedContinuation.yield(value)
      return .none
    }
    sequence.publisher.subscribe(recorder)
    var values = received.makeAsyncIterator()
    _ = await values.next()
    _ = await values.next()
    recorder.request(.max(1))
    _ = await values.next()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(sequence.nextCalls.value == 3)
    recorder.cancel()
  }

  @Test("cancelling the subscription cancels the iterating task exactly once, and nothing arrives after it")
  func cancelCancelsTheTask() async {
    let terminations = Counter()
    let (ended, endedContinuation) = AsyncStream.makeStream(of: Void.self)
    let (nextCalled, nextCalledContinuation) = AsyncStream.makeStream(of: Void.self)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { termination in
      if case .cancelled = termination { terminations.increment() }
      endedContinuation.yield()
    }
    let recorder = RecordingSubscriber<Int, Never>()
    SignallingAsyncSequence(base: stream, nextCalled: nextCalledContinuation).publisher.subscribe(recorder)
    var waits = nextCalled.makeAsyncIterator()
    _ = await waits.next()
    recorder.cancel()
    recorder.cancel()
    var endings = ended.makeAsyncIterator()
    _ = await endings.next()
    continuation.yield(1)
    #expect(terminations.value == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test("an error thrown by the sequence fails the subscriber")
  func asyncSequenceFails() async {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self, throwing: (any Error).self)
    let (done, doneContinuation) = AsyncStream.makeStream(of: Void.self)
    let recorder = RecordingSubscriber<Int, any Error>()
    stream.publisher.handleEvents(receiveCompletion: { _ in doneContinuation.yield() }).subscribe(recorder)
    continuation.yield(1)
    continuation.finish(throwing: TestError.oops)
    var iterator = done.makeAsyncIterator()
    _ = await iterator.next()
    #expect(recorder.values == [1])
    if case .failure(let error)? = recorder.completion {
      #expect(error as? TestError == .oops)
    } else {
      Issue.record("expected a failure, got \(String(describing: recorder.completion))")
    }
  }

  // MARK: Future

  @Test("a future made from an async closure publishes its result, and value returns it")
  func asyncFuture() async throws {
    let future = Future<Int, any Error> { 6 * 7 }
    #expect(try await future.value == 42)
    let neverFailing = Future<String, Never> { "Ada" }
    #expect(await neverFailing.value == "Ada")
  }

  @Test("value throws the future's failure, typed")
  func futureValueThrows() async {
    let future = Future<Int, TestError> { promise in promise(.failure(.oops)) }
    await #expect(throws: TestError.oops) { try await future.value }
    let thrower = Future<Int, any Error> { throw TestError.oops }
    await #expect(throws: TestError.oops) { try await thrower.value }
  }
}
