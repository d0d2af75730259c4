extension Publisher {
  /// Publishes `true` as soon as the upstream publishes a value that satisfies a predicate that may
  /// throw, or `false` if it finishes without one; a thrown error cancels the upstream and fails
  /// the publisher with that error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let token = [1, -1, 3].publisher
  ///   .tryContains { value in
  ///     guard value >= 0 else { throw Negative() }
  ///     return value > 2
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "failure(Negative())"
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for the value being looked for, or throws.
  /// - Returns: A publisher of one `Bool`, whose failure is `any Error`.
  public func tryContains(
    where predicate: @escaping (Output) throws -> Bool
  ) -> Publishers.TryContainsWhere<Self> {
    Publishers.TryContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes `true` when its upstream publishes a value satisfying a throwing
  /// predicate, or `false` if the upstream finishes without one; it fails with a thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryContainsWhere(upstream: [1, 2].publisher) { $0 == 2 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "true", "finished"
  /// ```
  public struct TryContainsWhere<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = any Error

    /// The publisher whose values are searched.
    public let upstream: Upstream

    /// Returns `true` for the value being looked for, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that looks for a value of `upstream` satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.TryContainsWhere {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Bool, Downstream.Failure == any Error {
    private let predicate: (Upstream.Output) throws -> Bool
    private var found = false

    init(downstream: Downstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream)
    }

    override func reduce(_ input: Upstream.Output) -> Step {
      do {
        guard try predicate(input) else { return .continue }
      } catch {
        return .fail(error)
      }
      found = true
      return .finish
    }

    override var result: Bool? { found }

    override func downstreamFailure(_ failure: Upstream.Failure) -> any Error { failure }

    override var description: String { "TryContainsWhere" }
  }
}
