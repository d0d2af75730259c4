extension AsyncSequence where Self: Sendable {
  /// A publisher of this sequence's elements.
  ///
  /// ```swift
  /// let (numbers, continuation) = AsyncStream.makeStream(of: Int.self)
  /// let token = numbers.publisher.sink { print($0) }
  /// continuation.yield(1)   // prints "1", soon, from the task that iterates
  /// continuation.finish()
  /// ```
  ///
  /// See ``AsyncSequencePublisher`` for when the iteration starts and ends.
  public var publisher: AsyncSequencePublisher<Self> {
    AsyncSequencePublisher(self)
  }
}

/// A publisher of an asynchronous sequence's elements.
///
/// ```swift
/// let ticks = AsyncStream<Int> { continuation in
///   for tick in 1...3 { continuation.yield(tick) }
///   continuation.finish()
/// }
/// let token = ticks.publisher.sink { print($0) }   // prints "1", "2", "3"
/// ```
///
/// - **Start.** Each subscription starts one task, which makes an iterator and iterates it. The
///   subscriber gets its subscription before the task starts.
/// - **Demand.** The task asks the sequence for an element only when the subscriber has demand for
///   one, so a subscriber that requests `.max(n)` causes exactly `n` calls to `next()`.
/// - **Ending.** The end of the sequence finishes the subscriber; an error thrown by the sequence
///   fails it. `cancel()` cancels the task exactly once, and nothing is delivered after it.
/// - **Threads.** Elements are delivered from the task, on Swift Concurrency's global executor.
public struct AsyncSequencePublisher<Base: AsyncSequence & Sendable>: Publisher {
  /// The elements of the asynchronous sequence, in order.
  public typealias Output = Base.Element
  /// The error this publisher can fail with: the one the sequence's iteration throws.
  public typealias Failure = Base.Failure

  /// The sequence each subscription iterates.
  public let base: Base

  /// Wraps `base`; prefer `sequence.publisher`.
  public init(_ base: Base) {
    self.base = base
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let inner = Inner(downstream: subscriber)
    subscriber.receive(subscription: inner)
    inner.start(base)
  }

  private final class Inner<Downstream: Subscriber>: Subscription, AsyncSequenceIterating, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("AsyncSequencePublisher.Inner")

    /// Everything the subscription knows, guarded by its lock.
    private struct State {
      /// `nil` once finished, failed or cancelled.
      var downstream: Downstream?
      var demand = Subscribers.Demand.none
      var task: Task<Void, Never>?
      /// The task, waiting for demand.
      var waitingForDemand: CheckedContinuation<Bool, Never>?

      /// Takes one unit of demand: `true` if there was one, `false` once the subscription ended,
      /// `nil` when `continuation` now waits for a request.
      mutating func takeDemand(orWait continuation: CheckedContinuation<Bool, Never>) -> Bool? {
        guard downstream != nil else { return false }
        guard demand > 0 else {
          waitingForDemand = continuation
          return nil
        }
        demand -= 1
        return true
      }

      /// Adds demand; returns the waiting task to resume, having taken one unit for it.
      mutating func demandRequested(_ additional: Subscribers.Demand) -> CheckedContinuation<Bool, Never>? {
        guard downstream != nil else { return nil }
        demand += additional
        guard let waiting = waitingForDemand.take() else { return nil }
        demand -= 1
        return waiting
      }

      /// Adds the demand the downstream returned for an element, unless the subscription ended.
      mutating func delivered(additional: Subscribers.Demand) {
        if downstream != nil { demand += additional }
      }

      /// Ends; hands back the downstream, to complete or release after unlocking.
      mutating func end() -> Downstream? {
        task = nil
        return downstream.take()
      }

      /// Cancels; hands back what to act on and release after unlocking.
      mutating func cancel() -> (Downstream?, Task<Void, Never>?, CheckedContinuation<Bool, Never>?) {
        defer { self = State() }
        return (downstream, task, waitingForDemand)
      }
    }

    private let state: Locked<State>

    init(downstream: Downstream) {
      state = Locked(State(downstream: downstream))
    }

    var description: String { "AsyncSequencePublisher" }

    func start(_ base: Base) {
      // The task sees the subscription through a protocol, so that it captures no type that is not
      // Sendable (the subscriber's type need not be).
      let iterating: any AsyncSequenceIterating<Base> = self
      state.withLock { state in
        // Made under the lock, so that a cancel from another thread finds it to cancel.
        guard state.downstream != nil else { return }
        state.task = Task { await iterating.iterate(base) }
      }
    }

    func iterate(_ base: Base) async {
      var iterator = base.makeAsyncIterator()
      while await demandIsAvailable() {
        let element: Base.Element?
        do throws(Base.Failure) {
          element = try await iterator.next(isolation: nil)
        } catch {
          end(with: .failure(error))
          return
        }
        guard let element else {
          end(with: .finished)
          return
        }
        guard let downstream = state.withLock({ $0.downstream }) else { return }
        let additional = downstream.receive(element)
        state.withLock { $0.delivered(additional: additional) }
      }
    }

    /// Takes one unit of demand, waiting for it if need be; `false` once the subscription ended.
    private func demandIsAvailable() async -> Bool {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        if let available = state.withLock({ $0.takeDemand(orWait: continuation) }) {
          continuation.resume(returning: available)
        }
      }
    }

    private func end(with completion: Subscribers.Completion<Failure>) {
      state.withLock { $0.end() }?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      state.withLock { $0.demandRequested(demand) }?.resume(returning: true)
    }

    func cancel() {
      let (downstream, task, waiting) = state.withLock { $0.cancel() }
      task?.cancel()
      waiting?.resume(returning: false)
      _ = downstream
    }
  }
}

/// The part of a subscription the iterating task uses.
private protocol AsyncSequenceIterating<Base>: AnyObject, Sendable {
  associatedtype Base: AsyncSequence & Sendable
  func iterate(_ base: Base) async
}
