extension AnyPublisher {
  /// A publisher that runs `body` for each subscriber; `body` sends values and a completion through
  /// the ``Publishers/Producer/Sender`` it is given, and returns what ends its work.
  ///
  /// ```swift
  /// let ticks = AnyPublisher<Int, Never>.producer { subscriber in
  ///   subscriber.send(1)
  ///   subscriber.send(2)
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable { print("cleaned up") }
  /// }
  /// let token = ticks.sink { print($0) }   // prints "1", "2", then "cleaned up"
  /// ```
  ///
  /// The shape of `Observable.create` (RxSwift), `Signal { observer in … }` (ReactiveKit) and
  /// `AnyPublisher.create` (CombineExt), under a name of its own so that an app can import CombineExt
  /// beside Bindings. See ``Publishers/Producer`` for demand, cleanup and threads.
  public static func producer(
    _ body: @escaping (Publishers.Producer<Output, Failure>.Sender) -> any Cancellable
  ) -> AnyPublisher<Output, Failure> {
    Publishers.Producer(body).eraseToAnyPublisher()
  }

  /// A publisher that runs `body` for each subscriber; `body` returns a closure that ends its work.
  ///
  /// ```swift
  /// let greetings = AnyPublisher<String, Never>.producer { subscriber in
  ///   subscriber.send("hello")
  ///   return { print("stopped") }
  /// }
  /// let token = greetings.sink { print($0) }   // prints "hello"
  /// token.cancel()                             // prints "stopped"
  /// ```
  public static func producer(
    _ body: @escaping (Publishers.Producer<Output, Failure>.Sender) -> () -> Void
  ) -> AnyPublisher<Output, Failure> {
    Publishers.Producer(cleanupClosure: body).eraseToAnyPublisher()
  }
}

extension Publishers {
  /// A publisher made from a closure that sends through a ``Sender`` and returns its cleanup.
  ///
  /// ```swift
  /// let lines = Publishers.Producer<String, Never> { subscriber in
  ///   subscriber.send("first")
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// ```
  ///
  /// The contract, for each subscription:
  /// 1. The subscriber gets its subscription first; then `body` runs, on the subscribing thread. A
  ///    subscriber that cancels inside `receive(subscription:)` never runs `body`.
  /// 2. Values are delivered only against demand. A value sent beyond the demand is buffered, in
  ///    order, and delivered when demand arrives: nothing is dropped, and a subscriber that never
  ///    asks holds the buffer until it cancels. (Bindings and `sink` ask for everything.)
  /// 3. A completion is delivered after the values buffered before it. Sends after a completion or
  ///    a cancel are ignored.
  /// 4. The cleanup runs exactly once: when `body` sends a completion, or when the subscription is
  ///    cancelled, whichever comes first — or when `body` returns it, if that happened already. It
  ///    never runs while the library holds a lock.
  /// 5. The sender may be used from any thread; deliveries to the subscriber never overlap, and a
  ///    value sent while another is being delivered is delivered next, by the thread that is
  ///    delivering.
  public struct Producer<Output, Failure: Error>: Publisher {
    /// What a subscription runs: sends through the sender, returns its cleanup.
    private let body: (Sender) -> () -> Void

    /// Creates a publisher that runs `body` for each subscriber and cancels what it returns when
    /// the subscription ends.
    public init(_ body: @escaping (Sender) -> any Cancellable) {
      self.body = { sender in
        let cleanup = body(sender)
        return { cleanup.cancel() }
      }
    }

    /// Creates a publisher that runs `body` for each subscriber and calls the closure it returns
    /// when the subscription ends.
    public init(cleanupClosure body: @escaping (Sender) -> () -> Void) {
      self.body = body
    }

    /// Attaches `subscriber` and runs the body for it; call `subscribe(_:)` rather than this method.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      subscriber.receive(subscription: inner)
      inner.start(body)
    }

    /// What the body sends through: values and one completion, from any thread.
    ///
    /// ```swift
    /// let publisher = AnyPublisher<Int, Never>.producer { subscriber in
    ///   DispatchQueue.global().async {
    ///     for value in 1...3 where !subscriber.isCancelled { subscriber.send(value) }
    ///     subscriber.send(completion: .finished)
    ///   }
    ///   return {}
    /// }
    /// ```
    public struct Sender: @unchecked Sendable {
      fileprivate let target: any ProducerSending<Output, Failure>

      /// Sends `value`: delivered at once if the subscriber has demand, else buffered until it has.
      public func send(_ value: Output) {
        target.send(value)
      }

      /// Sends the completion, after any buffered value, and runs the cleanup; later sends are ignored.
      public func send(completion: Subscribers.Completion<Failure>) {
        target.send(completion: completion)
      }

      /// Whether the subscription has ended (cancelled, or completed by the body): a loop that
      /// produces values can stop.
      public var isCancelled: Bool {
        target.hasEnded
      }
    }
  }
}

extension Publishers.Producer.Sender where Output == Void {
  /// Sends an event.
  public func send() {
    send(())
  }
}

/// What a ``Publishers/Producer/Sender`` sends into, without naming the subscriber's type.
private protocol ProducerSending<Output, Failure>: AnyObject {
  associatedtype Output
  associatedtype Failure: Error
  func send(_ value: Output)
  func send(completion: Subscribers.Completion<Failure>)
  var hasEnded: Bool { get }
}

/// The state of one ``Publishers/Producer`` subscription, as a plain value: it decides, the
/// subscription acts after unlocking.
struct ProducerStateMachine<Downstream: Subscriber> {
  typealias Value = Downstream.Input
  typealias Completion = Subscribers.Completion<Downstream.Failure>

  /// What to deliver next, by the thread that gets it (the deliverer).
  enum Delivery {
    case none
    case value(Downstream, Value)
    case completion(Downstream, Completion)
  }

  /// `nil` once the completion went out or the subscription was cancelled.
  private(set) var downstream: Downstream?
  private var demand = Subscribers.Demand.none
  private var pending = EventQueue<Value>()
  private var pendingCompletion: Completion?
  private var isDelivering = false
  /// Whether the body has sent a completion or the subscription was cancelled: sends are ignored.
  private(set) var producerHasEnded = false
  /// Whether the body has returned (its cleanup is then known).
  private var bodyHasReturned = false
  private var cleanup: (() -> Void)?

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// Whether the body should run: not when the subscriber cancelled while receiving its subscription.
  var shouldStart: Bool { !producerHasEnded }

  /// The body returned `cleanup`. Hands it back to run now when the subscription already ended
  /// (the body completed synchronously, or a cancel came while it ran); keeps it otherwise.
  mutating func bodyReturned(_ cleanup: @escaping () -> Void) -> (() -> Void)? {
    bodyHasReturned = true
    if producerHasEnded { return cleanup }
    self.cleanup = cleanup
    return nil
  }

  /// The body sent a value: queued, and handed out at once when there is demand and no delivery runs.
  /// An ignored value is handed back to be released after unlocking.
  mutating func send(_ value: Value) -> (delivery: Delivery, ignored: Value?) {
    guard !producerHasEnded else { return (.none, value) }
    pending.append(value)
    return (nextDelivery(), nil)
  }

  /// The body completed: the completion goes after the buffered values; the cleanup, if the body
  /// has returned it, is handed back to run now.
  mutating func send(completion: Completion) -> (delivery: Delivery, cleanup: (() -> Void)?) {
    guard !producerHasEnded else { return (.none, nil) }
    producerHasEnded = true
    pendingCompletion = completion
    return (nextDelivery(), cleanup.take())
  }

  mutating func request(_ additional: Subscribers.Demand) -> Delivery {
    guard downstream != nil else { return .none }
    demand += additional
    return nextDelivery()
  }

  /// The deliverer's value was delivered, and the downstream asked for `additional` more.
  mutating func delivered(additional: Subscribers.Demand) -> Delivery {
    isDelivering = false
    guard downstream != nil else { return .none }
    demand += additional
    return nextDelivery()
  }

  /// What a cancel lets go of after unlocking: the downstream, the buffer and the cleanup to run.
  struct Cancelled {
    var downstream: Downstream?
    var buffered: EventQueue<Value>
    var cleanup: (() -> Void)?
  }

  mutating func cancel() -> Cancelled {
    producerHasEnded = true
    pendingCompletion = nil
    let cancelled = Cancelled(downstream: downstream.take(), buffered: pending, cleanup: cleanup.take())
    pending = EventQueue()
    return cancelled
  }

  private mutating func nextDelivery() -> Delivery {
    guard !isDelivering, let downstream else { return .none }
    if !pending.isEmpty {
      guard demand > 0, let value = pending.popFirst() else { return .none }
      demand -= 1
      isDelivering = true
      return .value(downstream, value)
    }
    guard let completion = pendingCompletion.take() else { return .none }
    // Reachable once the buffer is empty and no delivery runs: the completion ends the subscription.
    self.downstream = nil
    return .completion(downstream, completion)
  }
}

extension Publishers.Producer {
  private final class Inner<Downstream: Subscriber>: Subscription, ProducerSending, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let state: Locked<ProducerStateMachine<Downstream>>
    private let liveObject = LiveObjectToken("Producer.Inner")

    init(downstream: Downstream) {
      state = Locked(ProducerStateMachine(downstream: downstream))
    }

    var description: String { "Producer" }

    var hasEnded: Bool {
      state.withLock { $0.producerHasEnded }
    }

    func start(_ body: (Publishers.Producer<Output, Failure>.Sender) -> () -> Void) {
      guard state.withLock({ $0.shouldStart }) else { return }
      let cleanup = body(Publishers.Producer<Output, Failure>.Sender(target: self))
      state.withLock { $0.bodyReturned(cleanup) }?()
    }

    func send(_ value: Output) {
      let (delivery, ignored) = state.withLock { $0.send(value) }
      _ = ignored
      deliver(delivery)
    }

    func send(completion: Subscribers.Completion<Failure>) {
      let (delivery, cleanup) = state.withLock { $0.send(completion: completion) }
      cleanup?()
      deliver(delivery)
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      deliver(state.withLock { $0.request(demand) })
    }

    func cancel() {
      let cancelled = state.withLock { $0.cancel() }
      cancelled.cleanup?()
      _ = cancelled
    }

    /// Delivers as the deliverer until nothing more may go.
    private func deliver(_ first: ProducerStateMachine<Downstream>.Delivery) {
      var delivery = first
      while true {
        switch delivery {
        case .none:
          return
        case .value(let downstream, let value):
          let additional = downstream.receive(value)
          delivery = state.withLock { $0.delivered(additional: additional) }
        case .completion(let downstream, let completion):
          downstream.receive(completion: completion)
          return
        }
      }
    }
  }
}
