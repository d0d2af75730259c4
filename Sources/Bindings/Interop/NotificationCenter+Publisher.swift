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
      private struct State {
        /// `nil` once cancelled.
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var observer: (any NSObjectProtocol)?
        var isDelivering = false
        /// Notifications posted during a delivery, already counted against the demand.
        var waiting: [Notification] = []
      }

      private let lock = Lock()
      private var state: State
      private let center: NotificationCenter

      init(downstream: Downstream, center: NotificationCenter) {
        state = State(downstream: downstream)
        self.center = center
      }

      var description: String { "NotificationCenter Observer" }

      func observe(_ name: Notification.Name, object: AnyObject?) {
        guard lock.withLock({ state.downstream != nil }) else { return }
        // The observer block sees the subscription through a protocol, so that it captures no type
        // that is not Sendable (the subscriber's type need not be).
        weak let delivering: (any NotificationDelivering)? = self
        let observer = center.addObserver(forName: name, object: object, queue: nil) { notification in
          delivering?.deliver(notification)
        }
        let isCancelled = lock.withLock {
          guard state.downstream != nil else { return true }
          state.observer = observer
          return false
        }
        if isCancelled { center.removeObserver(observer) }
      }

      /// Delivers on the posting thread. A notification posted on another thread during a delivery
      /// waits for it to end and is then delivered by the same thread, so deliveries never overlap.
      func deliver(_ notification: Notification) {
        let downstream: Downstream? = lock.withLock {
          guard state.demand > 0, let downstream = state.downstream else { return nil }
          state.demand -= 1
          guard !state.isDelivering else {
            state.waiting.append(notification)
            return nil
          }
          state.isDelivering = true
          return downstream
        }
        guard let downstream else { return }
        var next: Notification? = notification
        while let current = next {
          let additional = downstream.receive(current)
          next = lock.withLock {
            guard state.downstream != nil, !state.waiting.isEmpty else {
              state.isDelivering = false
              if state.downstream != nil { state.demand += additional }
              return nil
            }
            state.demand += additional
            return state.waiting.removeFirst()
          }
        }
      }

      func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
        lock.withLock {
          if state.downstream != nil { state.demand += demand }
        }
      }

      func cancel() {
        let released = lock.withLock {
          let released = state
          state = State()
          return released
        }
        if let observer = released.observer { center.removeObserver(observer) }
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
