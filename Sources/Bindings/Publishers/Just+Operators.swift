// Operators on `Just` that return `Just`, `Optional.Publisher` or `Result.Publisher`, as in Combine: the result
// of an operator on one known value is again a known value, with no subscription machinery.

extension Just {
  /// The transformed value, as a `Just`.
  ///
  /// ```swift
  /// let doubled: Just<Int> = Just(21).map { $0 * 2 }   // publishes 42
  /// ```
  public func map<T>(_ transform: (Output) -> T) -> Just<T> {
    Just<T>(transform(output))
  }

  /// The transformed value, or the error it throws, as a `Result.Publisher`.
  ///
  /// ```swift
  /// let parsed = Just("42").tryMap { try parse($0) }   // Result<Int, any Error>.Publisher
  /// ```
  public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try transform(output) })
  }

  /// The value if it satisfies `isIncluded`, as an `Optional.Publisher`.
  ///
  /// ```swift
  /// let even = Just(3).filter { $0.isMultiple(of: 2) }   // publishes nothing, then finishes
  /// ```
  public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(isIncluded(output) ? output : nil)
  }

  /// The transformed value unless it is `nil`, as an `Optional.Publisher`.
  ///
  /// ```swift
  /// let number = Just("x").compactMap { Int($0) }   // publishes nothing, then finishes
  /// ```
  public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(transform(output))
  }

  /// The same value with a failure type that never occurs, as a `Result.Publisher`.
  ///
  /// ```swift
  /// let typed: Result<Int, TestError>.Publisher = Just(1).setFailureType(to: TestError.self)
  /// ```
  public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
    Result<Output, E>.Publisher(output)
  }

  /// The same value: a `Just` never fails.
  public func replaceError(with output: Output) -> Just<Output> {
    self
  }

  /// The same value: one value has no duplicate.
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
    self
  }

  /// The number of values, one, as a `Just`.
  ///
  /// ```swift
  /// let count = Just("a").count()   // publishes 1
  /// ```
  public func count() -> Just<Int> {
    Just<Int>(1)
  }

  /// The value in an array, as a `Just`.
  ///
  /// ```swift
  /// let all = Just(1).collect()   // publishes [1]
  /// ```
  public func collect() -> Just<[Output]> {
    Just<[Output]>([output])
  }

  /// The same value: it is the first.
  public func first() -> Just<Output> {
    self
  }

  /// The same value: it is the last.
  public func last() -> Just<Output> {
    self
  }

  /// The value, dropped if `count` is positive, as an `Optional.Publisher`.
  ///
  /// ```swift
  /// let rest = Just(1).dropFirst()   // publishes nothing, then finishes
  /// ```
  public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
    precondition(count >= 0, "dropFirst: count must not be negative")
    return Optional<Output>.Publisher(count > 0 ? nil : output)
  }

  /// `nextPartialResult` applied to `initialResult` and the value, as a `Just`.
  ///
  /// ```swift
  /// let total = Just(2).reduce(40, +)   // publishes 42
  /// ```
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Just<T> {
    Just<T>(nextPartialResult(initialResult, output))
  }

  /// `nextPartialResult` applied to `initialResult` and the value, as a `Just`.
  public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Just<T> {
    Just<T>(nextPartialResult(initialResult, output))
  }

  /// Whether the value satisfies `predicate`, as a `Just`.
  ///
  /// ```swift
  /// let positive = Just(3).allSatisfy { $0 > 0 }   // publishes true
  /// ```
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Whether the value satisfies `predicate`, as a `Just`.
  public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }
}

extension Just where Output: Equatable {
  /// Whether the value equals `output`, as a `Just`.
  ///
  /// ```swift
  /// let found = Just(3).contains(3)   // publishes true
  /// ```
  public func contains(_ output: Output) -> Just<Bool> {
    Just<Bool>(self.output == output)
  }

  /// The same value: one value has no duplicate.
  public func removeDuplicates() -> Just<Output> {
    self
  }
}
