extension Publisher {
  /// Publishes the last element that satisfies `predicate`, once the upstream finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.last(where: { $0 < 3 })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)
  /// subject.send(2)
  /// subject.send(5)
  /// subject.send(completion: .finished)   // prints "2", then "finished"
  /// ```
  ///
  /// - Parameter predicate: Whether an element is a candidate.
  /// - Returns: A publisher that publishes at most the last matching element.
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.LastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes the last element satisfying a predicate, once the upstream finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.LastWhere(upstream: subject, predicate: { $0 > 0 }).sink { print($0) }
  /// subject.send(4)
  /// subject.send(-1)
  /// subject.send(completion: .finished)   // prints "4"
  /// ```
  public struct LastWhere<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose last matching element is published.
    public let upstream: Upstream
    /// Whether an element is a candidate.
    public let predicate: (Output) -> Bool

    /// Creates a publisher that publishes the last element of `upstream` satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribe(
        SingleElementSelection(
          downstream: subscriber,
          name: "LastWhere",
          select: { predicate($0) ? .keep : .skip },
          mapFailure: { $0 }
        ))
    }
  }
}
