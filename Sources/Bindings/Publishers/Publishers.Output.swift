extension Publisher {
  /// Republishes elements up to `maxLength`, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.prefix(2)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.send(1)   // prints "1"
  /// subject.send(2)   // prints "2", then "finished"; the subject's subscription is cancelled
  /// ```
  ///
  /// - Parameter maxLength: How many elements to republish. Must not be negative.
  /// - Returns: A publisher that republishes at most `maxLength` elements.
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    precondition(maxLength >= 0, "maxLength must not be negative")
    return output(in: 0..<maxLength)
  }

  /// Republishes only the element at `index`, counting from zero, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<String, Never>()
  /// let token = subject.output(at: 1).sink { print($0) }
  /// subject.send("a")   // dropped
  /// subject.send("b")   // prints "b", then the stream finishes
  /// ```
  ///
  /// - Parameter index: The position of the element to republish. Must not be negative.
  /// - Returns: A publisher that republishes at most one element.
  public func output(at index: Int) -> Publishers.Output<Self> {
    output(in: index...index)
  }

  /// Republishes the elements whose positions, counting from zero, fall in `range`, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.output(in: 1...2).sink { print($0) }
  /// subject.send(10)   // dropped
  /// subject.send(11)   // prints "11"
  /// subject.send(12)   // prints "12", then the stream finishes
  /// ```
  ///
  /// Each element before the range is replaced by asking the upstream for one more, so skipped
  /// elements do not use up the subscriber's demand.
  ///
  /// - Parameter range: The positions to republish; its bounds must not be negative.
  /// - Returns: A publisher that republishes the elements in `range`.
  public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
    Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
  }
}

extension Publishers {
  /// A publisher that republishes the elements in a range of positions, then finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = Publishers.Output(upstream: subject, range: 1..<2).sink { print($0) }
  /// subject.send(10)   // dropped
  /// subject.send(11)   // prints "11", then the stream finishes
  /// ```
  ///
  /// As soon as the last element of the range is delivered, the upstream is cancelled and the
  /// subscriber receives `.finished`. An empty range finishes as soon as the upstream subscribes.
  public struct Output<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are selected.
    public let upstream: Upstream
    /// The positions, counting from zero, of the elements to republish.
    public let range: CountableRange<Int>

    /// Creates a publisher that republishes the elements of `upstream` at positions in `range`.
    ///
    /// - Precondition: The bounds of `range` are not negative.
    public init(upstream: Upstream, range: CountableRange<Int>) {
      precondition(range.lowerBound >= 0, "lowerBound must not be negative")
      precondition(range.upperBound >= 0, "upperBound must not be negative")
      self.upstream = upstream
      self.range = range
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, range: range))
    }
  }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}

extension Publishers.Output {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Output.Inner")
    typealias Input = Output

    private let upstream = SequencingUpstreamLink(retaining: ())
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()
    /// Touched only by upstream deliveries, which never overlap.
    private var remainingToSkip: Int
    /// Touched only by upstream deliveries, which never overlap.
    private var remainingToPublish: Int

    init(downstream: Downstream, range: CountableRange<Int>) {
      self.downstream = downstream
      self.remainingToSkip = range.lowerBound
      self.remainingToPublish = range.count
    }

    var description: String { "Output" }

    func receive(subscription: any Subscription) {
      guard upstream.attach(subscription) else { return }
      downstreamSubscription.attach(self)
      downstream.receive(subscription: downstreamSubscription)
      if remainingToPublish == 0 { cancelUpstreamAndFinish() }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard upstream.admitValue() else { return .none }
      if remainingToSkip > 0 {
        remainingToSkip -= 1
        return .max(1)
      }
      guard remainingToPublish > 0 else {
        // An empty range, and an upstream that sent a value from inside the subscriber's first
        // request, before `receive(subscription:)` could finish the stream.
        cancelUpstreamAndFinish()
        return .none
      }
      remainingToPublish -= 1
      let more = downstream.receive(input)
      guard remainingToPublish == 0 else { return more }
      cancelUpstreamAndFinish()
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard upstream.end() else { return }
      downstream.receive(completion: completion)
      downstreamSubscription.detach()
    }

    /// `.none` is accepted and forwarded, as in Combine.
    func request(_ demand: Subscribers.Demand) { upstream.requestAcceptingNone(demand) }

    func cancel() { upstream.cancel() }

    private func cancelUpstreamAndFinish() {
      guard upstream.end(cancellingUpstream: true) else { return }
      downstream.receive(completion: .finished)
      downstreamSubscription.detach()
    }
  }
}
