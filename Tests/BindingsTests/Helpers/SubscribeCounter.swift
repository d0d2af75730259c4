@testable import Bindings

/// Counts the subscriptions made to the publishers it wraps.
final class SubscribeCounter: @unchecked Sendable {
  private let subscribes = Locked(0)

  var count: Int { subscribes.withLock { $0 } }

  func counting<Upstream: Publisher>(_ upstream: Upstream) -> Deferred<Upstream> {
    Deferred { [self] in
      subscribes.withLock { $0 += 1 }
      return upstream
    }
  }
}
