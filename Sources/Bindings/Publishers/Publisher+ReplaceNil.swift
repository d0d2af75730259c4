extension Publisher {
  /// Replaces every `nil` value with the given value.
  ///
  /// ```swift
  /// let token = [1, nil, 3].publisher
  ///   .replaceNil(with: 0)
  ///   .sink { print($0) }
  /// // prints "1", "0", "3"
  /// ```
  ///
  /// As in Combine, the result is a ``Publishers/Map``.
  ///
  /// - Parameter output: The value to publish in place of `nil`.
  /// - Returns: A publisher of non-optional values.
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    Publishers.Map(upstream: self) { $0 ?? output }
  }
}
