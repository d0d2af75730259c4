import Foundation

extension NotificationCenter {
  /// A publisher of the notifications named `name` that this center posts.
  ///
  /// ```swift
  /// let token = NotificationCenter.default.publisher(for: .NSSystemClockDidChange)
  ///   .sink { print($0.name.rawValue) }
  /// NotificationCenter.default.post(name: .NSSystemClockDidChange, object: nil)
  /// // prints "NSSystemClockDidChangeNotification"
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name of the notifications to publish.
  ///   - object: Only notifications posted by this object; `nil` for every sender.
  ///
  /// - Returns: A publisher of the matching notifications, which never fails.
  public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
    Publisher(center: self, name: name, object: object)
  }

  /// A publisher of the notifications a center posts under one name.
  ///
  /// ```swift
  /// let token = NotificationCenter.Publisher(center: .default, name: .NSSystemClockDidChange)
  ///   .sink { print($0.name.rawValue) }
  /// ```
  ///
  /// Each subscription adds one observer to the center and removes it when it is cancelled; a
  /// binding made from it therefore stops observing when its owner is deallocated. A notification is
  /// delivered synchronously, on the thread that posts it, if the subscriber has demand for it;
  /// otherwise it is dropped, as in Combine.
  public struct Publisher: Bindings.Publisher {
    /// Each matching notification, as it is posted.
    public typealias Output = Notification
    /// This publisher never fails.
    public typealias Failure = Never

    /// The center the subscriptions observe.
    public let center: NotificationCenter
    /// The name of the notifications published.
    public let name: Notification.Name
    /// The sender of the notifications published; `nil` for every sender.
    public let object: AnyObject?

    /// Creates a publisher of the notifications named `name` that `center` posts.
    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
      self.center = center
      self.name = name
      self.object = object
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
      let inner = Inner(downstream: subscriber, center: center)
      subscriber.receive(subscription: inner)
      inner.observe(name, object: object)
    }

    private final class Inner<Downstream: Subscriber>: Subscription, NotificationDelivering, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Notification, Downstream.Failure == Never {
      private let liveObject = LiveObjectToken("NotificationCenter.Publisher.Inner")

      /// Everything the subscription knows, guarded by its lock.
      private struct State {
        /// Demand and delivery: a notification posted without demand is dropped; one posted during
        /// a delivery waits for it, already counted against the demand.
        var delivery: DemandedDeliveryState<Downstream>
        var observer: (any NSObjectProtocol)?

        /// Keeps `observer` unless the subscription was cancelled meanwhile; returns whether it did.
        mutating func keep(_ observer: any NSObjectProtocol) -> Bool {
          guard delivery.isLive else { return false }
          self.observer = observer
          return true
        }

        /// Ends; hands back the observer to remove, and what to release, after unlocking.
        mutating func end() -> (DemandedDeliveryState<Downstream>, (any NSObjectProtocol)?) {
          (delivery.end(), observer.take())
        }
      }

      private let state: Locked<State>
      private let center: NotificationCenter

      init(downstream: Downstream, center: NotificationCenter) {
        state = Locked(State(delivery: DemandedDeliveryState(downstream: downstream, buffering: .dropWithoutDemand)))
        self.center = center
      }

      var description: String { "NotificationCenter Observer" }

      func observe(_ name: Notification.Name, object: AnyObject?) {
        guard state.withLock({ $0.delivery.isLive }) else { return }
        // The observer block sees the subscription through a protocol, so that it captures no type
        // that is not Sendable (the subscriber's type need not be).
        weak let delivering: (any NotificationDelivering)? = self
        let observer = center.addObserver(forName: name, object: object, queue: nil) { notification in
          delivering?.deliver(notification)
        }
        if !state.withLock({ $0.keep(observer) }) { center.removeObserver(observer) }
      }

      /// Delivers on the posting thread. A notification posted on another thread during a delivery
      /// waits for it to end and is then delivered by the same thread, so deliveries never overlap.
      func deliver(_ notification: Notification) {
        perform(state.withLock { $0.delivery.offer(notification) })
      }

      /// Adds `demand`; `.none` is accepted and changes nothing, as in Combine.
      func request(_ demand: Subscribers.Demand) {
        perform(state.withLock { $0.delivery.request(demand) })
      }

      /// Delivers, as the deliverer, until no notification waits.
      private func perform(_ delivery: DemandedDeliveryState<Downstream>.Delivery) {
        var delivery = delivery
        while let (downstream, next) = delivery.next {
          let additional = downstream.receive(next)
          delivery = state.withLock { $0.delivery.delivered(additional: additional) }
        }
      }

      func cancel() {
        let (released, observer) = state.withLock { $0.end() }
        if let observer { center.removeObserver(observer) }
        _ = released
      }
    }
  }
}

/// The part of a subscription the observer block uses.
private protocol NotificationDelivering: AnyObject, Sendable {
  func deliver(_ notification: Notification)
}

extension NotificationCenter: ReactiveExtensionProvider {}

extension Reactive where Base: NotificationCenter {
  /// A publisher of the notifications named `name`; the same as
  /// `NotificationCenter.publisher(for:object:)`.
  ///
  /// ```swift
  /// NotificationCenter.default.reactive.notification(.NSSystemClockDidChange)
  ///   ~> (viewModel, { viewModel, _ in viewModel.refresh() })
  /// ```
  ///
  /// Bound this way, the observation ends when the owner is deallocated.
  public func notification(_ name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
    base.publisher(for: name, object: object)
  }
}
