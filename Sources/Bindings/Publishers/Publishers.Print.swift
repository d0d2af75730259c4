extension Publisher {
  /// Prints a log line for every publishing event, and republishes everything unchanged.
  ///
  /// ```swift
  /// let token = [1].publisher
  ///   .print("numbers")
  ///   .sink { _ in }
  /// // prints "numbers: receive subscription: ([1])"
  /// //        "numbers: request unlimited"
  /// //        "numbers: receive value: (1)"
  /// //        "numbers: receive finished"
  /// ```
  ///
  /// It logs `receive subscription: (…)`, `request max: (n)` or `request unlimited`,
  /// `receive value: (…)`, a non-zero demand returned by the subscriber as
  /// `request max: (n) (synchronous)`, `receive finished`, `receive error: (…)` and
  /// `receive cancel`.
  ///
  /// - Parameters:
  ///   - prefix: Starts every line, followed by `": "`; an empty prefix adds nothing.
  ///   - stream: Where the lines go; standard output when `nil`. Each subscription writes to its own
  ///     copy of the stream, so pass a stream that forwards to shared storage.
  /// - Returns: A publisher that republishes the upstream's events unchanged.
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
    Publishers.Print(upstream: self, prefix: prefix, to: stream)
  }
}

extension Publishers {
  /// A publisher that prints a log line for every publishing event.
  ///
  /// ```swift
  /// let token = Publishers.Print(upstream: [1].publisher, prefix: "").sink { _ in }
  /// // prints "receive subscription: ([1])", "request unlimited", "receive value: (1)",
  /// //        "receive finished"
  /// ```
  public struct Print<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// Starts every line, followed by `": "` unless it is empty.
    public let prefix: String

    /// The publisher whose events are printed.
    public let upstream: Upstream

    /// Where the lines go; standard output when `nil`.
    public let stream: (any TextOutputStream)?

    /// Creates a publisher that prints the events of `upstream`.
    public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, stream: stream))
    }
  }
}

extension Publishers.Print {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private let liveObject = LiveObjectToken("Print.Inner")
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let relay: Locked<TransformingRelayState<Downstream>>
    private let prefix: String
    /// Never mutated in place: each line is written through a copy, so that writes from different
    /// threads do not race on this property. A stream that forwards to shared storage sees them all.
    private let stream: (any TextOutputStream)?

    init(downstream: Downstream, prefix: String, stream: (any TextOutputStream)?) {
      relay = Locked(TransformingRelayState(downstream: downstream))
      self.prefix = prefix.isEmpty ? "" : "\(prefix): "
      self.stream = stream
    }

    var description: String { "Print" }

    func receive(subscription: any Subscription) {
      log("receive subscription: (\(subscription))")
      guard let downstream = relay.withLock({ $0.attach(subscription) }) else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      guard let downstream = relay.withLock({ $0.liveDownstream }) else { return .none }
      log("receive value: (\(input))")
      let demand = downstream.receive(input)
      if demand > 0 { log(Self.describe(demand) + " (synchronous)") }
      return demand
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      guard let ended = relay.withLock({ $0.end() }) else { return }
      switch completion {
      case .finished: log("receive finished")
      case .failure(let error): log("receive error: (\(error))")
      }
      ended.downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      log(Self.describe(demand))
      relay.withLock { $0.liveUpstream }?.request(demand)
    }

    func cancel() {
      log("receive cancel")
      relay.withLock { $0.end() }?.upstream.cancel()
    }

    private static func describe(_ demand: Subscribers.Demand) -> String {
      demand.max.map { "request max: (\($0))" } ?? "request unlimited"
    }

    private func log(_ text: String) {
      if var target = stream {
        // What `Swift.print(_:to:)` writes; calling it on the existential crashes this compiler.
        target.write(prefix + text)
        target.write("\n")
      } else {
        Swift.print(prefix + text)
      }
    }
  }
}
