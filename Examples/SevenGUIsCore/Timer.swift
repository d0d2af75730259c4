import Bindings

/// 7GUIs task 4, Timer: elapsed time that runs up to an adjustable duration, with a reset.
///
/// ```swift
/// let timer = TimerModel(scheduler: MainThreadScheduler.shared)
/// gauge.reactive.fraction <~ timer.fraction
/// elapsedLabel.reactive.text <~ timer.$elapsed.map { "\(format($0)) s" }
/// durationScale.reactive.value <~> timer.$duration
/// resetButton.reactive.clicked ~> (timer, { timer, _ in timer.reset() })
/// ```
///
/// The rules (7GUIs), which the tests check one by one on virtual time:
/// 1. ``elapsed`` grows with time, in steps of ``tick``, while it is below ``duration``.
/// 2. Once ``elapsed`` reaches ``duration`` the timer stops, the gauge full.
/// 3. Changing ``duration`` applies at once, while the timer runs: a longer one restarts a stopped
///    timer, a shorter one stops it (the gauge full).
/// 4. ``reset()`` sets ``elapsed`` back to zero, and the timer runs again.
/// 5. Nothing is scheduled while the timer is stopped: time is kept by the scheduler, no polling.
public final class TimerModel: BindingOwner {
  /// The bindings the model owns.
  public let bindings = BindingBag()
  /// The time elapsed, in seconds.
  @Published public private(set) var elapsed = 0.0
  /// The duration, in seconds; the slider edits it.
  @Published public var duration: Double
  /// The step of ``elapsed``, in seconds.
  public let tick: Double
  private let startTicking: (TimerModel) -> any Cancellable
  private var ticking: AnyCancellable?

  /// Creates a timer of `duration` seconds that counts in steps of `tick` seconds on `scheduler`.
  ///
  /// - Parameters:
  ///   - scheduler: Keeps time: `MainThreadScheduler.shared` in the app, a `TestScheduler` in tests.
  ///   - duration: The initial duration, in seconds.
  ///   - tick: How often ``elapsed`` grows, in seconds.
  public init<S: Scheduler>(scheduler: S, duration: Double = 15, tick: Double = 0.1) {
    self.duration = duration
    self.tick = tick
    startTicking = { model in
      let step = S.SchedulerTimeType.Stride.seconds(tick)
      return scheduler.schedule(after: scheduler.now.advanced(by: step), interval: step) { [weak model] in
        model?.advance()
      }
    }
    $duration ~> (self, { model, _ in model.run() })
  }

  /// The elapsed fraction of the duration, from 0 to 1, for the gauge.
  public var fraction: some Publisher<Double, Never> {
    $elapsed.combineLatest($duration).map { $1 > 0 ? min($0 / $1, 1) : 1 }
  }

  /// Sets ``elapsed`` back to zero; the timer runs again up to ``duration``.
  public func reset() {
    elapsed = 0
    run()
  }

  private func advance() {
    elapsed = min(((elapsed + tick) * 1e6).rounded() / 1e6, duration)
    run()
  }

  /// Ticks while ``elapsed`` is below ``duration``, and only then: dropping `ticking` cancels it.
  private func run() {
    if elapsed >= duration {
      ticking = nil
    } else if ticking == nil {
      ticking = AnyCancellable(startTicking(self))
    }
  }
}
