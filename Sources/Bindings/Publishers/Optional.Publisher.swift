extension Optional {
  /// A publisher that emits the wrapped value, if any, then finishes.
  ///
  /// ```swift
  /// let some: Int? = 1
  /// let token = some.publisher.sink { print($0) }   // prints "1"
  /// let none: Int? = nil
  /// let other = none.publisher.sink { print($0) }   // prints nothing; finishes at once
  /// ```
  public var publisher: Publisher {
    Publisher(self)
  }

  /// A publisher that emits an optional's wrapped value to each subscriber, then finishes; or,
  /// for `nil`, finishes at once.
  ///
  /// ```swift
  /// let name: String? = "Ada"
  /// let token = name.publisher.sink { print($0) }   // prints "Ada"
  /// ```
  public struct Publisher: Bindings.Publisher {
    /// The optional's value, published once when there is one.
    public typealias Output = Wrapped
    /// This publisher never fails.
    public typealias Failure = Never

    /// The value to emit, or `nil` to finish without one.
    public let output: Wrapped?

    /// Creates a publisher that emits `output` if it is not `nil`, then finishes.
    public init(_ output: Output?) {
      self.output = output
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      if let output {
        subscriber.receive(subscription: Just<Output>.Inner(downstream: subscriber, value: output))
      } else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
      }
    }
  }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}
extension Optional.Publisher: Sendable where Wrapped: Sendable {}
