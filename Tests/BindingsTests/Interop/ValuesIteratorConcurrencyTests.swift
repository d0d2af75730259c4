import Foundation
import Testing

@testable import Bindings

/// What each task got from its call to `next()`, by the order the tasks started in.
private final class Outcomes: @unchecked Sendable {
  enum Outcome: Equatable, CustomStringConvertible {
    case value(Int)
    case end
    case failure(TestError)

    var description: String {
      switch self {
      case .value(let value): return "value(\(value))"
      case .end: return "end"
      case .failure(let error): return "failure(\(error))"
      }
    }
  }

  private let lock = NSLock()
  private var recorded: [Int: Outcome] = [:]

  func record(_ index: Int, _ outcome: Outcome) { lock.withLock { recorded[index] = outcome } }

  var count: Int { lock.withLock { recorded.count } }

  /// The outcomes in the order the tasks started; `nil` for a task still waiting.
  func inOrder(_ count: Int) -> [Outcome?] { lock.withLock { (0..<count).map { recorded[$0] } } }
}

/// How many requests reached the upstream.
private func requestCount<Output, Failure>(_ upstream: ScriptedPublisher<Output, Failure>) -> Int {
  upstream.history.filter { if case .requested = $0 { true } else { false } }.count
}

/// Starts `count` tasks that each call `next()` once on their own copy of `iterator`, one after
/// another: each starts once the one before it is waiting (its request reached `upstream`), so the
/// i-th task is the i-th waiting call. Returns the tasks, or `nil` if one never started waiting.
private func startWaiting<Iterator: AsyncIteratorProtocol & Sendable, Failure: Error>(
  _ count: Int,
  on iterator: Iterator,
  upstream: ScriptedPublisher<Int, Failure>,
  into outcomes: Outcomes
) async -> [Task<Void, Never>]? where Iterator.Element == Int {
  var tasks: [Task<Void, Never>] = []
  let before = requestCount(upstream)
  for index in 0..<count {
    tasks.append(
      Task {
        var copy = iterator
        do {
          outcomes.record(index, try await copy.next().map(Outcomes.Outcome.value) ?? .end)
        } catch {
          outcomes.record(index, .failure(error as? TestError ?? .other))
        }
      })
    guard await eventuallyPolled({ requestCount(upstream) == before + index + 1 }) else {
      Issue.record("task \(index) never started waiting")
      return nil
    }
  }
  return tasks
}

/// Waits for every task to record its outcome; records an issue naming the tasks that hang.
private func expectAllDone(
  _ count: Int, _ outcomes: Outcomes, sourceLocation: SourceLocation = #_sourceLocation
)
  async -> Bool
{
  guard await eventuallyPolled({ outcomes.count == count }) else {
    let waiting = outcomes.inOrder(count).indices.filter { outcomes.inOrder(count)[$0] == nil }
    Issue.record(
      "tasks \(waiting) are still waiting in next(): a continuation was lost", sourceLocation: sourceLocation)
    return false
  }
  return true
}

@Suite("values: next() from several tasks at once", .releasesEveryObject)
struct ValuesIteratorConcurrencyTests {
  @Test("each waiting call gets one value, in the order the calls were made", arguments: 2...8)
  func valuesGoToWaitersInOrder(tasks count: Int) async {
    let upstream = ScriptedPublisher<Int, Never>()
    let outcomes = Outcomes()
    guard await startWaiting(count, on: upstream.values.makeAsyncIterator(), upstream: upstream, into: outcomes) != nil
    else { return upstream.detach() }
    for index in 0..<count { upstream.send(100 + index) }
    if await expectAllDone(count, outcomes) {
      #expect(outcomes.inOrder(count) == (0..<count).map { .value(100 + $0) })
    }
    #expect(Array(upstream.history.prefix(count)) == Array(repeating: .requested(.max(1)), count: count))
    upstream.detach()
  }

  @Test("a finish ends every waiting call with nil, and every later call", arguments: 2...8)
  func finishEndsEveryWaiter(tasks count: Int) async {
    let upstream = ScriptedPublisher<Int, Never>()
    var iterator = AsyncThrowingPublisher(upstream).makeAsyncIterator()
    let outcomes = Outcomes()
    guard await startWaiting(count, on: iterator, upstream: upstream, into: outcomes) != nil else {
      return upstream.detach()
    }
    upstream.send(100)
    upstream.send(completion: .finished)
    if await expectAllDone(count, outcomes) {
      #expect(outcomes.inOrder(count) == [.value(100)] + Array(repeating: .end, count: count - 1))
    }
    #expect(await iterator.next() == nil)
    upstream.detach()
  }

  @Test("a failure reaches the first waiting call; the others and every later call get nil", arguments: 2...8)
  func failureReachesTheFirstWaiter(tasks count: Int) async throws {
    let upstream = ScriptedPublisher<Int, TestError>()
    var iterator = AsyncThrowingPublisher(upstream).makeAsyncIterator()
    let outcomes = Outcomes()
    guard await startWaiting(count, on: iterator, upstream: upstream, into: outcomes) != nil else {
      return upstream.detach()
    }
    upstream.send(completion: .failure(.oops))
    if await expectAllDone(count, outcomes) {
      #expect(outcomes.inOrder(count) == [.failure(.oops)] + Array(repeating: .end, count: count - 1))
    }
    #expect(try await iterator.next() == nil)
    upstream.detach()
  }

  @Test(
    "cancelling any waiting task, after any number of values, ends every waiting call and cancels once",
    arguments: 2...8)
  func cancellationAtEveryPoint(tasks count: Int) async throws {
    for delivered in 0..<count {
      for cancelled in delivered..<count {
        let upstream = ScriptedPublisher<Int, Never>()
        var iterator = upstream.values.makeAsyncIterator()
        let outcomes = Outcomes()
        guard let tasks = await startWaiting(count, on: iterator, upstream: upstream, into: outcomes) else {
          return upstream.detach()
        }
        for index in 0..<delivered { upstream.send(100 + index) }
        guard await eventuallyPolled({ outcomes.count == delivered }) else {
          Issue.record("\(delivered) values did not reach the first \(delivered) tasks")
          return upstream.detach()
        }
        tasks[cancelled].cancel()
        let scenario = "\(count) tasks, \(delivered) served, task \(cancelled) cancelled"
        if await expectAllDone(count, outcomes) {
          let expected = (0..<count).map { $0 < delivered ? Outcomes.Outcome.value(100 + $0) : .end }
          #expect(outcomes.inOrder(count) == expected, "\(scenario)")
        }
        let cancels = upstream.history.filter { $0 == .cancelled }.count
        #expect(cancels == 1, "\(scenario): the upstream was cancelled \(cancels) times")
        #expect(await iterator.next() == nil, "\(scenario): a later call did not return nil")
        upstream.detach()
      }
    }
  }

  @Test("calls made before the subscription arrives are all served once it does", arguments: 2...8)
  func callsBeforeTheSubscription(tasks count: Int) async {
    let upstream = ScriptedPublisher<Int, Never>(handsOverSubscription: false)
    let iterator = upstream.values.makeAsyncIterator()
    let outcomes = Outcomes()
    for index in 0..<count {
      Task {
        var copy = iterator
        outcomes.record(index, await copy.next().map(Outcomes.Outcome.value) ?? .end)
      }
    }
    try? await Task.sleep(for: .milliseconds(20))
    upstream.handOverSubscription()
    guard await eventuallyPolled({ upstream.history.count > 0 }) else {
      Issue.record("the subscription was never asked for anything")
      return upstream.detach()
    }
    // Calls made before the subscription are asked for together; any later ones one by one.
    guard
      await eventuallyPolled({
        upstream.history.reduce(0) { sum, event in
          if case .requested(let demand) = event { sum + (demand.max ?? 0) } else { sum }
        } == count
      })
    else {
      Issue.record("the upstream was not asked for one value per call: \(upstream.history)")
      return upstream.detach()
    }
    for index in 0..<count { upstream.send(index) }
    if await expectAllDone(count, outcomes) {
      let values = outcomes.inOrder(count).compactMap { outcome -> Int? in
        if case .value(let value)? = outcome { value } else { nil }
      }
      #expect(values.sorted() == Array(0..<count))
    }
    upstream.detach()
  }

  @Test("tasks iterating one subject while another thread sends and one task is cancelled all end", arguments: 2...8)
  func racingIteration(tasks count: Int) async {
    for ending in ["cancel", "finish"] {
      let subject = PassthroughSubject<Int, Never>()
      let iterator = subject.values.makeAsyncIterator()
      let received = Outcomes()
      let tasks = (0..<count).map { index in
        Task {
          var copy = iterator
          var last = -1
          var values = 0
          while let value = await copy.next() {
            // Values reach each task in increasing order, and no value reaches two tasks.
            if value <= last { received.record(-1 - index, .value(value)) }
            last = value
            values += 1
          }
          received.record(index, .value(values))
        }
      }
      let sender = Thread {
        for value in 0..<2_000 {
          subject.send(value)
          if value == 1_000, ending == "finish" { subject.send(completion: .finished) }
        }
      }
      sender.start()
      try? await Task.sleep(for: .milliseconds(Int.random(in: 0...5)))
      if ending == "cancel" { tasks[Int.random(in: 0..<count)].cancel() }
      if ending == "finish" {
        try? await Task.sleep(for: .milliseconds(1))
        subject.send(completion: .finished)
      }
      guard await eventuallyPolled({ received.count >= count }) else {
        Issue.record("\(count) tasks, \(ending): some tasks never ended")
        continue
      }
      #expect(received.count == count, "\(count) tasks, \(ending): a task got values out of order")
      for task in tasks { await task.value }
    }
  }

  @Test("a failure is thrown once; later calls to next() return nil")
  func failureThrownOnce() async throws {
    var iterator = Fail<Int, TestError>(error: .oops).values.makeAsyncIterator()
    await #expect(throws: TestError.oops) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test("values buffered before a failure come first, then the failure once, then nil")
  func failureAfterBufferedValues() async throws {
    let upstream = ScriptedPublisher<Int, TestError>()
    var iterator = AsyncThrowingPublisher(upstream).makeAsyncIterator()
    // A publisher that ignores demand: both values arrive before anyone asks.
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(.oops))
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    await #expect(throws: TestError.oops) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    upstream.detach()
  }
}

/// An upstream that keeps its subscriber and sends its subscription only when the test does.
private final class UnsubscribedUpstream: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never
  private let held = Locked<AnySubscriber<Int, Never>?>(nil)

  var subscriber: AnySubscriber<Int, Never>? { held.withLock { $0 } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    held.withLock { $0 = AnySubscriber(subscriber) }
  }
}

@Suite("values: an upstream that sends before its subscription", .releasesEveryObject)
struct ValuesBeforeSubscriptionTests {
  @Test(
    "a value sent before the subscription ends the waiting next() calls with nil, as in Combine, instead of hanging them"
  )
  func valueBeforeSubscriptionEndsWaitingCalls() async {
    let upstream = UnsubscribedUpstream()
    let iterator = upstream.values.makeAsyncIterator()
    let outcomes = Outcomes()
    let tasks = (0..<2).map { index in
      Task {
        var copy = iterator
        outcomes.record(index, await copy.next().map(Outcomes.Outcome.value) ?? .end)
      }
    }
    // Each early value ends the calls waiting at that moment; send until both have ended.
    let ended = await eventuallyPolled {
      _ = upstream.subscriber?.receive(42)
      return outcomes.count == 2
    }
    #expect(ended)
    #expect(outcomes.inOrder(2) == [.end, .end])
    for task in tasks { await task.value }
    let late = SpySubscription()
    upstream.subscriber?.receive(subscription: late)
    #expect(late.requests == [.max(2)])
  }
}
