extension Publisher {
  /// Delivers values and the completion on `scheduler`.
  ///
  /// The subscription itself is handed over synchronously; each value and the completion are
  /// scheduled on `scheduler`, in order. Requests and cancellation go straight upstream.
  ///
  /// ```swift
  /// let token = subject
  ///   .receive(on: MainThreadScheduler.shared)
  ///   .sink { label.text = $0 }
  /// DispatchQueue.global().async { subject.send("hi") }   // the label is set on the main thread
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: Where to deliver.
  ///   - options: Scheduler options for each delivery.
  ///
  /// - Returns: A publisher that delivers values and the completion on `scheduler`.
  public func receive<S: Scheduler>(
    on scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.ReceiveOn<Self, S> {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's values and completion on a scheduler.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let token = Just(1).receive(on: scheduler).sink { print($0) }   // prints nothing yet
  /// scheduler.advance()                                              // prints "1"
  /// ```
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are delivered.
    public let upstream: Upstream
    /// The scheduler that delivers them.
    public let scheduler: Context
    /// The options for each scheduled delivery.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that delivers `upstream`'s elements on `scheduler`.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // Copied out, so that the deliveries keep only these alive and not the upstream.
      let (scheduler, options) = (scheduler, options)
      upstream.subscribe(
        ScheduledDeliveryInner(downstream: subscriber) { delivery in scheduler.schedule(options: options, delivery) })
    }
  }
}
