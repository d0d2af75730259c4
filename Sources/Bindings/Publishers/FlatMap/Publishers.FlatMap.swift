extension Publisher {
  /// Transforms each value into a publisher, and republishes the values of all those publishers
  /// as they arrive, running at most `maxPublishers` of them at once.
  ///
  /// ```swift
  /// let ids = PassthroughSubject<Int, Never>()
  /// let token = ids.flatMap { id in Just("user \(id)") }.sink { print($0) }
  /// ids.send(1)   // prints "user 1"
  /// ids.send(2)   // prints "user 2"
  /// ```
  ///
  /// The upstream is asked for `maxPublishers` values at first, then for one more each time an
  /// inner publisher finishes. The result finishes when the upstream and every inner publisher have
  /// finished, and fails as soon as any of them fails, cancelling the rest.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many inner publishers may run at once; `.unlimited` by default.
  ///   - transform: Makes the inner publisher for a value.
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms each upstream value into a publisher and republishes the values
  /// of all of them, as ``Publisher/flatMap(maxPublishers:_:)`` describes.
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    public typealias Output = NewPublisher.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// How many inner publishers may run at once.
    public let maxPublishers: Subscribers.Demand
    /// Makes the inner publisher for a value.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates a flat map of `upstream`.
    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      precondition(maxPublishers > 0, "flatMap's maxPublishers must be positive")
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = MergeStorage(
        downstream: subscriber, machine: MergeStateMachine(maxPublishers: maxPublishers), description: "FlatMap")
      storage.start()
      upstream.subscribe(Inner(storage: storage, transform: transform))
    }

    /// The subscriber attached to the upstream: it makes an inner publisher from each value, outside
    /// any lock, and subscribes the shared storage to it.
    private final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
      typealias Input = Upstream.Output
      typealias Failure = Upstream.Failure

      private let storage: MergeStorage<Downstream>
      private let transform: (Upstream.Output) -> NewPublisher

      init(storage: MergeStorage<Downstream>, transform: @escaping (Upstream.Output) -> NewPublisher) {
        self.storage = storage
        self.transform = transform
      }

      var description: String { "FlatMap" }

      func receive(subscription: any Subscription) {
        storage.outerSubscriptionReceived(subscription)
      }

      func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        guard let index = storage.outerValueReceived() else { return .none }
        transform(input).subscribe(storage.side(index))
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        storage.outerCompleted(completion)
      }
    }
  }
}
