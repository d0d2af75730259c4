extension Publisher {
  /// Delivers each value, and the completion, `interval` later on `scheduler`.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let token = Just(1).delay(for: .seconds(1), scheduler: scheduler).sink { print($0) }
  /// scheduler.advance(by: .milliseconds(999))   // prints nothing
  /// scheduler.advance(by: .milliseconds(1))     // prints "1"
  /// ```
  ///
  /// A failure is delayed too, like a value. Requests and cancellation go straight upstream.
  ///
  /// - Parameters:
  ///   - interval: How long to delay each element.
  ///   - tolerance: The tolerance allowed for each delivery; the scheduler's minimum by default.
  ///   - scheduler: Where to deliver.
  ///   - options: Scheduler options for each delivery.
  ///
  /// - Returns: A publisher that delivers each value and the completion `interval` later, on `scheduler`.
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride,
    tolerance: S.SchedulerTimeType.Stride? = nil,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler,
      options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's elements after a fixed delay.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let token = Just(1).delay(for: .seconds(1), scheduler: scheduler).sink { print($0) }
  /// scheduler.advance(by: .seconds(1))   // prints "1"
  /// ```
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose elements are delayed.
    public let upstream: Upstream
    /// How long each element is delayed.
    public let interval: Context.SchedulerTimeType.Stride
    /// The tolerance allowed for each delivery.
    public let tolerance: Context.SchedulerTimeType.Stride
    /// The scheduler that delivers.
    public let scheduler: Context
    /// The options for each delivery.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that delays `upstream`'s elements by `interval` on `scheduler`.
    public init(
      upstream: Upstream,
      interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // Copied out, so that the deliveries keep only these alive and not the upstream.
      let (interval, tolerance, scheduler, options) = (interval, tolerance, scheduler, options)
      upstream.subscribe(
        ScheduledDeliveryInner(downstream: subscriber) { delivery in
          scheduler.schedule(
            after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, delivery)
        })
    }
  }
}
