// The scenarios, as protocols. Each is implemented three times — with Bindings (Ours.swift), with
// OpenCombine (Peer.swift), and with plain closures (Floor.swift) — so that the registration code
// in BindingsBenchmarks.swift runs the very same loop over all three.

/// A class field that subscribers store into, so that the optimizer cannot drop the work.
final class Field {
  var value = 0
  var count = 0
}

/// S1: a hot source → map(+1) → filter(even) → a sink storing into a class field.
protocol PipelineFixture: AnyObject {
  init()
  func send(_ value: Int)
  var field: Field { get }
}

/// S2: a current-value holder bound to an object's property; one set.
protocol PropertyBindingFixture: AnyObject {
  init()
  func set(_ value: Int)
  var boundValue: Int { get }
}

/// S3: subscribe a sink to a subject, then cancel it.
protocol SubscribeCancelFixture: AnyObject {
  init()
  func subscribeAndCancel()
  /// Subscribers still attached (must stay 0): checked by sending once and counting deliveries.
  func deliveriesToOneSend() -> Int
}

/// S4: many live subscriptions to one subject.
protocol LiveSubscriptionsFixture: AnyObject {
  /// Creates the subject and reserves room for `capacity` tokens, so that only subscribing
  /// allocates during the measurement.
  init(capacity: Int)
  func subscribe(count: Int)
  func deliveriesToOneSend() -> Int
  func removeAll()
}

/// S5: one send fanned out to many subscribers.
protocol FanOutFixture: AnyObject {
  init(subscribers: Int)
  func send(_ value: Int)
  var field: Field { get }
}

/// S6: many subscriptions, cancelled one by one in a given order.
protocol CancelManyFixture: AnyObject {
  init(subscriptions: Int)
  func cancel(at index: Int)
  func deliveriesToOneSend() -> Int
}

/// S7: one owner holding many bindings to a source; the owner goes away.
protocol OwnerTeardownFixture: AnyObject {
  init(bindings: Int)
  func dropOwner()
  /// After `dropOwner()`: how many cancels the upstream observed (a second, instrumented source),
  /// and how many values one send still delivered to the bindings.
  static func proof(bindings: Int) -> (cancels: Int, deliveriesAfterTeardown: Int)
}

/// S8: combineLatest of two sources, sends alternating between them.
protocol CombineLatestFixture: AnyObject {
  init()
  func sendLeft(_ value: Int)
  func sendRight(_ value: Int)
  var field: Field { get }
}

/// S10: a two-way binding between two values; one change each way.
protocol TwoWayFixture: AnyObject {
  init()
  func setLeft(_ value: Int)
  func setRight(_ value: Int)
  var left: Int { get }
  var right: Int { get }
}

/// A fixed pseudo-random permutation of `0..<count` (SplitMix64 + Fisher–Yates, fixed seed), so every
/// implementation cancels in the same order, run after run.
func fixedPermutation(_ count: Int) -> [Int] {
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  var order = Array(0..<count)
  if count > 1 {
    for i in stride(from: count - 1, to: 0, by: -1) {
      let j = Int(next() % UInt64(i + 1))
      order.swapAt(i, j)
    }
  }
  return order
}
