extension Publisher where Failure == Never {
  /// Makes this publisher connectable: subscribers attach first, and values flow only after
  /// ``ConnectablePublisher/connect()``.
  ///
  /// ```swift
  /// let numbers = [1, 2].publisher.makeConnectable()
  /// let token = numbers.sink { print($0) }
  /// let connection = numbers.connect()   // prints "1", "2"
  /// ```
  public func makeConnectable() -> Publishers.MakeConnectable<Self> {
    Publishers.MakeConnectable(upstream: self)
  }
}

extension Publishers {
  /// A connectable publisher over a plain one, shared through a ``PassthroughSubject``.
  ///
  /// ```swift
  /// let numbers = Publishers.MakeConnectable(upstream: [1, 2].publisher)
  /// let token = numbers.sink { print($0) }   // prints nothing yet
  /// let connection = numbers.connect()      // prints "1", "2"
  /// ```
  public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    private let inner: Multicast<Upstream, PassthroughSubject<Output, Failure>>

    /// Makes `upstream` connectable.
    public init(upstream: Upstream) {
      inner = Multicast(upstream: upstream, createSubject: { PassthroughSubject() })
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      inner.receive(subscriber: subscriber)
    }

    /// Subscribes to the upstream, so that its values reach the subscribers attached so far.
    ///
    /// Cancel the returned token to disconnect.
    public func connect() -> any Cancellable {
      inner.connect()
    }
  }
}
