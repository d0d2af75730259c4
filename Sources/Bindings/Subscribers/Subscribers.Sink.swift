import Synchronization

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
    /// The subscription, guarded by the sink's lock. A non-generic state, so that the sink's methods,
    /// which run unspecialised when called through `Cancellable` or `Subscriber`, look up no generic
    /// metadata to reach it.
    @usableFromInline let status: Locked<SubscriptionStatus>
    /// Hands values to ``receiveValue`` with no lock, and says when to release it: once, when the sink
    /// has ended and no call to it runs, even if an upstream that breaks the rules delivers from
    /// several threads at once.
    @usableFromInline let handOff = DeliveryHandOff()
    /// Read by delivering threads without the lock; emptied exactly once, as ``handOff`` decides.
    @usableFromInline @exclusivity(unchecked) final var receiveValue: InPlaceClosure<Input>
    /// Taken and released by the one thread that ends the sink (the one that sets the ended flag).
    @exclusivity(unchecked) final var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    private let liveObject = LiveObjectToken("Sink")

    /// Creates a sink with a closure for values and one for the completion.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      status = Locked(.awaitingSubscription)
      self.receiveValue = InPlaceClosure(receiveValue)
      self.receiveCompletion = receiveCompletion
    }

    /// A short name for the subscriber in debugging output: `Sink`.
    public var description: String { "Sink" }

    /// Requests unlimited values from `subscription`, or cancels it if the sink already has one or
    /// has ended.
    public func receive(subscription: any Subscription) {
      if status.withLock({ $0.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Hands `input` to the value closure; asks for no more, as the sink already requested unlimited.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
      handOff.deliver {
        receiveValue.call(input)
      } emptyClosure: {
        receiveValue.empty()
      }
      return .none
    }

    /// Marks the sink ended, and releases the value closure unless a delivery is running (the last
    /// one to return then releases it). Returns whether this call ended the sink.
    private func markEnded() -> Bool {
      handOff.end { receiveValue.empty() }
    }

    /// Hands `completion` to the completion closure, then releases both closures.
    public func receive(completion: Subscribers.Completion<Failure>) {
      guard markEnded() else { return }
      let subscription = status.withLock { $0.terminate() }
      let receiveCompletion = self.receiveCompletion.take()
      receiveCompletion?(completion)
      // The closure and the subscription are released here, after the lock.
      _ = subscription
    }

    /// Cancels the upstream subscription and releases both closures; later values are not delivered.
    public func cancel() {
      guard markEnded() else { return }
      let subscription = status.withLock { $0.terminate() }
      receiveCompletion = nil
      subscription?.cancel()
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
    return AnyCancellable(idempotent: sink)
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
    let sink = ValueSink<Output>(receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(idempotent: sink)
  }
}

extension Subscribers.Sink: IdempotentCancellable {}

/// The subscriber of `sink(receiveValue:)`: a ``Subscribers/Sink`` with no completion closure, since
/// a publisher that cannot fail has nothing to say at its end but that it finished.
///
/// It behaves as a sink made with an empty completion closure (unlimited demand, the value closure
/// called with no lock and released once when the sink completes or is cancelled, a second
/// subscription cancelled), and spares that closure's storage: 16 bytes of each live subscription.
/// A separate class rather than an optional closure in ``Subscribers/Sink``, whose field would take
/// the same room empty.
@usableFromInline
final class ValueSink<Input>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
  @usableFromInline typealias Failure = Never

  /// The subscription, guarded by the sink's lock; non-generic, as in ``Subscribers/Sink``.
  @usableFromInline let status: Locked<SubscriptionStatus>
  /// Hands values to ``receiveValue`` with no lock, and says when to release it (see
  /// ``Subscribers/Sink``).
  @usableFromInline let handOff = DeliveryHandOff()
  /// Read by delivering threads without the lock; emptied exactly once, as ``handOff`` decides.
  @usableFromInline @exclusivity(unchecked) final var receiveValue: InPlaceClosure<Input>
  private let liveObject = LiveObjectToken("ValueSink")

  @usableFromInline
  init(receiveValue: @escaping (Input) -> Void) {
    status = Locked(.awaitingSubscription)
    self.receiveValue = InPlaceClosure(receiveValue)
  }

  /// `Sink`, as for ``Subscribers/Sink``: the same subscriber to anyone who prints it.
  @usableFromInline
  var description: String { "Sink" }

  /// Requests unlimited values from `subscription`, or cancels it if the sink already has one or
  /// has ended.
  @usableFromInline
  func receive(subscription: any Subscription) {
    if status.withLock({ $0.accept(subscription) }) {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  /// Hands `input` to the value closure; asks for no more, as the sink already requested unlimited.
  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    handOff.deliver {
      receiveValue.call(input)
    } emptyClosure: {
      receiveValue.empty()
    }
    return .none
  }

  /// Marks the sink ended, and releases the value closure unless a delivery is running (the last
  /// one to return then releases it). Returns whether this call ended the sink.
  private func markEnded() -> Bool {
    handOff.end { receiveValue.empty() }
  }

  /// Ends the sink and releases its closure and its subscription.
  @usableFromInline
  func receive(completion: Subscribers.Completion<Never>) {
    guard markEnded() else { return }
    let subscription = status.withLock { $0.terminate() }
    // The subscription is released here, after the lock.
    _ = subscription
  }

  /// Cancels the upstream subscription and releases the closure; later values are not delivered.
  @usableFromInline
  func cancel() {
    guard markEnded() else { return }
    let subscription = status.withLock { $0.terminate() }
    subscription?.cancel()
  }
}

extension ValueSink: IdempotentCancellable {}
