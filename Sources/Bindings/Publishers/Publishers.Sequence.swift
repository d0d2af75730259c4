extension Sequence {
  /// A publisher that emits the elements of this sequence, as they are demanded, then finishes.
  ///
  /// ```swift
  /// let token = [1, 2, 3].publisher.sink { print($0) }   // prints "1", "2", "3"
  /// ```
  public var publisher: Publishers.Sequence<Self, Never> {
    Publishers.Sequence(sequence: self)
  }
}

extension Publishers {
  /// A publisher that emits the elements of a sequence, as they are demanded, then finishes.
  ///
  /// Each subscriber iterates the sequence afresh. The iterator advances only as demand arrives
  /// (one element ahead, to know when to finish), so a lazy or infinite sequence is fine.
  /// The publisher finishes right after the last element, without waiting for more demand; an
  /// empty sequence finishes at once.
  ///
  /// ```swift
  /// let numbers = Publishers.Sequence<[Int], Never>(sequence: [1, 2])
  /// let token = numbers.sink(
  ///   receiveCompletion: { print($0) },
  ///   receiveValue: { print($0) })
  /// // prints "1", "2", "finished"
  /// ```
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    /// The elements of the sequence, in order.
    public typealias Output = Elements.Element

    /// The sequence whose elements are published.
    public let sequence: Elements

    /// Creates a publisher of the elements of `sequence`.
    public init(sequence: Elements) {
      self.sequence = sequence
    }

    /// Attaches `subscriber` to this publisher; call `subscribe(_:)` rather than this method.
    ///
    /// The subscriber then receives a subscription, the values it requests and at most one completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      var iterator = sequence.makeIterator()
      if let first = iterator.next() {
        subscriber.receive(subscription: Inner(downstream: subscriber, iterator: iterator, next: first))
      } else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
      }
    }

    /// Emits the elements while demand lasts.
    ///
    /// One thread at a time delivers: the one that finds `isDelivering` false sets it and loops
    /// until demand runs out. A request made meanwhile — from inside `receive(_:)` or from another
    /// thread — only adds to `demand`, and the running loop serves it. So a subscriber that asks
    /// for one more value per value is served by iteration, not recursion, and in order.
    ///
    /// Only the delivering thread touches `iterator`, outside the lock: advancing it may run user
    /// code (a lazy `map`).
    final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let liveObject = LiveObjectToken("Sequence.Inner")
      private let lock = Lock()
      /// `nil` once finished or cancelled.
      private var downstream: Downstream?
      private var iterator: Elements.Iterator
      /// The element to deliver next; `nil` when the iterator is exhausted.
      private var next: Output?
      private var demand = Subscribers.Demand.none
      private var isDelivering = false

      init(downstream: Downstream, iterator: Elements.Iterator, next: Output) {
        self.downstream = downstream
        self.iterator = iterator
        self.next = next
      }

      var description: String { "Sequence" }

      func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(.none) is a programming error: demand must be positive")
        lock.lock()
        guard downstream != nil else {
          lock.unlock()
          return
        }
        self.demand += demand
        guard !isDelivering else {
          lock.unlock()
          return
        }
        isDelivering = true
        deliverWhileDemandLastsWithLockHeld()
      }

      /// Called with the lock held; returns with it released.
      private func deliverWhileDemandLastsWithLockHeld() {
        while let downstream, demand > 0, let value = next {
          demand -= 1
          lock.unlock()
          let more = downstream.receive(value)
          let upcoming = iterator.next()
          lock.lock()
          guard self.downstream != nil else {
            // Cancelled during the delivery; the last reference may be ours, so drop it unlocked.
            isDelivering = false
            lock.unlock()
            withExtendedLifetime(downstream) {}
            return
          }
          demand += more
          guard let upcoming else {
            self.downstream = nil
            isDelivering = false
            lock.unlock()
            downstream.receive(completion: .finished)
            return
          }
          next = upcoming
        }
        isDelivering = false
        lock.unlock()
      }

      func cancel() {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        lock.unlock()
        _ = downstream
      }
    }
  }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}
extension Publishers.Sequence: Sendable where Elements: Sendable {}
