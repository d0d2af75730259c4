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
  public func prepend(_ elements: Output...) -> Publishers.Concatenate<AnyPublisher<Output, Failure>, Self> {
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
  ) -> Publishers.Concatenate<AnyPublisher<Output, Failure>, Self> where Elements.Element == Output {
    Publishers.Concatenate(prefix: AnyPublisher(ConcatenatedElements(elements: elements)), suffix: self)
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
  public func append(_ elements: Output...) -> Publishers.Concatenate<Self, AnyPublisher<Output, Failure>> {
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
  ) -> Publishers.Concatenate<Self, AnyPublisher<Output, Failure>> where Elements.Element == Output {
    Publishers.Concatenate(prefix: self, suffix: AnyPublisher(ConcatenatedElements(elements: elements)))
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
    public typealias Output = Suffix.Output
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, suffix: suffix)
      prefix.subscribe(Inner<S>.PrefixSubscriber(inner: inner))
    }
  }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publishers.Concatenate {
  private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    struct PrefixSubscriber: Subscriber, CustomStringConvertible {
      typealias Input = Output
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.prefixReceive(subscription: subscription) }
      func receive(_ input: Output) -> Subscribers.Demand { inner.prefixReceive(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.prefixReceive(completion: completion) }
    }

    struct SuffixSubscriber: Subscriber, CustomStringConvertible {
      typealias Input = Output
      let inner: Inner
      var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
      var description: String { inner.description }
      func receive(subscription: any Subscription) { inner.suffixReceive(subscription: subscription) }
      func receive(_ input: Output) -> Subscribers.Demand { inner.suffixReceive(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.suffixReceive(completion: completion) }
    }

    private enum Phase {
      case awaitingPrefix
      case prefix(any Subscription)
      /// The prefix finished and the suffix was subscribed to, but has not handed over its subscription.
      case awaitingSuffix
      case suffix(any Subscription)
      case terminal
    }

    private let lock = Lock()
    private let downstream: Downstream
    private var suffix: Suffix?
    private var phase = Phase.awaitingPrefix
    /// What the subscriber asked for and the prefix has not delivered: the suffix's first request.
    private var outstanding = Subscribers.Demand.none

    init(downstream: Downstream, suffix: Suffix) {
      self.downstream = downstream
      self.suffix = suffix
    }

    var description: String { "Concatenate" }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      switch phase {
      case .prefix(let subscription):
        outstanding += demand
        lock.unlock()
        subscription.request(demand)
      case .suffix(let subscription):
        lock.unlock()
        subscription.request(demand)
      case .awaitingPrefix, .awaitingSuffix:
        outstanding += demand
        lock.unlock()
      case .terminal:
        lock.unlock()
      }
    }

    func cancel() {
      lock.lock()
      let subscription: (any Subscription)?
      switch phase {
      case .prefix(let current), .suffix(let current): subscription = current
      case .awaitingPrefix, .awaitingSuffix, .terminal: subscription = nil
      }
      phase = .terminal
      let suffix = self.suffix.take()
      lock.unlock()
      subscription?.cancel()
      _ = suffix  // released here, after the lock
    }

    // MARK: Prefix

    func prefixReceive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingPrefix = phase else {
        lock.unlock()
        subscription.cancel()
        return
      }
      phase = .prefix(subscription)
      lock.unlock()
      downstream.receive(subscription: self)
    }

    func prefixReceive(_ input: Output) -> Subscribers.Demand {
      lock.lock()
      guard case .prefix = phase else {
        lock.unlock()
        return .none
      }
      outstanding -= 1
      lock.unlock()
      let more = downstream.receive(input)
      guard more > 0 else { return .none }
      lock.lock()
      outstanding += more
      lock.unlock()
      return more
    }

    func prefixReceive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard case .prefix = phase else {
        lock.unlock()
        return
      }
      let suffix = self.suffix.take()
      switch completion {
      case .finished:
        phase = .awaitingSuffix
        lock.unlock()
        suffix?.subscribe(SuffixSubscriber(inner: self))
      case .failure:
        phase = .terminal
        lock.unlock()
        downstream.receive(completion: completion)
      }
    }

    // MARK: Suffix

    func suffixReceive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingSuffix = phase else {
        lock.unlock()
        subscription.cancel()
        return
      }
      phase = .suffix(subscription)
      let demand = outstanding
      outstanding = .none
      lock.unlock()
      if demand > 0 { subscription.request(demand) }
    }

    func suffixReceive(_ input: Output) -> Subscribers.Demand {
      lock.lock()
      guard case .suffix = phase else {
        lock.unlock()
        return .none
      }
      lock.unlock()
      return downstream.receive(input)
    }

    func suffixReceive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard case .suffix = phase else {
        lock.unlock()
        return
      }
      phase = .terminal
      lock.unlock()
      downstream.receive(completion: completion)
    }
  }
}

// MARK: - Elements source

/// Emits a sequence's elements as demanded, then finishes; used by `prepend(_:)` and `append(_:)` with
/// values or sequences until the library's sequence publisher takes its place.
private struct ConcatenatedElements<Elements: Sequence, Failure: Error>: Publisher {
  typealias Output = Elements.Element

  let elements: Elements

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    var iterator = elements.makeIterator()
    guard let first = iterator.next() else {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: .finished)
      return
    }
    subscriber.receive(subscription: Emitter(downstream: subscriber, first: first, rest: iterator))
  }

  private final class Emitter<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let lock = Lock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    /// Set while one thread runs the emit loop; `next` and `rest` belong to that thread alone.
    private var isEmitting = false
    private var next: Output?
    private var rest: Elements.Iterator

    init(downstream: Downstream, first: Output, rest: Elements.Iterator) {
      self.downstream = downstream
      self.next = first
      self.rest = rest
    }

    var description: String { "Elements" }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      lock.lock()
      guard downstream != nil else {
        lock.unlock()
        return
      }
      self.demand += demand
      guard !isEmitting else {
        // A request from inside `receive(_:)`, or from another thread, is served by the running loop.
        lock.unlock()
        return
      }
      isEmitting = true
      lock.unlock()
      emit()
    }

    func cancel() {
      lock.lock()
      let downstream = self.downstream.take()
      lock.unlock()
      _ = downstream  // released here, after the lock
    }

    private func emit() {
      while true {
        lock.lock()
        guard let downstream, demand > 0, let value = next.take() else {
          isEmitting = false
          lock.unlock()
          return
        }
        demand -= 1
        lock.unlock()
        next = rest.next()
        let more = downstream.receive(value)
        lock.lock()
        guard self.downstream != nil else {
          isEmitting = false
          lock.unlock()
          return
        }
        guard next != nil else {
          let finished = self.downstream.take()
          isEmitting = false
          lock.unlock()
          finished?.receive(completion: .finished)
          return
        }
        demand += more
        lock.unlock()
      }
    }
  }
}
