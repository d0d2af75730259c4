#if GTK
import Bindings
import CGTK
import Foundation

/// A publisher of a GObject's signal: each subscriber connects its own handler, which is
/// disconnected when the subscription is cancelled, and which finishes the subscriber when the
/// wrapper dies or the object is disposed.
///
/// ```swift
/// let token = button.reactive.clicked.sink { print("clicked") }
/// button.click()   // prints "clicked"
/// ```
///
/// Values are sent on GTK's thread, as GTK emits them, and during the emission: a subscriber that
/// answers the signal (``SignalEmission/reply(_:)``) does so before GTK reads the answer. The
/// publisher does not keep the wrapper alive: a subscription to a widget that is gone finishes at
/// once. Values sent while the subscriber has no demand are dropped, as a `PassthroughSubject` drops
/// them; with ``replaysCurrentValue``, a subscriber first gets the current value.
///
/// Subscribing off GTK's thread connects there through BindingsGTK's one hop, in order with every
/// other write and connection handed to it.
public struct SignalPublisher<Output>: Publisher {
  /// Signals never fail.
  public typealias Failure = Never

  private weak var wrapper: GObjectWrapper?
  private let signal: String
  private let shape: SignalShape
  /// What the signal's parameters must be, checked when a handler connects (typed signals only).
  private let signature: SignalSignature?
  /// Reads a value from an emission; `nil` drops the emission (its reader has said why).
  private let read: @MainActor (GObjectWrapper, SignalArguments) -> Output?
  /// Called with each value once every subscriber has received it: writes a reply into GTK's
  /// return value.
  private let respond: (@MainActor (Output, SignalArguments) -> Void)?
  /// Whether each subscriber gets the current value as soon as it is connected.
  public let replaysCurrentValue: Bool

  init(
    _ wrapper: GObjectWrapper?,
    signal: String,
    shape: SignalShape,
    replaysCurrentValue: Bool = false,
    read: @escaping @MainActor (GObjectWrapper) -> Output?
  ) {
    self.wrapper = wrapper
    self.signal = signal
    self.shape = shape
    self.signature = nil
    self.replaysCurrentValue = replaysCurrentValue
    self.read = { wrapper, _ in read(wrapper) }
    self.respond = nil
  }

  /// A publisher of a signal with typed parameters, read through its `GValue`s.
  init(
    _ wrapper: GObjectWrapper?,
    signal: String,
    signature: SignalSignature,
    read: @escaping @MainActor (GObjectWrapper, SignalArguments) -> Output?,
    respond: (@MainActor (Output, SignalArguments) -> Void)? = nil
  ) {
    self.wrapper = wrapper
    self.signal = signal
    self.shape = .values
    self.signature = signature
    self.replaysCurrentValue = false
    self.read = read
    self.respond = respond
  }

  /// Connects a handler for `subscriber`, on GTK's thread (hopping there when subscribed elsewhere).
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    // Debug builds: reports the subscriber's owner freed while the widget is still on screen.
    let ownerWatch = BindingOwnerWatch.watch(subscriber, of: wrapper, signal: signal)
    let subscription = SignalSubscription(subscriber, ownerWatch: ownerWatch)
    subscriber.receive(subscription: subscription)
    let publisher = self
    GTKThreadHop.perform { publisher.connect(subscription) }
  }

  @MainActor
  private func connect<S: Subscriber>(_ subscription: SignalSubscription<S>)
  where S.Input == Output, S.Failure == Never {
    guard !subscription.isCancelled else { return }
    guard let wrapper else {
      subscription.finish()
      return
    }
    if let signature, !wrapper.isDisposed, let problem = signature.problem(connecting: signal, to: wrapper) {
      // A handler that would never fire, or read the wrong types: say so, and connect nothing.
      Diagnostics.report("BindingsGTK: \(problem)")
      subscription.finish()
      return
    }
    let handler: @MainActor (SignalArguments) -> Bool
    if let respond {
      handler = { [weak wrapper, read] arguments in
        guard let wrapper, let value = read(wrapper, arguments) else { return false }
        subscription.send(value)
        respond(value, arguments)
        return false
      }
    } else {
      handler = { [weak wrapper, read] arguments in
        guard let wrapper, let value = read(wrapper, arguments) else { return false }
        subscription.send(value)
        return false
      }
    }
    let connection = SignalConnection.connect(
      signal,
      shape: shape,
      of: wrapper,
      handler: handler,
      onDisconnect: { subscription.finish() }
    )
    guard let connection else {
      subscription.finish()
      return
    }
    guard subscription.connected(connection) else { return }
    if replaysCurrentValue && connection.isConnected, let value = read(wrapper, SignalArguments()) {
      subscription.send(value)
    }
  }
}

extension SignalPublisher: @unchecked Sendable {}

/// One subscriber's subscription to a signal: the handler GLib holds sends each value straight to
/// the subscriber, while it has demand (values sent with none are dropped), and finishes it when
/// the handler is disconnected by anything but a cancel (the wrapper's deinit, the object's
/// disposal). It may be cancelled before the handler is connected (while the connect hops to GTK's
/// thread): the connect then connects nothing, or disconnects what it connected.
///
/// Values and completion are sent on GTK's thread only; demand and cancel may come from any thread,
/// and the subscriber is called outside the lock, so that it may request or cancel from inside.
private final class SignalSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Failure == Never {
  private struct State {
    /// `nil` once cancelled or finished.
    var subscriber: S?
    var demand = Subscribers.Demand.none
    var connection: SignalConnection?
    var isCancelled = false
  }

  private let state: Locked<State>
  /// Debug builds: told when the subscription is cancelled.
  private let ownerWatch: BindingOwnerWatch?

  init(_ subscriber: S, ownerWatch: BindingOwnerWatch?) {
    self.state = Locked(State(subscriber: subscriber))
    self.ownerWatch = ownerWatch
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      guard state.subscriber != nil else { return }
      state.demand += demand
    }
  }

  func cancel() {
    let connection = state.withLock { state -> SignalConnection? in
      guard !state.isCancelled else { return nil }
      state.isCancelled = true
      state.subscriber = nil
      state.demand = .none
      return state.connection.take()
    }
    // The handler's disconnect finishes nothing: the subscriber is already gone.
    connection?.disconnect()
    ownerWatch?.subscriptionCancelled()
  }

  /// Keeps `connection` to disconnect on cancel; `false` (and disconnected) when cancelled already.
  @MainActor
  func connected(_ connection: SignalConnection) -> Bool {
    let cancelled = state.withLock { state -> Bool in
      if state.isCancelled || state.subscriber == nil { return true }
      state.connection = connection
      return false
    }
    if cancelled { connection.disconnect() }
    return !cancelled
  }

  /// Sends `value` if the subscriber has demand for it; drops it otherwise.
  @MainActor
  func send(_ value: S.Input) {
    let subscriber = state.withLock { state -> S? in
      guard let subscriber = state.subscriber, state.demand > .none else { return nil }
      if state.demand != .unlimited { state.demand -= 1 }
      return subscriber
    }
    guard let subscriber else { return }
    let more = subscriber.receive(value)
    guard more > .none else { return }
    state.withLock { state in
      guard state.subscriber != nil else { return }
      state.demand += more
    }
  }

  /// Finishes the subscriber, once; nothing after a cancel.
  @MainActor
  func finish() {
    let subscriber = state.withLock { state -> S? in
      state.connection = nil
      state.demand = .none
      return state.subscriber.take()
    }
    subscriber?.receive(completion: .finished)
  }
}

extension Optional {
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
#endif
