// `combineLatest(a, b)` and `merge(a, b)` as free functions, the way Bond and ReactiveKit spell them.
// Each is exactly the Combine-named operator on the first publisher.

/// Combines `a` and `b`, publishing a tuple of the latest value of each once both have published;
/// the same as `a.combineLatest(b)`.
///
/// ```swift
/// let first = CurrentValueSubject<String, Never>("Ada")
/// let last = CurrentValueSubject<String, Never>("Lovelace")
/// let token = combineLatest(first, last).sink { print($0) }   // prints "("Ada", "Lovelace")"
/// ```
public func combineLatest<A: Publisher, B: Publisher>(
  _ a: A,
  _ b: B
) -> Publishers.CombineLatest<A, B> where A.Failure == B.Failure {
  Publishers.CombineLatest(a, b)
}

/// Combines `a` and `b`, publishing `transform` of the latest value of each; the same as
/// `a.combineLatest(b, transform)`.
///
/// ```swift
/// label.reactive.text <~ combineLatest(viewModel.$firstName, viewModel.$lastName) { "\($0) \($1)" }
/// ```
public func combineLatest<A: Publisher, B: Publisher, T>(
  _ a: A,
  _ b: B,
  _ transform: @escaping (A.Output, B.Output) -> T
) -> Publishers.CombineLatest<A, B>.Transformed<T> where A.Failure == B.Failure {
  a.combineLatest(b, transform)
}

/// Combines three publishers, publishing `transform` of the latest value of each; the same as
/// `a.combineLatest(b, c, transform)`.
///
/// ```swift
/// let token = combineLatest(day, month, year) { "\($0)/\($1)/\($2)" }.sink { print($0) }
/// ```
public func combineLatest<A: Publisher, B: Publisher, C: Publisher, T>(
  _ a: A,
  _ b: B,
  _ c: C,
  _ transform: @escaping (A.Output, B.Output, C.Output) -> T
) -> Publishers.CombineLatest3<A, B, C>.Transformed<T> where A.Failure == B.Failure, B.Failure == C.Failure {
  a.combineLatest(b, c, transform)
}

/// Merges the values of `a` and `b` as they come; the same as `a.merge(with: b)`.
///
/// ```swift
/// let taps = PassthroughSubject<String, Never>(), keys = PassthroughSubject<String, Never>()
/// let token = merge(taps, keys).sink { print($0) }
/// keys.send("return")   // prints "return"
/// ```
public func merge<A: Publisher, B: Publisher>(
  _ a: A,
  _ b: B
) -> Publishers.Merge<A, B> where A.Output == B.Output, A.Failure == B.Failure {
  Publishers.Merge(a, b)
}

/// Merges the values of three publishers as they come; the same as `a.merge(with: b, c)`.
public func merge<A: Publisher, B: Publisher, C: Publisher>(
  _ a: A,
  _ b: B,
  _ c: C
) -> Publishers.Merge3<A, B, C>
where A.Output == B.Output, B.Output == C.Output, A.Failure == B.Failure, B.Failure == C.Failure {
  Publishers.Merge3(a, b, c)
}
