extension Publisher where Failure == Never, Output: Sendable {
  /// The values of this publisher as an asynchronous sequence.
  ///
  /// ```swift
  /// for await value in [1, 2, 3].publisher.values {
  ///   print(value)
  /// }
  /// // prints "1", "2", "3"
  /// ```
  ///
  /// See ``AsyncPublisher`` for buffering and cancellation.
  public var values: AsyncPublisher<Self> {
    AsyncPublisher(self)
  }
}

extension Publisher where Output: Sendable {
  /// The values of this publisher as an asynchronous sequence that throws the publisher's failure.
  ///
  /// ```swift
  /// let numbers = [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: .oops))
  /// do {
  ///   for try await value in numbers.values { print(value) }
  /// } catch {
  ///   print(error)
  /// }
  /// // prints "1", "2", "oops"
  /// ```
  ///
  /// See ``AsyncThrowingPublisher`` for buffering and cancellation.
  public var values: AsyncThrowingPublisher<Self> {
    AsyncThrowingPublisher(self)
  }
}

/// The values of a publisher that cannot fail, as an asynchronous sequence.
///
/// ```swift
/// let subject = CurrentValueSubject<Int, Never>(1)
/// for await value in subject.values {
///   print(value)   // prints "1", then every value sent until the loop ends
/// }
/// ```
///
/// - **Subscription.** Each iterator subscribes once, when it is made.
/// - **Buffering.** None: each call to `next()` requests one value (`.max(1)`), so the publisher
///   decides what happens to values sent while nobody is waiting. A `PassthroughSubject` drops them;
///   a `CurrentValueSubject` keeps only its latest value. Add `buffer(size:prefetch:whenFull:)`
///   before `.values` to keep them.
/// - **Cancellation.** Cancelling the iterating task, or ending the loop early (`break`, a thrown
///   error, dropping the iterator), cancels the subscription exactly once; `next()` then returns
///   `nil`. A completion of the publisher ends the sequence.
/// - **Several tasks.** Copies of one iterator may call `next()` from several tasks at once, as with
///   Combine's `AsyncPublisher`: each waiting call asks for one value, the values go to the waiting
///   calls in the order they were made, and the end reaches every one of them. Cancelling any of
///   those tasks cancels the subscription, and every waiting call returns `nil`.
public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence
where Upstream.Failure == Never, Upstream.Output: Sendable {
  /// The publisher's values, one per iteration.
  public typealias Element = Upstream.Output
  /// This publisher never fails.
  public typealias Failure = Never

  private let upstream: Upstream

  /// Wraps `upstream`; prefer `publisher.values`.
  public init(_ upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes to the publisher and returns the iterator that reads from that subscription.
  public func makeAsyncIterator() -> Iterator {
    Iterator(handle: AsyncPublisherHandle(upstream))
  }

  /// Requests one value per call to `next()`.
  ///
  /// ```swift
  /// var iterator = subject.values.makeAsyncIterator()   // subscribes now
  /// subject.send(completion: .finished)
  /// print(await iterator.next() == nil)   // prints "true"
  /// ```
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    /// The publisher's values, one per call to `next()`.
    public typealias Element = Upstream.Output
    /// This publisher never fails.
    public typealias Failure = Never

    fileprivate let handle: AsyncPublisherHandle<Upstream>

    /// Requests one value and waits for it; `nil` once the publisher finishes or the task is cancelled.
    public mutating func next() async -> Upstream.Output? {
      switch await handle.next() {
      case .success(let value): return value
      }
    }
  }
}

/// The values of a publisher that can fail, as an asynchronous sequence that throws its failure.
///
/// ```swift
/// do {
///   for try await value in Fail<Int, TestError>(error: .oops).values { print(value) }
/// } catch {
///   print(error)   // prints "oops"
/// }
/// ```
///
/// Buffering, cancellation and iteration from several tasks are those of ``AsyncPublisher``: one
/// value requested per `next()`, nothing buffered, and the subscription cancelled exactly once when
/// a task is cancelled or the loop ends early. The failure is thrown once, to the first waiting
/// call; every call after it returns `nil`, as with `AsyncThrowingStream`.
public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence where Upstream.Output: Sendable {
  /// The publisher's values, one per iteration.
  public typealias Element = Upstream.Output
  /// Fails, if at all, with its upstream's failure type.
  public typealias Failure = Upstream.Failure

  private let upstream: Upstream

  /// Wraps `upstream`; prefer `publisher.values`.
  public init(_ upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes to the publisher and returns the iterator that reads from that subscription.
  public func makeAsyncIterator() -> Iterator {
    Iterator(handle: AsyncPublisherHandle(upstream))
  }

  /// Requests one value per call to `next()`; throws the publisher's failure.
  ///
  /// ```swift
  /// var iterator = Fail<Int, TestError>(error: .oops).values.makeAsyncIterator()
  /// do { _ = try await iterator.next() } catch { print(error) }   // prints "oops"
  /// ```
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    /// The publisher's values, one per call to `next()`.
    public typealias Element = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    fileprivate let handle: AsyncPublisherHandle<Upstream>

    /// Requests one value and waits for it; `nil` once the publisher finishes or the task is cancelled.
    /// Throws the publisher's failure once; every later call returns `nil`.
    public mutating func next() async throws(Upstream.Failure) -> Upstream.Output? {
      try await handle.next().get()
    }
  }
}

/// Owned only by an iterator: cancels the subscription when the iterator is dropped, which the
/// subscriber itself cannot notice (the upstream holds it).
private final class AsyncPublisherHandle<Upstream: Publisher>: Sendable where Upstream.Output: Sendable {
  private let subscriber: AsyncPublisherSubscriber<Upstream.Output, Upstream.Failure>

  init(_ upstream: Upstream) {
    subscriber = AsyncPublisherSubscriber()
    upstream.subscribe(subscriber)
  }

  func next() async -> Result<Upstream.Output?, Upstream.Failure> {
    await subscriber.next()
  }

  deinit {
    subscriber.cancel()
  }
}

/// The subscriber behind ``AsyncPublisher`` and ``AsyncThrowingPublisher``.
///
/// Any number of tasks may wait in `next()` at once (on copies of one iterator): each waiting call
/// asks for one value, and values are handed to the waiting calls in the order the calls were made.
/// The end reaches every waiting call: a failure the first, `nil` the others. A failure is thrown
/// once; every call after it returns `nil`.
private final class AsyncPublisherSubscriber<Input: Sendable, Failure: Error>: Subscriber, Cancellable,
  @unchecked Sendable
{
  typealias Next = CheckedContinuation<Result<Input?, Failure>, Never>

  private enum Phase {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// Finished, failed or cancelled: what the next call to `next()` returns.
    case ended(Result<Input?, Failure>)
  }

  /// Everything the subscriber knows, guarded by its lock.
  private struct State {
    var phase = Phase.awaitingSubscription
    /// The tasks waiting in `next()`, in the order they called it.
    var waiting: [Next] = []
    /// Values that arrived with nobody waiting (only from a publisher that ignores demand).
    var arrived: [Input] = []
    /// Requests made before the subscription arrived, one per waiting call.
    var pendingRequests = 0

    /// Takes `subscription` if none came before and the subscriber has not ended: then returns
    /// the demand the waiting calls made meanwhile; `nil` when the subscription must be cancelled.
    mutating func subscriptionReceived(_ subscription: any Subscription) -> Subscribers.Demand? {
      guard case .awaitingSubscription = phase else { return nil }
      phase = .subscribed(subscription)
      defer { pendingRequests = 0 }
      return .max(pendingRequests)
    }

    /// The task to resume with `input`, the first to have called, if one waits; otherwise keeps
    /// `input` for the next call. A value that comes before the subscription (from an upstream that
    /// breaks the rules) is dropped and ends the calls waiting then with `nil`, as in Combine; the
    /// demand they made is still requested when the subscription arrives.
    mutating func valueReceived(_ input: Input) -> ValueDecision {
      switch phase {
      case .ended:
        return .drop
      case .awaitingSubscription:
        var ended: [Next] = []
        swap(&ended, &waiting)
        return .endWaiting(ended)
      case .subscribed:
        guard !waiting.isEmpty else {
          arrived.append(input)
          return .drop
        }
        return .resume(waiting.removeFirst())
      }
    }

    /// What a call to `next()` waiting on `continuation` does.
    mutating func next(_ continuation: Next) -> Decision {
      if !arrived.isEmpty { return .resume(.success(arrived.removeFirst())) }
      switch phase {
      case .ended(let ending):
        // A failure is thrown once, as `AsyncThrowingStream` and Combine do; then the sequence is over.
        phase = .ended(.success(nil))
        return .resume(ending)
      case .awaitingSubscription:
        waiting.append(continuation)
        pendingRequests += 1
        return .wait
      case .subscribed(let subscription):
        waiting.append(continuation)
        return .request(subscription)
      }
    }

    /// Ends, unless already ended: hands back the subscription, the waiting tasks, and (when
    /// cancelling) the values nobody will take, to act on and release after unlocking.
    mutating func end(with ending: Result<Input?, Failure>, cancelling: Bool) -> Ended? {
      let subscription: (any Subscription)?
      switch phase {
      case .ended: return nil
      case .awaitingSubscription: subscription = nil
      case .subscribed(let current): subscription = current
      }
      var dropped: [Input] = []
      if cancelling { swap(&dropped, &arrived) }
      var waiting: [Next] = []
      swap(&waiting, &self.waiting)
      // The first waiting call takes the ending; with none, the next call to `next()` will.
      phase = .ended(waiting.isEmpty ? ending : .success(nil))
      return Ended(subscription: subscription, waiting: waiting, dropped: dropped)
    }
  }

  /// What ending hands back.
  private struct Ended {
    var subscription: (any Subscription)?
    var waiting: [Next]
    var dropped: [Input]
  }

  /// What a value does once the state has seen it.
  private enum ValueDecision {
    /// Nobody takes it now: dropped, or kept for the next call.
    case drop
    /// The first waiting call takes it.
    case resume(Next)
    /// It came before the subscription: these waiting calls end with `nil`.
    case endWaiting([Next])
  }

  /// What `next()` does once it has looked at the state.
  private enum Decision {
    case resume(Result<Input?, Failure>)
    case request(any Subscription)
    case wait
  }

  private let liveObject = LiveObjectToken("AsyncPublisher.Subscriber")
  private let state = Locked(State())

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.subscriptionReceived(subscription) }) {
    case nil: subscription.cancel()
    case let demand?: if demand > 0 { subscription.request(demand) }
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    switch state.withLock({ $0.valueReceived(input) }) {
    case .drop: break
    case .resume(let waiting): waiting.resume(returning: .success(input))
    case .endWaiting(let ended): for waiting in ended { waiting.resume(returning: .success(nil)) }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ending: Result<Input?, Failure>
    switch completion {
    case .finished: ending = .success(nil)
    case .failure(let error): ending = .failure(error)
    }
    end(with: ending)
  }

  /// Waits for the next value; the task's cancellation cancels the subscription, which ends every
  /// waiting call with `nil`.
  func next() async -> Result<Input?, Failure> {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: Next) in
        switch state.withLock({ $0.next(continuation) }) {
        case .resume(let result): continuation.resume(returning: result)
        case .request(let subscription): subscription.request(.max(1))
        case .wait: break
        }
      }
    } onCancel: {
      cancel()
    }
  }

  /// Cancels the subscription, exactly once whoever calls it and however often.
  func cancel() {
    end(with: .success(nil), cancelling: true)
  }

  private func end(with ending: Result<Input?, Failure>, cancelling: Bool = false) {
    guard let ended = state.withLock({ $0.end(with: ending, cancelling: cancelling) }) else { return }
    if cancelling { ended.subscription?.cancel() }
    // The first waiting call gets the ending, the others the end of the sequence; later calls to
    // `next()` get it from `phase`.
    for (index, waiting) in ended.waiting.enumerated() {
      waiting.resume(returning: index == 0 ? ending : .success(nil))
    }
  }
}
