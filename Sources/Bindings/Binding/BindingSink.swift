/// A subscriber that delivers each value to an owner it holds weakly, as `(owner, value)`.
///
/// ```swift
/// final class Greeter: BindingOwner {
///   let bindings = BindingBag()
///   func greet(_ name: String) { print("Hello, \(name)") }
/// }
/// let greeter = Greeter()
/// let names = PassthroughSubject<String, Never>()
/// names.subscribe(BindingSink(owner: greeter) { greeter, name in greeter.greet(name) })
/// names.send("Ada")   // prints "Hello, Ada"
/// ```
///
/// The sink never retains its owner. Once the owner is gone, the sink cancels its upstream the next
/// time it hears from it and delivers nothing more; the binding operators also keep the sink in the
/// owner's ``BindingBag``, so the owner's deallocation cancels the upstream at once.
///
/// It requests an unlimited number of values and never fails. Safe to use from any thread; values
/// are delivered on the thread that sends them, or through a scheduler when one is given.
public final class BindingSink<Owner: AnyObject, Input>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  /// A binding sink accepts only publishers that never fail.
  public typealias Failure = Never

  @usableFromInline
  enum State {
    case awaitingSubscription
    case subscribed(any Subscription)
    case terminal
  }

  @usableFromInline let lock = Lock()
  @usableFromInline var state = State.awaitingSubscription
  @usableFromInline weak var owner: Owner?
  @usableFromInline var receiveValue: ((Owner, Input) -> Void)?
  private var registration: BindingBagRegistration?
  @usableFromInline let deliver: BindingDelivery?

  /// Creates a sink that calls `receiveValue` with the owner and each value while the owner lives.
  public init(owner: Owner, receiveValue: @escaping (Owner, Input) -> Void) {
    self.owner = owner
    self.receiveValue = receiveValue
    self.deliver = nil
  }

  /// Creates a sink that calls `receiveValue` on `scheduler` with the owner and each value, while
  /// the owner lives.
  ///
  /// With ``MainThreadScheduler``, a value sent on the main thread is delivered at once and one sent
  /// elsewhere is delivered on the main queue.
  public init<S: Scheduler>(owner: Owner, scheduler: S, receiveValue: @escaping (Owner, Input) -> Void) {
    self.owner = owner
    self.receiveValue = receiveValue
    self.deliver = { scheduler.schedule($0) }
  }

  @usableFromInline
  init(owner: Owner, deliver: BindingDelivery?, receiveValue: @escaping (Owner, Input) -> Void) {
    self.owner = owner
    self.receiveValue = receiveValue
    self.deliver = deliver
  }

  /// A short name for the sink in debugging output: `BindingSink`.
  public var description: String { "BindingSink" }

  /// Makes the sink leave `registration`'s bag when it completes or is cancelled.
  @usableFromInline
  func register(_ registration: BindingBagRegistration) {
    lock.withLock { self.registration = registration }
  }

  /// Requests unlimited values from `subscription`, or cancels it if the sink already has one, has
  /// ended, or its owner is gone.
  public func receive(subscription: any Subscription) {
    lock.lock()
    guard case .awaitingSubscription = state, owner != nil else {
      lock.unlock()
      subscription.cancel()
      return
    }
    state = .subscribed(subscription)
    lock.unlock()
    subscription.request(.unlimited)
  }

  /// Hands `input` to the closure with the owner, at once or through the sink's scheduler; asks
  /// for no more values, as the sink already requested unlimited.
  @inlinable
  public func receive(_ input: Input) -> Subscribers.Demand {
    guard let deliver else {
      deliverNow(input)
      return .none
    }
    deliver { [weak self] in self?.deliverNow(input) }
    return .none
  }

  /// Ends the binding: releases the closure and leaves the owner's bag, after any value still on its
  /// way through the scheduler.
  public func receive(completion: Subscribers.Completion<Never>) {
    lock.lock()
    let previous = state
    state = .terminal
    lock.unlock()
    _ = previous  // the upstream subscription is released here, after the lock
    guard let deliver else {
      finish()
      return
    }
    // Values handed to the scheduler before the completion are still on their way: end the binding
    // behind them, on the same scheduler, so the last value is written rather than dropped.
    deliver { self.finish() }
  }

  /// Lets go of the closure and leaves the owner's bag, once nothing more is to be delivered.
  private func finish() {
    lock.lock()
    let released = receiveValue
    let registration = self.registration
    receiveValue = nil
    self.registration = nil
    lock.unlock()
    registration?.remove()
    _ = released
  }

  /// Ends the binding at once: cancels the upstream, releases the closure and leaves the owner's bag.
  ///
  /// Calling it again, or after completion, does nothing.
  public func cancel() {
    lock.lock()
    let released = receiveValue
    let registration = self.registration
    let upstream: (any Subscription)?
    if case .subscribed(let subscription) = state { upstream = subscription } else { upstream = nil }
    let previous = state
    state = .terminal
    receiveValue = nil
    self.registration = nil
    lock.unlock()
    upstream?.cancel()
    registration?.remove()
    _ = (released, previous)
  }

  @inlinable
  func deliverNow(_ input: Input) {
    lock.lock()
    // `receiveValue` is released when the sink completes or is cancelled, so its presence is the
    // liveness check (reading `state` would copy its existential payload on every value).
    guard let body = receiveValue else {
      lock.unlock()
      return
    }
    guard let owner else {
      lock.unlock()
      cancel()
      return
    }
    lock.unlock()
    body(owner, input)
  }
}

extension BindingSink where Input == Void {
  /// Creates a sink that calls `receiveValue` with the owner for each event.
  ///
  /// ```swift
  /// taps.subscribe(BindingSink(owner: screen) { screen in screen.dismiss() })
  /// ```
  public convenience init(owner: Owner, receiveValue: @escaping (Owner) -> Void) {
    self.init(owner: owner) { owner, _ in receiveValue(owner) }
  }
}

extension BindingSink where Input == Never {
  /// Creates a sink that keeps a subscription to a publisher of no values alive for as long as
  /// `owner` lives.
  public convenience init(owner: Owner) {
    self.init(owner: owner) { _, _ in }
  }
}

/// How a binding hands a value to its target's context: run the closure now or later, on the
/// target's thread.
@usableFromInline
typealias BindingDelivery = (@escaping () -> Void) -> Void
