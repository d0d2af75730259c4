extension Publisher {
  /// Publishes whether every upstream value satisfies a predicate that may throw; a thrown error
  /// cancels the upstream and fails the publisher with that error.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let token = [2, -4].publisher
  ///   .tryAllSatisfy { value in
  ///     guard value >= 0 else { throw Negative() }
  ///     return value.isMultiple(of: 2)
  ///   }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "failure(Negative())"
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for a value that satisfies the condition, or throws.
  /// - Returns: A publisher of one `Bool`, whose failure is `any Error`.
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes whether every upstream value satisfies a throwing predicate,
  /// failing with a thrown error.
  ///
  /// ```swift
  /// let token = Publishers.TryAllSatisfy(upstream: [1, 2].publisher) { $0 > 0 }
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// // prints "true", "finished"
  /// ```
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = any Error

    /// The publisher whose values are checked.
    public let upstream: Upstream

    /// Returns `true` for a value that satisfies the condition, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that checks every value of `upstream` with `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers.TryAllSatisfy {
  private final class Inner<Downstream: Subscriber>:
    ReducingInner<Upstream.Output, Upstream.Failure, Downstream>, @unchecked Sendable
  where Downstream.Input == Bool, Downstream.Failure == any Error {
    private let predicate: (Upstream.Output) throws -> Bool
    private var satisfied = true

    init(downstream: Downstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream)
    }

    override func reduce(_ input: Upstream.Output) -> Step {
      do {
        guard try !predicate(input) else { return .continue }
      } catch {
        return .fail(error)
      }
      satisfied = false
      return .finish
    }

    override var result: Bool? { satisfied }

    override func downstreamFailure(_ failure: Upstream.Failure) -> any Error { failure }

    override var description: String { "TryAllSatisfy" }
  }
}
