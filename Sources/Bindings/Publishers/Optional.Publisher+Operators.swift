// Operators on `Optional.Publisher` that return `Optional.Publisher`, as in Combine.

extension Optional.Publisher {
  /// The transformed value, if any, as an `Optional.Publisher`.
  ///
  /// ```swift
  /// let doubled = Optional(21).publisher.map { $0 * 2 }   // publishes 42
  /// ```
  public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map(transform))
  }

  /// The value if it satisfies `isIncluded`, as an `Optional.Publisher`.
  public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    Optional<Wrapped>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
  }

  /// The transformed value unless it is `nil`, as an `Optional.Publisher`.
  public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.flatMap(transform))
  }

  /// The number of values, zero or one, as an `Optional.Publisher`.
  ///
  /// ```swift
  /// let count = Optional<Int>.none.publisher.count()   // publishes 0
  /// ```
  public func count() -> Optional<Int>.Publisher {
    Optional<Int>.Publisher(output == nil ? 0 : 1)
  }

  /// The same publisher: its value, if any, is the first.
  public func first() -> Optional<Wrapped>.Publisher {
    self
  }

  /// The same publisher: its value, if any, is the last.
  public func last() -> Optional<Wrapped>.Publisher {
    self
  }

  /// The value, dropped if `count` is positive.
  public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
    precondition(count >= 0, "dropFirst: count must not be negative")
    return Optional<Wrapped>.Publisher(count > 0 ? nil : output)
  }

  /// The same publisher: one value has no duplicate.
  public func removeDuplicates(by predicate: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    self
  }

  /// The same publisher: it never fails.
  public func replaceError(with output: Wrapped) -> Optional<Wrapped>.Publisher {
    self
  }
}

extension Optional.Publisher where Wrapped: Equatable {
  /// The same publisher: one value has no duplicate.
  public func removeDuplicates() -> Optional<Wrapped>.Publisher {
    self
  }
}
