import Dispatch

extension DispatchQueue: Scheduler {
  /// Options for scheduling on a dispatch queue: the quality of service, work item flags, and a
  /// group to enter while the action is pending.
  ///
  /// ```swift
  /// let group = DispatchGroup()
  /// DispatchQueue.global().schedule(options: .init(qos: .utility, group: group)) { print("ran") }
  /// group.wait()   // prints "ran"
  /// ```
  public struct SchedulerOptions {
    /// The quality of service of the action.
    public var qos: DispatchQoS
    /// The flags of the work item that runs the action.
    public var flags: DispatchWorkItemFlags
    /// A group the action belongs to until it has run.
    public var group: DispatchGroup?

    /// Creates options; the defaults change nothing.
    public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
      self.qos = qos
      self.flags = flags
      self.group = group
    }
  }

  /// The current uptime.
  ///
  /// ```swift
  /// let queue = DispatchQueue(label: "work")
  /// queue.schedule(after: queue.now.advanced(by: .seconds(1))) { print("a second later") }
  /// ```
  public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

  /// Zero: dispatch applies its own leeway.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// Runs `action` asynchronously on this queue.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let box = SchedulerActionBox(action)
    let options = options ?? SchedulerOptions()
    async(group: options.group, qos: options.qos, flags: options.flags) { box.run() }
  }

  /// Runs `action` on this queue at `date`.
  ///
  /// On Linux, as on Apple platforms, `options.group` is ignored for delayed actions because
  /// dispatch has no delayed call that takes a group.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let box = SchedulerActionBox(action)
    let options = options ?? SchedulerOptions()
    asyncAfter(deadline: date.dispatchTime, qos: options.qos, flags: options.flags) { box.run() }
  }

  /// Runs `action` on this queue at `date` and then every `interval`, with a dispatch timer,
  /// until the returned token is cancelled (or released).
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let box = SchedulerActionBox(action)
    let options = options ?? SchedulerOptions()
    let timer = DispatchSource.makeTimerSource(queue: self)
    timer.setEventHandler(qos: options.qos, flags: options.flags) { box.run() }
    timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }
}
