extension Subscribers {
  /// A subscriber that requests an unlimited number of values and hands each to a closure.
  ///
  /// ```swift
  /// let sink = Subscribers.Sink<Int, Never>(
  ///   receiveCompletion: { print($0) },
  ///   receiveValue: { print($0) })
  /// [1, 2].publisher.subscribe(sink)   // prints "1", "2", "finished"
  /// ```
  ///
  /// The closures are released as soon as the sink completes or is cancelled, so a closure that
  /// captures the object holding the sink's token does not keep that object alive afterwards.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// Everything the sink knows, guarded by its lock.
    @usableFromInline
    struct State {
      @usableFromInline var status = SubscriptionStatus.awaitingSubscription
      @usableFromInline var receiveValue: ((Input) -> Void)?
      @usableFromInline var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

      /// Ends the sink: hands back the subscription and both closures, to be released (and the
      /// subscription cancelled, when cancelling) after the lock.
      mutating func end() -> Ended {
        let ended = Ended(
          subscription: status.terminate(), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
        receiveValue = nil
        receiveCompletion = nil
        return ended
      }
    }

    struct Ended {
      var subscription: (any Subscription)?
      var receiveValue: ((Input) -> Void)?
      var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    }

    @usableFromInline let state: Locked<State>

    /// Creates a sink with a closure for values and one for the completion.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      state = Locked(State(receiveValue: receiveValue, receiveCompletion: receiveCompletion))
    }

    /// A short name for the subscriber in debugging output: `Sink`.
    public var description: String { "Sink" }

    /// Requests unlimited values from `subscription`, or cancels it if the sink already has one or
    /// has ended.
    public func receive(subscription: any Subscription) {
      if state.withLock({ $0.status.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Hands `input` to the value closure; asks for no more, as the sink already requested unlimited.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
      // Copied out through a captured local, not returned through `withLock`'s generic result: a
      // closure returned as a generic value is re-abstracted, which allocates on every value.
      var body: ((Input) -> Void)?
      state.withLock { body = $0.receiveValue }
      body?(input)
      return .none
    }

    /// Hands `completion` to the completion closure, then releases both closures.
    public func receive(completion: Subscribers.Completion<Failure>) {
      let ended = state.withLock { $0.end() }
      ended.receiveCompletion?(completion)
      // The closures and the subscription are released here, after the lock.
    }

    /// Cancels the upstream subscription and releases both closures; later values are not delivered.
    public func cancel() {
      let ended = state.withLock { $0.end() }
      ended.subscription?.cancel()
      // The closures are released here, after the lock.
    }
  }
}

extension Publisher {
  /// Attaches a subscriber with closures for values and for the completion, and requests unlimited
  /// values.
  ///
  /// ```swift
  /// let token = [1, 2].publisher.sink(
  ///   receiveCompletion: { print($0) },
  ///   receiveValue: { print($0) })
  /// // prints "1", "2", "finished"
  /// ```
  ///
  /// - Returns: A token that cancels the subscription when cancelled or deinitialized.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Attaches a subscriber with a closure for values, and requests unlimited values.
  ///
  /// ```swift
  /// let token = [1, 2].publisher.sink { print($0) }   // prints "1", "2"
  /// ```
  ///
  /// - Returns: A token that cancels the subscription when cancelled or deinitialized.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
