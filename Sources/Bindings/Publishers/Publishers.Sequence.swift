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
    /// The delivering thread takes the iterator out of the state and advances it outside the lock
    /// (advancing may run user code, a lazy `map`); it puts it back when demand runs out.
    final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let liveObject = LiveObjectToken("Sequence.Inner")
      private let state: Locked<State>

      /// The iterator and the element to deliver next.
      private struct Cursor {
        var iterator: Elements.Iterator
        var next: Output
      }

      /// What a delivering thread does after one element.
      private enum Step {
        case deliverNext
        /// The sequence is exhausted: send `.finished`.
        case finish
        /// Demand ran out (the cursor is back in the state) or the subscription was cancelled.
        case stop
      }

      /// Everything the subscription knows, guarded by its lock.
      private struct State {
        /// `nil` once finished or cancelled.
        var downstream: Downstream?
        /// The cursor while no thread delivers; the delivering thread holds it meanwhile.
        var cursor: Cursor?
        var demand = Subscribers.Demand.none
        var isDelivering = false

        /// Adds `more` demand. Returns what to deliver from when this thread becomes the delivering
        /// one, having taken one unit of demand for the first element.
        mutating func request(_ more: Subscribers.Demand) -> (downstream: Downstream, cursor: Cursor)? {
          guard let downstream else { return nil }
          demand += more
          guard !isDelivering, demand > 0, let cursor = cursor.take() else { return nil }
          isDelivering = true
          demand -= 1
          return (downstream, cursor)
        }

        /// Called by the delivering thread after an element, with the demand the subscriber returned
        /// and whether the sequence has another element. When demand has run out, takes the cursor
        /// back; when cancelled, leaves it with the caller, to release after the lock.
        mutating func delivered(adding more: Subscribers.Demand, hasUpcoming: Bool, cursor: inout Cursor?) -> Step {
          guard downstream != nil else {
            isDelivering = false
            return .stop
          }
          demand += more
          guard hasUpcoming else {
            downstream = nil
            isDelivering = false
            return .finish
          }
          guard demand > 0 else {
            self.cursor = cursor.take()
            isDelivering = false
            return .stop
          }
          demand -= 1
          return .deliverNext
        }

        /// Ends the subscription: hands back the downstream and the cursor, to release after the lock.
        mutating func end() -> (Downstream?, Cursor?) {
          (downstream.take(), cursor.take())
        }
      }

      init(downstream: Downstream, iterator: Elements.Iterator, next: Output) {
        state = Locked(State(downstream: downstream, cursor: Cursor(iterator: iterator, next: next)))
      }

      var description: String { "Sequence" }

      /// Delivers up to `demand` more elements; `.none` is accepted and delivers nothing, as in Combine.
      func request(_ demand: Subscribers.Demand) {
        guard let (downstream, cursor) = state.withLock({ $0.request(demand) }) else { return }
        deliverWhileDemandLasts(to: downstream, from: cursor)
      }

      /// The delivering thread's loop. The downstream and the cursor, when this thread holds the last
      /// reference to them (cancelled meanwhile), are released here, after the lock.
      private func deliverWhileDemandLasts(to downstream: Downstream, from start: Cursor) {
        var cursor: Cursor? = start
        while true {
          let more = downstream.receive(cursor!.next)
          let upcoming = cursor!.iterator.next()
          if let upcoming { cursor!.next = upcoming }
          switch state.withLock({ $0.delivered(adding: more, hasUpcoming: upcoming != nil, cursor: &cursor) }) {
          case .deliverNext:
            continue
          case .finish:
            downstream.receive(completion: .finished)
            return
          case .stop:
            return
          }
        }
      }

      func cancel() {
        let released = state.withLock { $0.end() }
        _ = released
      }
    }
  }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}
extension Publishers.Sequence: Sendable where Elements: Sendable {}
