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
    private enum State {
      case awaitingSubscription
      case subscribed(any Subscription)
      case terminal
    }

    @usableFromInline let lock = Lock()
    private var state = State.awaitingSubscription
    @usableFromInline var receiveValueBody: ((Input) -> Void)?
    private var receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?

    /// Creates a sink with a closure for values and one for the completion.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      receiveValueBody = receiveValue
      receiveCompletionBody = receiveCompletion
    }

    public var description: String { "Sink" }

    public func receive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingSubscription = state else {
        lock.unlock()
        subscription.cancel()
        return
      }
      state = .subscribed(subscription)
      lock.unlock()
      subscription.request(.unlimited)
    }

    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
      lock.lock()
      let body = receiveValueBody
      lock.unlock()
      body?(input)
      return .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      let body = receiveCompletionBody
      let valueBody = receiveValueBody
      let previous = state
      state = .terminal
      receiveValueBody = nil
      receiveCompletionBody = nil
      lock.unlock()
      body?(completion)
      _ = (valueBody, previous)  // the closures and the subscription are released here, after the lock
    }

    public func cancel() {
      lock.lock()
      guard case .subscribed(let subscription) = state else {
        let released = (receiveValueBody, receiveCompletionBody, state)
        state = .terminal
        receiveValueBody = nil
        receiveCompletionBody = nil
        lock.unlock()
        _ = released
        return
      }
      let released = (receiveValueBody, receiveCompletionBody)
      state = .terminal
      receiveValueBody = nil
      receiveCompletionBody = nil
      lock.unlock()
      subscription.cancel()
      _ = released
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
