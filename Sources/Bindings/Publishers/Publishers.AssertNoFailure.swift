extension Publisher {
  /// Republishes everything, and stops the program if the upstream fails.
  ///
  /// Use it where a failure is a programming error, to turn a publisher's failure type into `Never`.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, any Error>()
  /// let token = subject.assertNoFailure("settings").sink { print($0) }
  /// subject.send(1)                                          // prints "1"
  /// subject.send(completion: .failure(CancellationError()))  // traps: "settings: CancellationError()"
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: A string to put before the error in the trap message.
  ///   - file: The file to name in the trap message; the caller's by default.
  ///   - line: The line to name in the trap message; the caller's by default.
  /// - Returns: A publisher that cannot fail.
  public func assertNoFailure(
    _ prefix: String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension Publishers {
  /// A publisher that republishes everything and traps if the upstream fails.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, any Error>()
  /// let token = Publishers.AssertNoFailure(upstream: subject, prefix: "", file: #file, line: #line)
  ///   .sink { print($0) }
  /// subject.send(1)   // prints "1"
  /// ```
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// This publisher never fails.
    public typealias Failure = Never

    /// The publisher that must not fail.
    public let upstream: Upstream
    /// The string put before the error in the trap message.
    public let prefix: String
    /// The file named in the trap message.
    public let file: StaticString
    /// The line named in the trap message.
    public let line: UInt

    /// Creates a publisher that traps if `upstream` fails.
    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, file: file, line: line))
    }
  }
}

extension Publishers.AssertNoFailure {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Never {
    private let liveObject = LiveObjectToken("AssertNoFailure.Inner")
    typealias Input = Output
    typealias Failure = Upstream.Failure

    private let upstream = SequencingUpstreamLink(retaining: ())
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    private let prefix: String
    private let file: StaticString
    private let line: UInt

    init(downstream: Downstream, prefix: String, file: StaticString, line: UInt) {
      self.downstream = downstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    var description: String { "AssertNoFailure" }

    func receive(subscription: any Subscription) {
      guard upstream.attach(subscription) else { return }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard upstream.admitValue() else { return .none }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard upstream.end() else { return }
      switch completion {
      case .finished:
        downstream.receive(completion: .finished)
        downstreamSubscription.detach()
      case .failure(let error):
        fatalError("\(prefix.isEmpty ? "" : prefix + ": ")\(error)", file: file, line: line)
      }
    }

    func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

    func cancel() { upstream.cancel() }
  }
}
