extension Publisher {
  /// Publishes the first element, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.first()
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)   // prints "1", then "finished"; the subject's subscription is cancelled
  /// ```
  ///
  /// The upstream is asked for everything at once and cancelled after its first element. If it
  /// finishes without any element, the stream just finishes.
  ///
  /// - Returns: A publisher that publishes at most the first element.
  public func first() -> Publishers.First<Self> {
    Publishers.First(upstream: self)
  }
}

extension Publishers {
  /// A publisher that publishes the first element of a stream, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.First(upstream: subject).sink { print($0) }
  /// subject.send(7)   // prints "7", then the stream finishes
  /// ```
  public struct First<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first element is published.
    public let upstream: Upstream

    /// Creates a publisher that publishes the first element of `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        SingleElementSelection(
          downstream: subscriber, name: "First", select: { _ in .keepAndFinish }, mapFailure: { $0 })
      )
    }
  }
}

extension Publishers.First: Equatable where Upstream: Equatable {}
