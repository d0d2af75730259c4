extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Republishes the values of the most recent publisher this publisher produced, cancelling the
  /// previous one each time a new one arrives.
  ///
  /// ```swift
  /// let searches = PassthroughSubject<PassthroughSubject<String, Never>, Never>()
  /// let token = searches.switchToLatest().sink { print($0) }
  /// let first = PassthroughSubject<String, Never>(), second = PassthroughSubject<String, Never>()
  /// searches.send(first)
  /// first.send("a")     // prints "a"
  /// searches.send(second)
  /// first.send("b")     // prints nothing: `first` was cancelled
  /// second.send("c")    // prints "c"
  /// ```
  ///
  /// The downstream's outstanding demand is passed on to each new publisher. The result finishes
  /// when this publisher and the current inner one have finished, and fails as soon as either fails.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publishers {
  /// A publisher that republishes the values of the latest publisher its upstream produced, as
  /// ``Publisher/switchToLatest()`` describes.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == P, P.Failure == Upstream.Failure {
    public typealias Output = P.Output
    public typealias Failure = P.Failure

    /// The publisher of publishers.
    public let upstream: Upstream

    /// Creates a publisher that switches to each publisher `upstream` produces.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = SwitchToLatestStorage(downstream: subscriber)
      storage.start()
      upstream.subscribe(SwitchToLatestStorage<S>.OuterSide<P>(storage: storage))
    }
  }
}
