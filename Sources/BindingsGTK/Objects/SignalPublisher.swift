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
    // The subject is used only on GTK's thread once connected (values are read and sent there);
    // `Output` need not be `Sendable`, so the hop to GTK's thread is vouched for here.
    nonisolated(unsafe) let subject = PassthroughSubject<Output, Never>()
    let pending = PendingConnection()
    // Debug builds: reports the subscriber's owner freed while the widget is still on screen.
    let ownerWatch = BindingOwnerWatch.watch(subscriber, of: wrapper, signal: signal)
    subject.handleEvents(receiveCancel: {
      pending.cancel()
      ownerWatch?.subscriptionCancelled()
    }).receive(subscriber: subscriber)
    let publisher = self
    GTKThreadHop.perform { publisher.connect(subject, pending) }
  }

  @MainActor
  private func connect(_ subject: PassthroughSubject<Output, Never>, _ pending: PendingConnection) {
    guard let wrapper else {
      subject.send(completion: .finished)
      return
    }
    if let signature, !wrapper.isDisposed, let problem = signature.problem(connecting: signal, to: wrapper) {
      // A handler that would never fire, or read the wrong types: say so, and connect nothing.
      Diagnostics.report("BindingsGTK: \(problem)")
      subject.send(completion: .finished)
      return
    }
    let connection = SignalConnection.connect(
      signal,
      shape: shape,
      of: wrapper,
      handler: { [weak wrapper, read, respond] arguments in
        guard let wrapper, let value = read(wrapper, arguments) else { return false }
        subject.send(value)
        respond?(value, arguments)
        return false
      },
      onDisconnect: { subject.send(completion: .finished) }
    )
    guard let connection else {
      subject.send(completion: .finished)
      return
    }
    pending.connected(connection)
    if replaysCurrentValue && connection.isConnected, let value = read(wrapper, SignalArguments()) {
      subject.send(value)
    }
  }
}

extension SignalPublisher: @unchecked Sendable {}

/// A connection that may be cancelled before it is made (a subscription cancelled while the
/// connect hops to GTK's thread).
private final class PendingConnection: @unchecked Sendable {
  private struct State {
    var connection: SignalConnection?
    var isCancelled = false
  }

  private let state = Locked(State())

  func connected(_ connection: SignalConnection) {
    let cancelled = state.withLock { state in
      state.connection = connection
      return state.isCancelled
    }
    if cancelled { connection.disconnect() }
  }

  func cancel() {
    let connection = state.withLock { state in
      state.isCancelled = true
      return state.connection.take()
    }
    connection?.disconnect()
  }
}

extension Optional {
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
#endif
