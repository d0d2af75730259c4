extension Result {
  /// A publisher that emits the success value, then finishes; or fails with the error.
  ///
  /// ```swift
  /// struct ParseError: Error {}
  /// let parsed: Result<Int, ParseError> = .success(7)
  /// let token = parsed.publisher.sink(
  ///   receiveCompletion: { print($0) },
  ///   receiveValue: { print($0) })
  /// // prints "7", "finished"
  /// ```
  public var publisher: Publisher {
    Publisher(self)
  }

  /// A publisher that emits a result's success value to each subscriber, then finishes; or, for a
  /// failure, fails at once.
  ///
  /// The success value waits for demand; the failure does not, as a completion needs none.
  ///
  /// ```swift
  /// let failed: Result<Int, ParseError> = .failure(.notANumber)
  /// let token = failed.publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "failure(notANumber)"
  /// ```
  public struct Publisher: Bindings.Publisher {
    /// The result's success value, published once.
    public typealias Output = Success

    /// The result to publish.
    public let result: Result<Output, Failure>

    /// Creates a publisher of `result`.
    public init(_ result: Result<Output, Failure>) {
      self.result = result
    }

    /// Creates a publisher that emits `output`, then finishes.
    public init(_ output: Output) {
      self.result = .success(output)
    }

    /// Creates a publisher that fails with `failure`.
    public init(_ failure: Failure) {
      self.result = .failure(failure)
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      switch result {
      case .success(let output):
        subscriber.receive(subscription: Just<Output>.Inner(downstream: subscriber, value: output))
      case .failure(let error):
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
      }
    }
  }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}
extension Result.Publisher: Sendable where Success: Sendable {}
