import Bindings
import Foundation
import Testing

/// A value that says who sent it and in which position: the stress tests' invariants (nothing lost,
/// nothing duplicated, per-sender order kept) are checked from these alone.
struct Stamp: Hashable, Sendable, CustomStringConvertible {
  let sender: Int
  let sequence: Int
  var description: String { "\(sender)#\(sequence)" }
}

/// A thread-safe subscriber that checks the stack's contract as values arrive: deliveries never
/// overlap, nothing arrives after completion, and (once ``cancelAndMark()`` returned) at most one
/// delivery that had already begun may still end.
final class ContractCheckingSubscriber<Input: Sendable>: Subscriber, Cancellable, @unchecked Sendable {
  typealias Failure = Never

  private let lock = NSLock()
  private var subscription: (any Subscription)?
  private var received: [Input] = []
  private var inFlight = 0
  private(set) var overlaps = 0
  private var completed = false
  private var cancelled = false
  private var cancelRequested = false
  private var afterCompletion = 0
  private var afterCancel = 0
  private let initialDemand: Subscribers.Demand
  private let onValue: (@Sendable (Input) -> Void)?

  init(initialDemand: Subscribers.Demand = .unlimited, onValue: (@Sendable (Input) -> Void)? = nil) {
    self.initialDemand = initialDemand
    self.onValue = onValue
  }

  var values: [Input] { lock.withLock { received } }
  var overlappingDeliveries: Int { lock.withLock { overlaps } }
  var valuesAfterCompletion: Int { lock.withLock { afterCompletion } }
  var valuesAfterCancel: Int { lock.withLock { afterCancel } }
  var isCompleted: Bool { lock.withLock { completed } }

  func receive(subscription: any Subscription) {
    // A subject may hand over the subscription after `subscribe` returned (Contracts.md rule 8),
    // so a cancel can come first: then the subscription is cancelled as it arrives.
    let cancelAtOnce = lock.withLock {
      if !cancelRequested { self.subscription = subscription }
      return cancelRequested
    }
    if cancelAtOnce {
      subscription.cancel()
    } else if initialDemand > 0 {
      subscription.request(initialDemand)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.withLock {
      inFlight += 1
      if inFlight > 1 { overlaps += 1 }
      if completed { afterCompletion += 1 }
      if cancelled { afterCancel += 1 }
      received.append(input)
    }
    onValue?(input)
    lock.withLock { inFlight -= 1 }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    let released = lock.withLock {
      completed = true
      return subscription.take()
    }
    _ = released
  }

  /// Cancels, then marks the subscriber cancelled: what arrives from now on arrived after cancel.
  func cancelAndMark() {
    let taken = lock.withLock {
      cancelRequested = true
      return subscription.take()
    }
    taken?.cancel()
    lock.withLock { cancelled = true }
  }

  func cancel() { cancelAndMark() }
}

/// Checks the stamps one subscriber received: none duplicated, each sender's in the order sent, and,
/// when `complete` is given, exactly those sequences for each sender.
func expectStampsIntact(
  _ stamps: [Stamp],
  complete expected: [Int: Int]? = nil,
  _ context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var last: [Int: Int] = [:]
  var counts: [Int: Int] = [:]
  var outOfOrder = 0
  for stamp in stamps {
    if let previous = last[stamp.sender], previous >= stamp.sequence { outOfOrder += 1 }
    last[stamp.sender] = stamp.sequence
    counts[stamp.sender, default: 0] += 1
  }
  #expect(outOfOrder == 0, "values out of order or duplicated — \(context)", sourceLocation: sourceLocation)
  if let expected {
    #expect(counts == expected.filter { $0.value > 0 }, "values lost — \(context)", sourceLocation: sourceLocation)
  }
}

/// Iteration counts for stress tests: `base` times `BINDINGS_STRESS_SCALE`.
func stressCount(_ base: Int) -> Int { base * TestRandomness.scale }
