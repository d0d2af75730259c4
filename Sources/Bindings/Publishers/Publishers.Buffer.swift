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
  ///     time a value leaves the buffer; `.byRequest` asks for `.unlimited` as soon as the upstream
  ///     is subscribed, as Combine does, so values sent before the downstream's first request are
  ///     kept (up to `size`, by `whenFull`). Both ask before the downstream gets its subscription,
  ///     as Combine does; what the upstream sends at once waits in the buffer.
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
  /// let open = subject.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)   // asks for everything at once
  /// ```
  public enum PrefetchStrategy: Equatable, Hashable, Sendable {
    /// Ask for as many values as the buffer holds at once, and keep it full.
    case keepFull
    /// Ask for `.unlimited` values as soon as subscribed, and keep what the downstream is not ready
    /// for by the buffering strategy.
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
      private let liveObject = LiveObjectToken("Buffer.Inner")
      typealias Input = Output

      /// Everything the buffer knows, guarded by its lock. Its methods decide; values, closures and
      /// subscriptions they let go are handed back, to be released after unlocking.
      private struct State {
        var upstream: (any Subscription)?
        /// `nil` once the downstream got its completion or cancelled.
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var values: [Output] = []
        /// A finish waiting for the buffered values to drain.
        var isFinishing = false
        var isDelivering = false
        /// Set while the subscription is being handed to the downstream: nothing reaches it until then.
        var isHandingOver = false
        /// A failure that came while the subscription was being handed over, delivered right after it.
        var failureAfterHandOver: (Downstream, Failure)?

        /// What a value arriving does.
        enum ValueAction {
          /// Buffered (or dropped); a drain may deliver it. Carries a dropped value, to release.
          case drain(dropped: Output?)
          /// The buffer is full and fails with the error this closure makes.
          case fail(() -> Failure)
          /// The buffer has ended: nothing to do.
          case none
        }

        /// One step of a drain.
        enum DrainStep {
          /// Nothing more to deliver now; the drain has ended.
          case stop
          /// Deliver `value`, after asking the upstream for one more when `replenish` is set.
          case deliver(Downstream, Output, replenish: (any Subscription)?)
          /// The buffered values are all delivered and the upstream finished: finish the downstream.
          case finish(Downstream)
        }

        /// Takes the upstream's subscription and starts handing this one to the downstream; holds the
        /// drain role meanwhile, so that values and a finish the upstream sends at once wait for it.
        mutating func subscriptionReceived(_ subscription: any Subscription) -> Downstream? {
          guard upstream == nil, let downstream else { return nil }
          upstream = subscription
          isHandingOver = true
          isDelivering = true
          return downstream
        }

        /// The downstream has its subscription: gives up the drain role; hands back a failure that
        /// came meanwhile, to deliver now.
        mutating func handOverEnded() -> (Downstream, Failure)? {
          isHandingOver = false
          isDelivering = false
          return failureAfterHandOver.take()
        }

        mutating func valueReceived(
          _ input: Output, size: Int, whenFull: BufferingStrategy<Failure>
        ) -> ValueAction {
          guard downstream != nil else { return .none }
          if values.count < size {
            values.append(input)
            return .drain(dropped: nil)
          }
          switch whenFull {
          case .dropNewest:
            return .drain(dropped: input)
          case .dropOldest:
            let dropped = values.removeFirst()
            values.append(input)
            return .drain(dropped: dropped)
          case .customError(let makeError):
            return .fail(makeError)
          }
        }

        /// Marks the upstream finished; returns its subscription, to release after unlocking.
        mutating func finishReceived() -> (any Subscription)? {
          isFinishing = true
          return upstream.take()
        }

        /// Adds demand, unless the buffer ended.
        mutating func demandRequested(_ additional: Subscribers.Demand) {
          guard downstream != nil else { return }
          demand += additional
        }

        /// Makes the caller the drainer, unless another caller is delivering.
        mutating func startDraining() -> Bool {
          guard !isDelivering else { return false }
          isDelivering = true
          return true
        }

        /// The drainer's next step; ends the drain when there is nothing to deliver.
        mutating func nextDrainStep(prefetch: PrefetchStrategy) -> DrainStep {
          guard let downstream else {
            isDelivering = false
            return .stop
          }
          if demand > 0, !values.isEmpty {
            let value = values.removeFirst()
            demand -= 1
            return .deliver(downstream, value, replenish: prefetch == .keepFull ? upstream : nil)
          }
          isDelivering = false
          guard isFinishing, values.isEmpty else { return .stop }
          self.downstream = nil
          return .finish(downstream)
        }

        /// Adds the demand a delivered value's subscriber returned, unless the buffer ended meanwhile.
        mutating func delivered(additional: Subscribers.Demand) {
          if downstream != nil { demand += additional }
        }

        /// Ends the buffer; hands back everything it held, to act on and release after unlocking.
        mutating func end() -> State {
          defer { self = State() }
          return self
        }

        /// Ends the buffer with `error`; hands back everything it held, to act on and release after
        /// unlocking. During the hand-over the downstream is kept back, to get the failure after it.
        mutating func fail(_ error: Failure) -> State {
          var ended = end()
          if ended.isHandingOver, let downstream = ended.downstream.take() {
            failureAfterHandOver = (downstream, error)
          }
          return ended
        }
      }

      private let state: Locked<State>
      private let size: Int
      private let prefetch: PrefetchStrategy
      private let whenFull: BufferingStrategy<Failure>

      init(downstream: Downstream, buffer: Buffer) {
        state = Locked(State(downstream: downstream))
        size = buffer.size
        prefetch = buffer.prefetch
        whenFull = buffer.whenFull
      }

      var description: String { "Buffer" }

      func receive(subscription: any Subscription) {
        guard let downstream = state.withLock({ $0.subscriptionReceived(subscription) }) else {
          subscription.cancel()
          return
        }
        // Asked before the downstream has its subscription, as Combine does; what the upstream sends at
        // once is buffered, and its completion waits for the hand-over.
        subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)
        downstream.receive(subscription: self)
        if let (downstream, error) = state.withLock({ $0.handOverEnded() }) {
          downstream.receive(completion: .failure(error))
          return
        }
        drain()
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        let (size, whenFull) = (self.size, self.whenFull)
        switch state.withLock({ $0.valueReceived(input, size: size, whenFull: whenFull) }) {
        case .none:
          break
        case .fail(let makeError):
          failNow(makeError(), cancellingUpstream: true)
        case .drain(let dropped):
          _ = dropped
          drain()
        }
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .failure(let error):
          failNow(error, cancellingUpstream: false)
        case .finished:
          let released = state.withLock { $0.finishReceived() }
          _ = released
          drain()
        }
      }

      /// Adds `demand` and delivers what it allows; `.none` is accepted and changes nothing, as in
      /// Combine.
      func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demandRequested(demand) }
        drain()
      }

      func cancel() {
        let released = state.withLock { $0.end() }
        released.upstream?.cancel()
      }

      /// Hands buffered values over while there is demand; one caller delivers at a time.
      private func drain() {
        guard state.withLock({ $0.startDraining() }) else { return }
        let prefetch = self.prefetch
        var step = state.withLock { $0.nextDrainStep(prefetch: prefetch) }
        while true {
          switch step {
          case .stop:
            return
          case .finish(let downstream):
            downstream.receive(completion: .finished)
            return
          case .deliver(let downstream, let value, let replenish):
            replenish?.request(.max(1))
            let additional = downstream.receive(value)
            step = state.withLock { state in
              state.delivered(additional: additional)
              return state.nextDrainStep(prefetch: prefetch)
            }
          }
        }
      }

      private func failNow(_ error: Failure, cancellingUpstream: Bool) {
        let released = state.withLock { $0.fail(error) }
        if cancellingUpstream { released.upstream?.cancel() }
        released.downstream?.receive(completion: .failure(error))
      }
    }
  }
}
