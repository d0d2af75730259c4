extension Publishers {
  /// A publisher that combines the latest values of any number of publishers of one type into an
  /// array, with the semantics of ``Publishers/CombineLatest``: it publishes once all of them have
  /// published at least one value, in the order of `publishers`.
  ///
  /// ```swift
  /// let fields = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
  /// let token = Publishers.CombineLatestMany(fields).sink { print($0) }
  /// fields[0].send("Ada")
  /// fields[1].send("Lovelace")   // prints "["Ada", "Lovelace"]"
  /// fields[0].send("Augusta")    // prints "["Augusta", "Lovelace"]"
  /// ```
  ///
  /// An empty array finishes at once without a value. This is the spelling of RxSwift's
  /// `Observable.combineLatest(array)` and CombineExt's `publishers.combineLatest()`; it is a type, as
  /// Combine's ``Publishers/MergeMany`` is, so that an app can import CombineExt beside Bindings.
  public struct CombineLatestMany<Upstream: Publisher>: Publisher {
    /// The latest value of every upstream, in the upstreams' order.
    public typealias Output = [Upstream.Output]
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The combined publishers, in the order of the published arrays.
    public let publishers: [Upstream]

    /// Combines `publishers`.
    public init(_ publishers: [Upstream]) {
      self.publishers = publishers
    }

    /// Combines `publishers`.
    public init(_ publishers: Upstream...) {
      self.publishers = publishers
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    @inlinable

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      guard !publishers.isEmpty else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
        return
      }
      let storage = CombiningStorage(
        CombineLatestStateMachine(upstreamCount: publishers.count), downstream: subscriber,
        values: ContiguousArray<Upstream.Output?>(repeating: nil, count: publishers.count),
        description: "CombineLatest", take: { $0.map { $0! } }, transform: { $0 })
      storage.start()
      for (index, publisher) in publishers.enumerated() {
        publisher.subscribe(
          storage.side(index) { $0[index].exchange(with: $1) })
      }
    }
  }
}

extension Publishers.CombineLatestMany: Equatable where Upstream: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.publishers == rhs.publishers
  }
}
