extension Publisher {
  /// Publishes the last element once the upstream finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.last()
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)
  /// subject.send(2)
  /// subject.send(completion: .finished)   // prints "2", then "finished"
  /// ```
  ///
  /// The upstream is asked for everything at once. If it fails, the failure is republished and no
  /// element is; if it finishes without any element, the stream just finishes.
  ///
  /// - Returns: A publisher that publishes at most the last element.
  public func last() -> Publishers.Last<Self> {
    Publishers.Last(upstream: self)
  }
}

extension Publishers {
  /// A publisher that publishes the last element of a stream once it finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.Last(upstream: subject).sink { print($0) }
  /// subject.send(1)
  /// subject.send(completion: .finished)   // prints "1"
  /// ```
  public struct Last<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose last element is published.
    public let upstream: Upstream

    /// Creates a publisher that publishes the last element of `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        SingleElementSelection(downstream: subscriber, name: "Last", select: { _ in .keep }, mapFailure: { $0 }))
    }
  }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}
