import Foundation

extension Timer {
  /// A connectable publisher of the current date every `interval` seconds, timed by a Foundation
  /// timer on `runLoop`.
  ///
  /// ```swift
  /// let token = Timer.publish(every: 1, on: .main, in: .common)
  ///   .autoconnect()
  ///   .sink { print($0) }   // prints the date once a second
  /// ```
  ///
  /// - Parameters:
  ///   - interval: Seconds between two dates.
  ///   - tolerance: How late a date may be, to save energy; `nil` for the timer's default.
  ///   - runLoop: The run loop that runs the timer; dates are delivered on its thread.
  ///   - mode: The run-loop mode the timer runs in.
  ///   - options: Accepted for Combine compatibility; no option changes the timer.
  ///
  /// - Returns: A connectable publisher of dates: `connect()` or `autoconnect()` starts the timer.
  public static func publish(
    every interval: TimeInterval,
    tolerance: TimeInterval? = nil,
    on runLoop: RunLoop,
    in mode: RunLoop.Mode,
    options: RunLoop.SchedulerOptions? = nil
  ) -> TimerPublisher {
    TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
  }

  /// A connectable publisher of the current date at a fixed interval.
  ///
  /// ```swift
  /// let timer = Timer.publish(every: 0.5, on: .main, in: .default)
  /// let token = timer.sink { print($0) }
  /// let connection = timer.connect()   // dates flow from now on
  /// connection.cancel()                // and stop here
  /// ```
  ///
  /// Nothing is timed until ``connect()`` (or ``ConnectablePublisher/autoconnect()``). Every
  /// subscriber gets the same dates; a subscriber without demand misses a date, as in Combine.
  /// Cancelling the connection invalidates the Foundation timer.
  public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
    /// The date of each tick.
    public typealias Output = Date
    /// This publisher never fails.
    public typealias Failure = Never

    /// Seconds between two dates.
    public let interval: TimeInterval
    /// How late a date may be; `nil` for the timer's default.
    public let tolerance: TimeInterval?
    /// The run loop that runs the timer.
    public let runLoop: RunLoop
    /// The run-loop mode the timer runs in.
    public let mode: RunLoop.Mode
    /// Accepted for Combine compatibility.
    public let options: RunLoop.SchedulerOptions?

    private let dates = PassthroughSubject<Date, Never>()
    /// The running timer, while connected.
    private let timer = Locked<Timer?>(nil)

    /// Creates a publisher that, once connected, sends the date every `interval` seconds.
    public init(
      interval: TimeInterval,
      tolerance: TimeInterval? = nil,
      runLoop: RunLoop,
      mode: RunLoop.Mode,
      options: RunLoop.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.runLoop = runLoop
      self.mode = mode
      self.options = options
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      dates.receive(subscriber: subscriber)
    }

    /// Starts the timer; cancel the result to stop it. Connecting again while connected returns a
    /// connection to the same timer.
    public func connect() -> any Cancellable {
      let (interval, tolerance, dates) = (self.interval, self.tolerance, self.dates)
      let started: Timer? = timer.withLock { timer in
        guard timer == nil else { return nil }
        // Weakly: Foundation on Linux never frees a block-based timer's block, and a strong capture
        // would keep the subject, and every subscriber still in it, alive with that block.
        let started = Timer(timeInterval: interval, repeats: true) { [weak dates] _ in dates?.send(Date()) }
        if let tolerance { started.tolerance = tolerance }
        timer = started
        return started
      }
      if let started { runLoop.add(started, forMode: mode) }
      return AnyCancellable { [weak self] in self?.disconnect() }
    }

    private func disconnect() {
      timer.withLock { $0.take() }?.invalidate()
    }

    deinit {
      timer.withLock { $0.take() }?.invalidate()
    }
  }
}
