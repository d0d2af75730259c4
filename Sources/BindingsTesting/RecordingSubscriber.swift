import Bindings
import Foundation

/// A subscriber that records everything it receives, so that a whole scenario can be checked in
/// one comparison.
///
/// ```swift
/// let recorder = RecordingSubscriber<Int, Never>()
/// [1, 2].publisher.subscribe(recorder)
/// print(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
/// // prints "true"
/// ```
///
/// By default it requests `.unlimited` when it gets its subscription. Pass `initialDemand` (and
/// `demandPerValue`) to test back-pressure, or `.none` and call ``request(_:)`` later. Safe to use
/// from any thread.
public final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  /// One thing the subscriber received.
  ///
  /// ```swift
  /// let recorder = RecordingSubscriber<Int, Never>()
  /// Just(1).subscribe(recorder)
  /// print(recorder.events.map(\.description))   // prints "["subscription", "value(1)", "finished"]"
  /// ```
  public enum Event: CustomStringConvertible {
    /// `receive(subscription:)`.
    case subscription
    /// `receive(_:)` with a value.
    case value(Input)
    /// `receive(completion:)`.
    case completion(Subscribers.Completion<Failure>)

    /// The event as it reads in a failure message: `subscription`, `value(1)`, `finished`.
    public var description: String {
      switch self {
      case .subscription: return "subscription"
      case .value(let value): return "value(\(value))"
      case .completion(.finished): return "finished"
      case .completion(.failure(let error)): return "failure(\(error))"
      }
    }
  }

  /// Everything the recorder keeps, guarded by its lock.
  private struct State {
    var recorded: [Event] = []
    /// Until completion or cancel.
    var subscription: (any Subscription)?
  }

  private let state = Locked(State())
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: (Input) -> Subscribers.Demand
  private let onValue: ((Input) -> Void)?

  /// Creates a recorder.
  ///
  /// - Parameters:
  ///   - initialDemand: What to request on subscription; `.none` requests nothing.
  ///   - demandPerValue: What to return from each `receive(_:)`.
  ///   - onValue: Runs after each value is recorded, e.g. to cancel or send re-entrantly.
  public init(
    initialDemand: Subscribers.Demand = .unlimited,
    demandPerValue: Subscribers.Demand = .none,
    onValue: ((Input) -> Void)? = nil
  ) {
    self.initialDemand = initialDemand
    self.demandPerValue = { _ in demandPerValue }
    self.onValue = onValue
  }

  /// Creates a recorder that decides its additional demand from each value.
  public init(initialDemand: Subscribers.Demand, demandFor: @escaping (Input) -> Subscribers.Demand) {
    self.initialDemand = initialDemand
    self.demandPerValue = demandFor
    self.onValue = nil
  }

  /// Everything received, in order.
  public var events: [Event] { state.withLock { $0.recorded } }

  /// The values received, in order.
  public var values: [Input] {
    events.compactMap { if case .value(let value) = $0 { return value } else { return nil } }
  }

  /// The completion received, if any.
  public var completion: Subscribers.Completion<Failure>? {
    for case .completion(let completion) in events { return completion }
    return nil
  }

  /// The subscription received, while the recorder holds it (until completion or cancel).
  public var subscription: (any Subscription)? { state.withLock { $0.subscription } }

  /// The recorder and its events, e.g. `RecordingSubscriber[subscription, value(1)]`.
  public var description: String { "RecordingSubscriber\(events)" }

  /// Requests more values on the stored subscription.
  public func request(_ demand: Subscribers.Demand) {
    subscription?.request(demand)
  }

  /// Cancels the stored subscription and lets go of it.
  public func cancel() {
    state.withLock { $0.subscription.take() }?.cancel()
  }

  /// Records the subscription, keeps it, and requests the initial demand.
  public func receive(subscription: any Subscription) {
    let replaced = state.withLock { state in
      state.recorded.append(.subscription)
      defer { state.subscription = subscription }
      return state.subscription
    }
    // A subscription received before is let go here, after the lock.
    _ = replaced
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  /// Records the value, runs `onValue`, and returns the demand chosen for it.
  public func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.recorded.append(.value(input)) }
    onValue?(input)
    return demandPerValue(input)
  }

  /// Records the completion and lets go of the subscription.
  public func receive(completion: Subscribers.Completion<Failure>) {
    let released = state.withLock { state in
      state.recorded.append(.completion(completion))
      return state.subscription.take()
    }
    _ = released
  }
}

extension RecordingSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}
