extension Publisher {
  /// Keeps up to `size` values that the downstream is not ready for, and hands them over as it asks.
  ///
  /// ```swift
  /// let events = PassthroughSubject<Int, Never>()
  /// let slow = RecordingSubscriber<Int, Never>(initialDemand: .none)
  /// events.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)
  /// events.send(1); events.send(2); events.send(3)
  /// slow.request(.unlimited)   // receives 2, 3
  /// ```
  ///
  /// - Parameters:
  ///   - size: The most values kept; must be positive.
  ///   - prefetch: `.keepFull` asks the upstream for `size` values at once and for one more each
  ///     time a value leaves the buffer; `.byRequest` asks for `.unlimited` at the downstream's first
  ///     request, as Combine does.
  ///   - whenFull: What happens to a value that arrives when the buffer is full.
  ///
  /// A finish is delivered after the buffered values; a failure is delivered at once.
  ///
  /// - Returns: A publisher that keeps up to `size` values the downstream is not ready for.
  public func buffer(
    size: Int,
    prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}

extension Publishers {
  /// How a buffer asks its upstream for values.
  ///
  /// ```swift
  /// let eager = subject.buffer(size: 10, prefetch: .keepFull, whenFull: .dropOldest)   // asks for 10 at once
  /// let lazy = subject.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)   // asks when the downstream does
  /// ```
  public enum PrefetchStrategy: Equatable, Hashable, Sendable {
    /// Ask for as many values as the buffer holds at once, and keep it full.
    case keepFull
    /// Ask for values once the downstream asks.
    case byRequest
  }

  /// What a full buffer does with a new value.
  ///
  /// ```swift
  /// let newest = events.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)   // keeps the last two
  /// let failing = downloads.buffer(size: 2, prefetch: .keepFull, whenFull: .customError { .overflow })
  /// ```
  public enum BufferingStrategy<Failure: Error> {
    /// Drop the new value.
    case dropNewest
    /// Drop the oldest buffered value to make room.
    case dropOldest
    /// Fail with the error the closure makes, and cancel the upstream.
    case customError(() -> Failure)
  }

  /// A publisher that buffers values the downstream is not ready for; see
  /// ``Publisher/buffer(size:prefetch:whenFull:)``.
  ///
  /// ```swift
  /// let events = PassthroughSubject<Int, Never>()
  /// let slow = RecordingSubscriber<Int, Never>(initialDemand: .none)
  /// events.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)
  /// events.send(1); events.send(2); events.send(3)
  /// slow.request(.unlimited)   // receives 2, 3
  /// ```
  public struct Buffer<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are buffered.
    public let upstream: Upstream
    /// The most values kept.
    public let size: Int
    /// How the upstream is asked for values.
    public let prefetch: PrefetchStrategy
    /// What a full buffer does with a new value.
    public let whenFull: BufferingStrategy<Failure>

    /// Buffers up to `size` values of `upstream`.
    public init(upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) {
      precondition(size > 0, "buffer(size:): size must be positive")
      self.upstream = upstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, buffer: self))
    }

    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      typealias Input = Output

      private struct State {
        var upstream: (any Subscription)?
        /// `nil` once the downstream got its completion or cancelled.
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var values: [Output] = []
        /// A finish waiting for the buffered values to drain.
        var isFinishing = false
        var isDelivering = false
        var hasRequestedUpstream = false
      }

      private let lock = Lock()
      private var state: State
      private let size: Int
      private let prefetch: PrefetchStrategy
      private let whenFull: BufferingStrategy<Failure>

      init(downstream: Downstream, buffer: Buffer) {
        state = State(downstream: downstream)
        size = buffer.size
        prefetch = buffer.prefetch
        whenFull = buffer.whenFull
      }

      var description: String { "Buffer" }

      func receive(subscription: any Subscription) {
        let downstream: Downstream? = lock.withLock {
          guard state.upstream == nil, let downstream = state.downstream else { return nil }
          state.upstream = subscription
          return downstream
        }
        guard let downstream else {
          subscription.cancel()
          return
        }
        downstream.receive(subscription: self)
        if prefetch == .keepFull {
          lock.withLock { state.hasRequestedUpstream = true }
          subscription.request(.max(size))
        }
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        // The error a full buffer fails with, if any.
        let overflow: (() -> Failure)? = lock.withLock {
          guard state.downstream != nil else { return nil }
          if state.values.count < size {
            state.values.append(input)
            return nil
          }
          switch whenFull {
          case .dropNewest:
            return nil
          case .dropOldest:
            state.values.removeFirst()
            state.values.append(input)
            return nil
          case .customError(let makeError):
            return makeError
          }
        }
        if let overflow {
          let error = overflow()
          failNow(error, cancellingUpstream: true)
          return .none
        }
        drain()
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .failure(let error):
          failNow(error, cancellingUpstream: false)
        case .finished:
          lock.withLock {
            state.isFinishing = true
            state.upstream = nil
          }
          drain()
        }
      }

      func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
        let firstRequest: (any Subscription)? = lock.withLock {
          guard state.downstream != nil else { return nil }
          state.demand += demand
          guard prefetch == .byRequest, !state.hasRequestedUpstream else { return nil }
          state.hasRequestedUpstream = true
          return state.upstream
        }
        firstRequest?.request(.unlimited)
        drain()
      }

      func cancel() {
        let released = lock.withLock {
          let released = state
          state = State()
          return released
        }
        released.upstream?.cancel()
      }

      /// Hands buffered values over while there is demand; one caller delivers at a time.
      private func drain() {
        lock.lock()
        guard !state.isDelivering else {
          lock.unlock()
          return
        }
        state.isDelivering = true
        while let downstream = state.downstream {
          if state.demand > 0, !state.values.isEmpty {
            let value = state.values.removeFirst()
            state.demand -= 1
            let replenish = prefetch == .keepFull ? state.upstream : nil
            lock.unlock()
            replenish?.request(.max(1))
            let additional = downstream.receive(value)
            lock.lock()
            if state.downstream != nil { state.demand += additional }
          } else if state.isFinishing, state.values.isEmpty {
            state.downstream = nil
            state.isDelivering = false
            lock.unlock()
            downstream.receive(completion: .finished)
            return
          } else {
            break
          }
        }
        state.isDelivering = false
        lock.unlock()
      }

      private func failNow(_ error: Failure, cancellingUpstream: Bool) {
        let released = lock.withLock {
          let released = state
          state = State()
          return released
        }
        if cancellingUpstream { released.upstream?.cancel() }
        released.downstream?.receive(completion: .failure(error))
      }
    }
  }
}
