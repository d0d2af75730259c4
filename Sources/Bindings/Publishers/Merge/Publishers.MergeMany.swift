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
    public typealias Output = Upstream.Output
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      guard !publishers.isEmpty else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
        return
      }
      let storage = MergeStorage(
        downstream: subscriber, machine: MergeStateMachine(innerCount: publishers.count), description: "Merge")
      storage.start()
      for (index, publisher) in publishers.enumerated() {
        publisher.subscribe(storage.side(index))
      }
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
