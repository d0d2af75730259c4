extension Publisher {
  /// Collects every value and publishes them as one array when the upstream finishes.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher
  ///   .collect()
  ///   .sink { print($0) }
  /// // prints "[1, 2, 3]"
  /// ```
  ///
  /// It requests `.unlimited` from the upstream and keeps every value until it finishes; if the
  /// upstream fails, the values are discarded and the failure is republished.
  ///
  /// - Returns: A publisher of one array of all the upstream values.
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Collect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that buffers every upstream value and publishes them as one array when the
  /// upstream finishes.
  ///
  /// ```swift
  /// let token = Publishers.Collect(upstream: [1, 2].publisher).sink { print($0) }
  /// // prints "[1, 2]"
  /// ```
  public struct Collect<Upstream: Publisher>: Publisher {
    /// All the upstream's values in one array, sent when it finishes.
    public typealias Output = [Upstream.Output]
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// Creates a publisher that collects every value of `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReducingFoldInner(
          downstream: subscriber, description: "Collect", initial: [],
          fold: { (values, value) throws(Failure) in values.append(value) }, downstreamFailure: { $0 })
      )
    }
  }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}
