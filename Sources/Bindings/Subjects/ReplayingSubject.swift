/// A subject that keeps its last values, sent before any subscriber too, and replays them to each new
/// subscriber before the live values.
///
/// ```swift
/// let events = ReplayingSubject<Int, Never>(replaying: 2)
/// events.send(1)
/// events.send(2)
/// events.send(3)                                   // nobody listens yet: kept
/// let token = events.sink { print($0) }            // prints "2", "3"
/// events.send(4)                                   // prints "4"
/// ```
///
/// This is Bond's `EventProducer(replayLength:)` / `ReplaySubject` (ReactiveKit) and RxSwift's
/// `ReplaySubject.create(bufferSize:)`. (CombineExt's `ReplaySubject(bufferSize:)` is the same idea; this
/// name is Bindings' own, so that an app can import CombineExt beside Bindings.) Where
/// `share(replaying:)` keeps only what its upstream sent after the first subscriber connected it, the
/// subject keeps everything sent to it.
///
/// - Each subscriber's demand is honoured on its own: replayed and live values wait until it requests
///   them. A subscriber that falls behind keeps the values it requested plus at most `count` more, the
///   newest.
/// - After a completion, later sends are ignored, and a new subscriber receives the kept values, then
///   the completion (a failure too).
/// - Safe to use from any thread. A subscriber that attaches while a value is being sent gets it either
///   in its replay or live, never both and never neither.
public final class ReplayingSubject<Output, Failure: Error>: Subject {
  /// Where values are sent: the replaying share's upstream.
  private let input = PassthroughSubject<Output, Failure>()
  /// What subscribers attach to: connected to `input` from the start, so nothing sent is missed.
  private let replay: Publishers.ShareReplay<PassthroughSubject<Output, Failure>>

  /// How many of the latest values a new subscriber is replayed.
  public var replayCount: Int { replay.replayCount }

  /// Creates a subject that keeps its last `count` values for new subscribers.
  ///
  /// - Parameter count: How many of the latest values to keep; must not be negative. With `0` the
  ///   subject keeps nothing and behaves like a `PassthroughSubject` that replays its completion.
  public init(replaying count: Int) {
    precondition(count >= 0, "ReplayingSubject(replaying:): the replay count must not be negative, got \(count)")
    replay = Publishers.ShareReplay(upstream: input, replay: count)
    replay.connect()
  }

  /// Keeps `input` among the last values and sends it to every subscriber, as its demand allows.
  ///
  /// After a completion it does nothing.
  public func send(_ input: consuming Output) {
    self.input.send(input)
  }

  /// Sends `completion` to every subscriber and ends the subject: later values are ignored, and later
  /// subscribers receive the kept values, then this completion.
  public func send(completion: Subscribers.Completion<Failure>) {
    input.send(completion: completion)
  }

  /// Accepts an upstream subscription when the subject subscribes to a publisher, and requests its
  /// values.
  public func send(subscription: any Subscription) {
    input.send(subscription: subscription)
  }

  /// Attaches `subscriber`, which first receives the kept values; call `subscribe(_:)` rather than this
  /// method.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    replay.receive(subscriber: subscriber)
  }
}

extension ReplayingSubject: Sendable where Output: Sendable {}
