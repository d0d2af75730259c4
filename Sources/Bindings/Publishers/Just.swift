/// A publisher that emits one value to each subscriber, then finishes.
///
/// The value is delivered once the subscriber requests it, then the publisher finishes at once.
///
/// ```swift
/// let token = Just(42).sink(
///   receiveCompletion: { print($0) },
///   receiveValue: { print($0) })
/// // prints "42", "finished"
/// ```
public struct Just<Output>: Publisher {
  /// This publisher never fails.
  public typealias Failure = Never

  /// The one value this publisher emits.
  public let output: Output

  /// Creates a publisher that emits `output` once, then finishes.
  public init(_ output: Output) {
    self.output = output
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: Inner(downstream: subscriber, value: output))
  }

  /// Delivers one value on the first request, then finishes.
  ///
  /// `Optional.Publisher` and `Result.Publisher` reuse it for their single value, so it is generic
  /// over the subscriber's failure type.
  final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output {
    private let liveObject = LiveObjectToken("Just.Inner")
    private let state: Locked<State>

    /// What the subscription still has to do, guarded by its lock.
    private struct State {
      /// `nil` once finished or cancelled.
      var downstream: Downstream?
      /// `nil` once taken for delivery, so that only the first request delivers.
      var value: Output?

      /// Takes the value and the downstream to deliver it to, on the first request only.
      mutating func takeForDelivery() -> (downstream: Downstream, value: Output)? {
        guard let downstream, let value = value.take() else { return nil }
        return (downstream, value)
      }

      /// Ends the subscription: hands back the downstream and the value, to release after the lock.
      mutating func end() -> (downstream: Downstream?, value: Output?) {
        (downstream.take(), value.take())
      }
    }

    init(downstream: Downstream, value: Output) {
      state = Locked(State(downstream: downstream, value: value))
    }

    var description: String { "Just" }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
      guard let (downstream, value) = state.withLock({ $0.takeForDelivery() }) else { return }
      _ = downstream.receive(value)
      // The subscriber may have cancelled inside `receive(_:)`; then it gets no completion.
      let finishing = state.withLock { $0.downstream.take() }
      finishing?.receive(completion: .finished)
      withExtendedLifetime(downstream) {}
    }

    func cancel() {
      let released = state.withLock { $0.end() }
      _ = released
    }
  }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}
