/// A publisher that waits for a subscriber before creating the publisher it subscribes to.
///
/// Each subscriber gets a fresh publisher from the closure, so work captured in it runs per
/// subscription, and not before.
///
/// ```swift
/// var calls = 0
/// let deferred = Deferred { () -> Just<Int> in
///   calls += 1
///   return Just(calls)
/// }
/// print(calls)                                 // prints "0"
/// let token = deferred.sink { print($0) }      // prints "1"
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  /// The values of the publisher the closure creates for each subscriber.
  public typealias Output = DeferredPublisher.Output
  /// The error this publisher can fail with: that of the publisher the closure creates.
  public typealias Failure = DeferredPublisher.Failure

  /// The closure that makes the publisher, once per subscriber.
  public let createPublisher: () -> DeferredPublisher

  /// Creates a publisher that calls `createPublisher` when a subscriber attaches.
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
  ///
  /// The subscriber then receives a subscription, the values it requests and at most one completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().subscribe(subscriber)
  }
}
