/// A publisher that starts its upstream work only when told to, through ``connect()``, so that
/// several subscribers can attach before anything is sent.
///
/// ```swift
/// let numbers = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
/// let first = numbers.sink { print("first \($0)") }
/// let second = numbers.sink { print("second \($0)") }
/// let connection = numbers.connect()
/// // prints "first 1", "second 1", "first 2", "second 2"
/// ```
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Connects to the upstream publisher; cancelling the result disconnects.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects as soon as the first subscriber attaches, and disconnects when the last one cancels.
  ///
  /// ```swift
  /// let shared = subject.multicast { PassthroughSubject<Int, Never>() }.autoconnect()
  /// let token = shared.sink { print($0) }   // connects
  /// subject.send(1)                          // prints "1"
  /// token.cancel()                           // disconnects
  /// ```
  ///
  /// A subscriber that received the upstream's completion counts until it cancels, as in Combine:
  /// after the upstream completes, later subscribers are not connected again (a multicast gives them
  /// the completion at once).
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}
