extension Publisher {
  /// Publishes the first element that satisfies `predicate`, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.first(where: { $0 > 2 })
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)   // skipped
  /// subject.send(3)   // prints "3", then "finished"; the subject's subscription is cancelled
  /// ```
  ///
  /// The upstream is asked for everything at once and cancelled once an element matches.
  ///
  /// - Parameter predicate: Whether an element is the one to publish.
  /// - Returns: A publisher that publishes at most the first matching element.
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes the first element satisfying a predicate, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.FirstWhere(upstream: subject, predicate: { $0.isMultiple(of: 2) })
  ///   .sink { print($0) }
  /// subject.send(3)   // skipped
  /// subject.send(4)   // prints "4", then the stream finishes
  /// ```
  public struct FirstWhere<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first matching element is published.
    public let upstream: Upstream
    /// Whether an element is the one to publish.
    public let predicate: (Output) -> Bool

    /// Creates a publisher that publishes the first element of `upstream` satisfying `predicate`.
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
          name: "FirstWhere",
          select: { predicate($0) ? .keepAndFinish : .skip },
          mapFailure: { $0 }
        ))
    }
  }
}
