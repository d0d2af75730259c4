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

extension Publisher where Output: Publisher, Failure == Never {
  /// Switches to the latest inner publisher of a publisher that never fails, taking the inner
  /// publishers' failure type.
  ///
  /// ```swift
  /// enum LoadError: Error { case offline }
  /// let requests = PassthroughSubject<Fail<Int, LoadError>, Never>()
  /// let token = requests.switchToLatest().sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// requests.send(Fail(error: .offline))   // prints "failure(LoadError.offline)"
  /// ```
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
    Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
  }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
  /// Switches to the latest inner publisher, where neither the outer nor the inner ones fail.
  ///
  /// ```swift
  /// let pages = PassthroughSubject<Just<Int>, Never>()
  /// let token = pages.switchToLatest().sink { print($0) }
  /// pages.send(Just(1))   // prints "1"
  /// ```
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// Switches to the latest inner publisher, giving inner publishers that never fail this
  /// publisher's failure type.
  ///
  /// ```swift
  /// enum LoadError: Error { case offline }
  /// let pages = PassthroughSubject<Just<Int>, LoadError>()
  /// let token = pages.switchToLatest().sink(receiveCompletion: { _ in }) { print($0) }
  /// pages.send(Just(1))   // prints "1"
  /// ```
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    Publishers.SwitchToLatest(upstream: map { $0.setFailureType(to: Failure.self) })
  }
}

extension Publishers {
  /// A publisher that republishes the values of the latest publisher its upstream produced, as
  /// `Publisher.switchToLatest()` describes.
  ///
  /// ```swift
  /// let pages = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
  /// let (first, second) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
  /// let token = pages.switchToLatest().sink { print($0) }
  /// pages.send(first)
  /// pages.send(second)
  /// first.send(1)    // prints nothing: `second` replaced `first`
  /// second.send(2)   // prints "2"
  /// ```
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == P, P.Failure == Upstream.Failure {
    /// The values of the inner publishers, from the latest one only.
    public typealias Output = P.Output
    /// The error this publisher can fail with: that of the inner publishers, which the upstream shares.
    public typealias Failure = P.Failure

    /// The publisher of publishers.
    public let upstream: Upstream

    /// Creates a publisher that switches to each publisher `upstream` produces.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = MergingStorage(SwitchToLatestStateMachine(), downstream: subscriber, description: "SwitchToLatest")
      storage.start()
      upstream.subscribe(storage.outerSide { (inner: P) in inner })
    }
  }
}
