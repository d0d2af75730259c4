/// The decisions of ``Publishers/Autoconnect``, as a plain value: it counts the attached
/// subscribers and connects on the first, disconnecting when the count drops back to zero. A
/// subscriber leaves the count when it cancels, not when it receives the upstream's completion (as in
/// Combine), so a completed upstream stays connected and is not connected again.
///
/// Connecting runs the upstream's `connect()`, which may deliver values synchronously, so it runs
/// outside the lock; the machine remembers that a connection is being made, and a subscriber count
/// that dropped to zero meanwhile makes the new connection be cancelled as soon as it is handed in.
struct AutoconnectStateMachine {
  enum SubscriberAddedAction {
    case connect
    case none
  }

  enum ConnectionAction {
    case keepConnection
    case cancelConnection
  }

  enum SubscriberRemovedAction {
    case cancelConnection(any Cancellable)
    case none
  }

  private enum Connection {
    case disconnected
    /// A thread is running the upstream's `connect()`.
    case connecting(cancelWhenConnected: Bool)
    case connected(any Cancellable)
  }

  private var connection = Connection.disconnected
  private(set) var subscriberCount = 0

  init() {}

  mutating func subscriberAdded() -> SubscriberAddedAction {
    subscriberCount += 1
    switch connection {
    case .disconnected:
      connection = .connecting(cancelWhenConnected: false)
      return .connect
    case .connecting:
      // A subscriber came back before the connection was handed in: keep it after all.
      connection = .connecting(cancelWhenConnected: false)
      return .none
    case .connected:
      return .none
    }
  }

  mutating func connected(_ cancellable: any Cancellable) -> ConnectionAction {
    guard case .connecting(let cancelWhenConnected) = connection else {
      preconditionFailure("AutoconnectStateMachine.connected(_:) while not connecting")
    }
    if cancelWhenConnected || subscriberCount == 0 {
      connection = .disconnected
      return .cancelConnection
    }
    connection = .connected(cancellable)
    return .keepConnection
  }

  mutating func subscriberRemoved() -> SubscriberRemovedAction {
    precondition(subscriberCount > 0, "AutoconnectStateMachine.subscriberRemoved() without a subscriber")
    subscriberCount -= 1
    guard subscriberCount == 0 else { return .none }
    switch connection {
    case .connected(let cancellable):
      connection = .disconnected
      return .cancelConnection(cancellable)
    case .connecting:
      connection = .connecting(cancelWhenConnected: true)
      return .none
    case .disconnected:
      return .none
    }
  }
}
