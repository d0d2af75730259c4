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
/// cgtk_signal_emit_void(button.object, "clicked")   // prints "clicked"
/// ```
///
/// Values are sent on GTK's thread, as GTK emits them. The publisher does not keep the wrapper
/// alive: a subscription to a widget that is gone finishes at once. Values sent while the
/// subscriber has no demand are dropped, as a `PassthroughSubject` drops them; with
/// ``replaysCurrentValue``, a subscriber first gets the current value.
public struct SignalPublisher<Output>: Publisher {
  /// Signals never fail.
  public typealias Failure = Never

  private weak var wrapper: GObjectWrapper?
  private let signal: String
  private let shape: SignalShape
  private let read: @MainActor (GObjectWrapper) -> Output
  /// Whether each subscriber gets the current value as soon as it is connected.
  public let replaysCurrentValue: Bool

  init(
    _ wrapper: GObjectWrapper?,
    signal: String,
    shape: SignalShape,
    replaysCurrentValue: Bool = false,
    read: @escaping @MainActor (GObjectWrapper) -> Output
  ) {
    self.wrapper = wrapper
    self.signal = signal
    self.shape = shape
    self.replaysCurrentValue = replaysCurrentValue
    self.read = read
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
    let connect = { @MainActor [wrapper, signal, shape, read, replaysCurrentValue] in
      guard let wrapper else {
        subject.send(completion: .finished)
        return
      }
      let connection = SignalConnection.connect(
        signal,
        shape: shape,
        of: wrapper,
        handler: { [weak wrapper] _ in
          if let wrapper { subject.send(read(wrapper)) }
          return false
        },
        onDisconnect: { subject.send(completion: .finished) }
      )
      guard let connection else {
        subject.send(completion: .finished)
        return
      }
      pending.connected(connection)
      if replaysCurrentValue && connection.isConnected { subject.send(read(wrapper)) }
    }
    if GTK.isGTKThread {
      MainActor.assumeIsolated { connect() }
    } else {
      DispatchQueue.main.async { MainActor.assumeIsolated { connect() } }
    }
  }
}

extension SignalPublisher: @unchecked Sendable {}

/// A connection that may be cancelled before it is made (a subscription cancelled while the
/// connect hops to GTK's thread).
private final class PendingConnection: @unchecked Sendable {
  private let lock = NSLock()
  private var connection: SignalConnection?
  private var isCancelled = false

  func connected(_ connection: SignalConnection) {
    let cancelled = lock.withLock {
      self.connection = connection
      return isCancelled
    }
    if cancelled { connection.disconnect() }
  }

  func cancel() {
    let connection = lock.withLock {
      isCancelled = true
      return self.connection.take()
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
