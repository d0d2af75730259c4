extension Publishers {
  /// A publisher that republishes the values of any number of publishers of one type, as they
  /// arrive, with the semantics of ``Publishers/Merge``.
  ///
  /// ```swift
  /// let sources = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
  /// let token = Publishers.MergeMany(sources).sink { print($0) }
  /// sources[2].send(2)   // prints "2"
  /// sources[0].send(0)   // prints "0"
  /// ```
  ///
  /// With no publishers, it finishes at once.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The merged publishers.
    public let publishers: [Upstream]

    /// Merges `upstream`.
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    /// Merges the publishers of `upstream`.
    public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
      publishers = Array(upstream)
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergingStorage.subscribe(subscriber, to: publishers.map { publisher in { publisher.subscribe($0) } })
    }

    /// Adds `other` to the merged publishers.
    ///
    /// ```swift
    /// let token = Publishers.MergeMany(a, b).merge(with: c).sink { print($0) }
    /// c.send(3)   // prints "3"
    /// ```
    public func merge(with other: Upstream) -> MergeMany {
      MergeMany(publishers + [other])
    }
  }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {
  /// Whether both publishers have equal upstreams.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.publishers == rhs.publishers
  }
}

extension MergingStorage where Machine == MergeStateMachine<Downstream.Input, Downstream.Failure> {
  /// Subscribes `downstream` to a merge of fixed upstreams: each element of `upstreams` subscribes
  /// the side it is given to one of them. With no upstreams, the merge finishes at once.
  static func subscribe(_ downstream: Downstream, to upstreams: [(Side) -> Void]) {
    guard !upstreams.isEmpty else {
      downstream.receive(subscription: Subscriptions.empty)
      downstream.receive(completion: .finished)
      return
    }
    let storage = MergingStorage(
      MergeStateMachine(innerCount: upstreams.count), downstream: downstream, description: "Merge")
    storage.start()
    for (index, subscribe) in upstreams.enumerated() { subscribe(storage.side(index)) }
  }
}
