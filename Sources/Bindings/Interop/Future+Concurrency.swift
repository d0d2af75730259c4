extension Future where Failure == any Error, Output: Sendable {
  /// Creates a future fulfilled by an `async` throwing closure, which starts at once in a task of
  /// its own.
  ///
  /// ```swift
  /// let profile = Future { try await api.profile(id: 42) }
  /// let token = profile.sink(receiveCompletion: { print($0) }, receiveValue: { print($0.name) })
  /// // prints "Ada", then "finished"
  /// ```
  ///
  /// Like every future, the work runs once whoever subscribes, and cancelling a subscription does
  /// not cancel it.
  public convenience init(_ work: @escaping @Sendable () async throws -> Output) {
    self.init { promise in
      Task {
        do {
          promise(.success(try await work()))
        } catch {
          promise(.failure(error))
        }
      }
    }
  }
}

extension Future where Failure == Never, Output: Sendable {
  /// Creates a future fulfilled by an `async` closure, which starts at once in a task of its own.
  ///
  /// ```swift
  /// let answer = Future { await computeAnswer() }
  /// let token = answer.sink { print($0) }   // prints "42"
  /// ```
  public convenience init(_ work: @escaping @Sendable () async -> Output) {
    self.init { promise in
      Task { promise(.success(await work())) }
    }
  }

  /// The future's value, once it is fulfilled.
  ///
  /// ```swift
  /// let answer = Future<Int, Never> { promise in promise(.success(42)) }
  /// print(await answer.value)   // prints "42"
  /// ```
  ///
  /// A future cannot be cancelled, so the wait lasts until the promise is fulfilled even if the
  /// waiting task is cancelled.
  public var value: Output {
    get async {
      switch await result {
      case .success(let value): return value
      }
    }
  }
}

extension Future where Output: Sendable {
  /// The future's value once it is fulfilled, or its failure, thrown.
  ///
  /// ```swift
  /// let failing = Future<Int, TestError> { promise in promise(.failure(.oops)) }
  /// do { _ = try await failing.value } catch { print(error) }   // prints "oops"
  /// ```
  ///
  /// A future cannot be cancelled, so the wait lasts until the promise is fulfilled even if the
  /// waiting task is cancelled.
  public var value: Output {
    get async throws(Failure) {
      try await result.get()
    }
  }

  /// The result, once the promise is fulfilled.
  fileprivate var result: Result<Output, Failure> {
    get async {
      await withCheckedContinuation { continuation in
        subscribe(FutureResultSubscriber(continuation))
      }
    }
  }
}

/// Hands the one result of a future to a waiting task.
private final class FutureResultSubscriber<Input: Sendable, Failure: Error>: Subscriber {
  private var continuation: CheckedContinuation<Result<Input, Failure>, Never>?

  init(_ continuation: CheckedContinuation<Result<Input, Failure>, Never>) {
    self.continuation = continuation
  }

  func receive(subscription: any Subscription) {
    subscription.request(.max(1))
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    continuation?.resume(returning: .success(input))
    continuation = nil
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    if case .failure(let error) = completion {
      continuation?.resume(returning: .failure(error))
      continuation = nil
    }
  }
}
