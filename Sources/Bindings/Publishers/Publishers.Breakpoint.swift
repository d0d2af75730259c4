#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Publisher {
  /// Stops in the debugger (raises `SIGTRAP`) when one of the closures returns `true` for an event.
  ///
  /// ```swift
  /// let token = prices
  ///   .breakpoint(receiveOutput: { $0 < 0 })   // stops here on a negative price
  ///   .sink { print($0) }
  /// ```
  ///
  /// Without a debugger attached, `SIGTRAP` ends the process. Every event passes through unchanged.
  public func breakpoint(
    receiveSubscription: ((any Subscription) -> Bool)? = nil,
    receiveOutput: ((Output) -> Bool)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
  ) -> Publishers.Breakpoint<Self> {
    Publishers.Breakpoint(
      upstream: self,
      receiveSubscription: receiveSubscription,
      receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion
    )
  }

  /// Stops in the debugger (raises `SIGTRAP`) when the publisher fails.
  ///
  /// ```swift
  /// let token = request.breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  /// ```
  public func breakpointOnError() -> Publishers.Breakpoint<Self> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { return true }
      return false
    })
  }
}

extension Publishers {
  /// A publisher that raises `SIGTRAP` when a closure says so; see
  /// ``Publisher/breakpoint(receiveSubscription:receiveOutput:receiveCompletion:)``.
  ///
  /// ```swift
  /// let token = prices
  ///   .breakpoint(receiveOutput: { $0 < 0 })   // stops in the debugger on a negative price
  ///   .sink { print($0) }
  /// ```
  public struct Breakpoint<Upstream: Publisher>: Publisher {
    /// Publishes values of its upstream's output type.
    public typealias Output = Upstream.Output
    /// Fails, if at all, with its upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are inspected.
    public let upstream: Upstream
    /// Decides whether a subscription stops in the debugger.
    public let receiveSubscription: ((any Subscription) -> Bool)?
    /// Decides whether a value stops in the debugger.
    public let receiveOutput: ((Upstream.Output) -> Bool)?
    /// Decides whether a completion stops in the debugger.
    public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

    /// Inspects the events of `upstream` with the given closures.
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Bool)? = nil,
      receiveOutput: ((Upstream.Output) -> Bool)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (subscription, output, completion) = (receiveSubscription, receiveOutput, receiveCompletion)
      upstream.handleEvents(
        receiveSubscription: { if subscription?($0) == true { raise(SIGTRAP) } },
        receiveOutput: { if output?($0) == true { raise(SIGTRAP) } },
        receiveCompletion: { if completion?($0) == true { raise(SIGTRAP) } }
      ).subscribe(subscriber)
    }
  }
}
