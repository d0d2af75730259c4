// Operators on `Publishers.Sequence` that return `Publishers.Sequence`, as in Combine: the work is done on the
// sequence once, lazily where the standard library is lazy.

extension Publishers.Sequence {
  /// The transformed elements, as a sequence publisher.
  ///
  /// ```swift
  /// let doubled = [1, 2].publisher.map { $0 * 2 }   // publishes 2, 4
  /// ```
  public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
  }

  /// The elements that satisfy `isIncluded`, as a sequence publisher.
  public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
  }

  /// The transformed elements that are not `nil`, as a sequence publisher.
  public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
  }

  /// The elements after the first `count`, as a sequence publisher.
  ///
  /// ```swift
  /// let rest = [1, 2, 3].publisher.dropFirst()   // publishes 2, 3
  /// ```
  public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
    Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
  }

  /// The first `maxLength` elements, as a sequence publisher.
  public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
    Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
  }

  /// The elements before the first that fails `predicate`, as a sequence publisher.
  public func prefix(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.prefix(while: predicate))
  }

  /// The elements after those that satisfy `predicate`, as a sequence publisher.
  public func drop(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
    Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
  }

  /// Each running result of `nextPartialResult`, as a sequence publisher.
  ///
  /// ```swift
  /// let sums = [1, 2, 3].publisher.scan(0, +)   // publishes 1, 3, 6
  /// ```
  public func scan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Elements.Element) -> T
  ) -> Publishers.Sequence<[T], Failure> {
    var accumulated = initialResult
    return Publishers.Sequence<[T], Failure>(
      sequence: sequence.map { element in
        accumulated = nextPartialResult(accumulated, element)
        return accumulated
      }
    )
  }
}

extension Publishers.Sequence where Failure == Never {
  /// The number of elements, as a `Just`.
  ///
  /// ```swift
  /// let count = [1, 2, 3].publisher.count()   // publishes 3
  /// ```
  public func count() -> Just<Int> {
    Just<Int>(sequence.reduce(0) { count, _ in count + 1 })
  }

  /// The first element, if any, as an `Optional.Publisher`.
  public func first() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.first { _ in true })
  }

  /// The final result of `nextPartialResult` over the elements, as a `Just`.
  ///
  /// ```swift
  /// let total = [1, 2, 3].publisher.reduce(0, +)   // publishes 6
  /// ```
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Elements.Element) -> T) -> Just<T> {
    Just<T>(sequence.reduce(initialResult, nextPartialResult))
  }

  /// All the elements in an array, as a `Just`.
  public func collect() -> Just<[Elements.Element]> {
    Just<[Elements.Element]>(Array(sequence))
  }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Equatable {
  /// Whether an element equals `output`, as a `Just`.
  public func contains(_ output: Elements.Element) -> Just<Bool> {
    Just<Bool>(sequence.contains(output))
  }
}
