extension Publisher {
  /// Emits the given values first, then everything this publisher emits.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.prepend(0, 1).sink { print($0) }   // prints "0", "1"
  /// subject.send(2)                                         // prints "2"
  /// ```
  ///
  /// - Parameter elements: The values to emit before this publisher's output.
  /// - Returns: A publisher that emits `elements`, then subscribes to this publisher.
  public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
    prepend(elements)
  }

  /// Emits the elements of a sequence first, then everything this publisher emits.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.prepend(0..<2).sink { print($0) }   // prints "0", "1"
  /// subject.send(2)                                          // prints "2"
  /// ```
  ///
  /// - Parameter elements: The sequence whose elements come before this publisher's output.
  /// - Returns: A publisher that emits `elements`, then subscribes to this publisher.
  public func prepend<Elements: Sequence>(
    _ elements: Elements
  ) -> Publishers.Concatenate<Publishers.Sequence<Elements, Failure>, Self> where Elements.Element == Output {
    Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
  }

  /// Emits everything `publisher` emits until it finishes, then everything this publisher emits.
  ///
  /// This publisher is subscribed to only once `publisher` has finished; if `publisher` fails, the
  /// failure ends the stream and this publisher is never subscribed to.
  ///
  /// ```swift
  /// let first = PassthroughSubject<Int, Never>()
  /// let then = PassthroughSubject<Int, Never>()
  /// let token = then.prepend(first).sink { print($0) }
  /// first.send(1)                        // prints "1"
  /// then.send(9)                         // ignored: `then` is not subscribed yet
  /// first.send(completion: .finished)
  /// then.send(2)                         // prints "2"
  /// ```
  ///
  /// - Parameter publisher: The publisher whose output comes first.
  /// - Returns: A publisher that concatenates `publisher` and this publisher.
  public func prepend<P: Publisher>(
    _ publisher: P
  ) -> Publishers.Concatenate<P, Self> where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }

  /// Emits everything this publisher emits, then the given values once it finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.append(8, 9).sink { print($0) }
  /// subject.send(1)                       // prints "1"
  /// subject.send(completion: .finished)   // prints "8", "9"
  /// ```
  ///
  /// - Parameter elements: The values to emit after this publisher finishes.
  /// - Returns: A publisher that emits this publisher's output, then `elements`.
  public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
    append(elements)
  }

  /// Emits everything this publisher emits, then the elements of a sequence once it finishes.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let token = subject.append([8, 9]).sink { print($0) }
  /// subject.send(1)                       // prints "1"
  /// subject.send(completion: .finished)   // prints "8", "9"
  /// ```
  ///
  /// - Parameter elements: The sequence whose elements come after this publisher finishes.
  /// - Returns: A publisher that emits this publisher's output, then `elements`.
  public func append<Elements: Sequence>(
    _ elements: Elements
  ) -> Publishers.Concatenate<Self, Publishers.Sequence<Elements, Failure>> where Elements.Element == Output {
    Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
  }

  /// Emits everything this publisher emits, then, once it finishes, everything `publisher` emits.
  ///
  /// ```swift
  /// let first = PassthroughSubject<Int, Never>()
  /// let then = PassthroughSubject<Int, Never>()
  /// let token = first.append(then).sink { print($0) }
  /// first.send(1)                        // prints "1"
  /// first.send(completion: .finished)
  /// then.send(2)                         // prints "2"
  /// ```
  ///
  /// - Parameter publisher: The publisher to subscribe to after this one finishes.
  /// - Returns: A publisher that concatenates this publisher and `publisher`.
  public func append<P: Publisher>(
    _ publisher: P
  ) -> Publishers.Concatenate<Self, P> where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }
}

extension Publishers {
  /// A publisher that emits all of one publisher's elements, then all of a second publisher's.
  ///
  /// The suffix is subscribed to only after the prefix finishes. Demand the subscriber requested and
  /// the prefix did not satisfy carries over to the suffix. A failure of the prefix ends the stream.
  ///
  /// ```swift
  /// let first = PassthroughSubject<Int, Never>()
  /// let then = PassthroughSubject<Int, Never>()
  /// let token = Publishers.Concatenate(prefix: first, suffix: then).sink { print($0) }
  /// first.send(1)                       // prints "1"
  /// first.send(completion: .finished)
  /// then.send(2)                        // prints "2"
  /// ```
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
    /// The values of the prefix, then those of the suffix; both share this output type.
    public typealias Output = Suffix.Output
    /// The error this publisher can fail with: the failure type prefix and suffix share.
    public typealias Failure = Suffix.Failure

    /// The publisher whose elements come first.
    public let prefix: Prefix
    /// The publisher subscribed to once `prefix` finishes.
    public let suffix: Suffix

    /// Creates a publisher that emits `prefix`'s elements, then `suffix`'s.
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, suffix: suffix)
      prefix.subscribe(Inner<S>.StageSubscriber(inner: inner, isSuffix: false))
    }
  }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publishers.Concatenate {
  private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let liveObject = LiveObjectToken("Concatenate.Inner")
    /// What the prefix, then the suffix, subscribes with. It lets through nothing its upstream
    /// sends after completing, so a prefix that keeps sending once it has finished cannot reach the
    /// downstream while the suffix runs, nor end the stream.
    final class StageSubscriber: Subscriber, CustomStringConvertible {
      private let liveObject = LiveObjectToken("Concatenate.StageSubscriber")
      typealias Input = Output
      let inner: Inner
      let isSuffix: Bool
      /// Whether this stage has completed; guarded by its lock.
      private let completed = Locked(false)
      init(inner: Inner, isSuffix: Bool) {
        self.inner = inner
        self.isSuffix = isSuffix
      }
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.receive(subscription: subscription, isSuffix: isSuffix) }
      func receive(_ input: Output) -> Subscribers.Demand {
        guard !completed.withLock({ $0 }) else { return .none }
        return inner.receive(input)
      }
      func receive(completion: Subscribers.Completion<Failure>) {
        let wasCompleted = completed.withLock { completed in
          defer { completed = true }
          return completed
        }
        guard !wasCompleted else { return }
        inner.receive(completion: completion, isSuffix: isSuffix)
      }
    }

    /// Retains the suffix until the prefix finishes.
    private let upstream: SequencingUpstreamLink<Suffix>
    private let downstream: Downstream
    /// What the subscriber holds: it lets go of this object when the stream ends, so that a subscriber
    /// keeping its subscription and this object holding the subscriber do not keep each other alive.
    private let downstreamSubscription = DetachingSubscription<Inner>()

    init(downstream: Downstream, suffix: Suffix) {
      self.upstream = SequencingUpstreamLink(retaining: suffix)
      self.downstream = downstream
    }

    var description: String { "Concatenate" }

    /// `.none` is accepted and forwarded, as in Combine.
    func request(_ demand: Subscribers.Demand) { upstream.requestAcceptingNone(demand) }

    func cancel() { upstream.cancel() }

    private func receive(subscription: any Subscription, isSuffix: Bool) {
      if isSuffix {
        upstream.attachAndRequestOutstanding(subscription)
      } else if upstream.attach(subscription) {
        downstreamSubscription.attach(self)
        downstream.receive(subscription: downstreamSubscription)
      }
    }

    private func receive(_ input: Output) -> Subscribers.Demand {
      guard upstream.admitValue() else { return .none }
      let more = downstream.receive(input)
      upstream.replenish(more)
      return more
    }

    private func receive(completion: Subscribers.Completion<Failure>, isSuffix: Bool) {
      if !isSuffix, case .finished = completion {
        upstream.detachTakingRetained()?.subscribe(StageSubscriber(inner: self, isSuffix: true))
      } else if upstream.end() {
        downstream.receive(completion: completion)
        downstreamSubscription.detach()
      }
    }
  }
}
