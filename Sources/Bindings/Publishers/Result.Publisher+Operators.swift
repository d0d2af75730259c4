// Operators on `Result.Publisher` that return `Result.Publisher`, as in Combine.

extension Result.Publisher {
  /// The transformed value, or the same failure, as a `Result.Publisher`.
  ///
  /// ```swift
  /// let doubled = Result<Int, TestError>.success(21).publisher.map { $0 * 2 }   // publishes 42
  /// ```
  public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map(transform))
  }

  /// The transformed value, the error it throws, or the same failure.
  public func tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(
      Result<T, any Error> {
        switch result {
        case .success(let value): return try transform(value)
        case .failure(let error): throw error
        }
      }
    )
  }

  /// The same value, or the transformed failure.
  ///
  /// ```swift
  /// let wrapped = Result<Int, TestError>.failure(.oops).publisher.mapError { WrappedError($0) }
  /// ```
  public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
    Result<Success, E>.Publisher(result.mapError(transform))
  }

  /// The value, or `output` in place of the failure.
  ///
  /// ```swift
  /// let safe = Result<Int, TestError>.failure(.oops).publisher.replaceError(with: 0)   // publishes 0
  /// ```
  public func replaceError(with output: Success) -> Result<Success, Never>.Publisher {
    Result<Success, Never>.Publisher(.success((try? result.get()) ?? output))
  }

  /// The number of values, one, or the same failure.
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(result.map { _ in 1 })
  }

  /// The same publisher: its value is the first.
  public func first() -> Result<Success, Failure>.Publisher {
    self
  }

  /// The same publisher: its value is the last.
  public func last() -> Result<Success, Failure>.Publisher {
    self
  }

  /// The same publisher: one value has no duplicate.
  public func removeDuplicates(by predicate: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
    self
  }
}

extension Result.Publisher where Failure == Never {
  /// The same value with a failure type that never occurs.
  ///
  /// ```swift
  /// let typed = Result<Int, Never>.success(1).publisher.setFailureType(to: TestError.self)
  /// ```
  public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
    Result<Success, E>.Publisher(.success(result.get()))
  }
}

extension Result.Publisher where Success: Equatable {
  /// The same publisher: one value has no duplicate.
  public func removeDuplicates() -> Result<Success, Failure>.Publisher {
    self
  }
}
