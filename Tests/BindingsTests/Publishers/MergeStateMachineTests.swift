import Testing

@testable import Bindings

@Suite("MergeStateMachine", .releasesEveryObject)
struct MergeStateMachineTests {
  typealias Machine = MergeStateMachine<Int, TestError>

  /// The value a `.deliver` action carries, or `nil`.
  private func delivered(_ action: Machine.ValueAction) -> Int? {
    if case .deliver(let value, _) = action { return value }
    return nil
  }

  private func delivered(_ action: Machine.DeliveryFinishedAction) -> Int? {
    if case .deliver(let value, _) = action { return value }
    return nil
  }

  @Test("a value with demand is delivered; values during a delivery are queued in order")
  func queuesDuringDelivery() {
    var machine = Machine(innerCount: 2)
    _ = machine.demandRequested(.unlimited)
    #expect(delivered(machine.valueReceived(1, at: 0)) == 1)
    #expect(delivered(machine.valueReceived(2, at: 1)) == nil)
    #expect(delivered(machine.valueReceived(3, at: 0)) == nil)
    #expect(delivered(machine.deliveryFinished()) == 2)
    #expect(delivered(machine.deliveryFinished()) == 3)
    guard case .none = machine.deliveryFinished() else {
      Issue.record("expected the delivery to end")
      return
    }
    #expect(!machine.isDelivering)
  }

  @Test("limited demand asks each inner for one value, and for the next after delivering one")
  func replenishes() {
    var machine = Machine(innerCount: 1)
    let inner = CombiningTestSubscription()
    guard case .requestFromInner(let first) = machine.innerSubscriptionReceived(inner, at: 0) else {
      Issue.record("expected a request")
      return
    }
    #expect(first == .max(1))
    #expect(delivered(machine.valueReceived(1, at: 0)) == nil)
    let action = machine.demandRequested(.max(1))
    #expect(action.deliver?.value == 1)
    #expect(action.deliver?.replenish as AnyObject? === inner)
  }

  @Test("finishes once every inner finished and the queue is empty")
  func finishes() {
    var machine = Machine(innerCount: 2)
    for index in 0..<2 { _ = machine.innerSubscriptionReceived(CombiningTestSubscription(), at: index) }
    _ = machine.valueReceived(1, at: 0)
    guard case .none = machine.innerCompleted(.finished, at: 0),
      case .none = machine.innerCompleted(.finished, at: 1)
    else {
      Issue.record("finished before the queued value was delivered")
      return
    }
    #expect(machine.demandRequested(.max(1)).deliver?.value == 1)
    guard case .finishDownstream = machine.deliveryFinished() else {
      Issue.record("expected to finish")
      return
    }
    #expect(machine.isTerminated)
  }

  @Test("a failure cancels every other upstream; a second completion is ignored")
  func fails() {
    var machine = Machine(innerCount: 3)
    for index in 0..<3 { _ = machine.innerSubscriptionReceived(CombiningTestSubscription(), at: index) }
    guard case .cancelUpstreamsAndFailDownstream(let others, .oops) = machine.innerCompleted(.failure(.oops), at: 2)
    else {
      Issue.record("expected to fail")
      return
    }
    #expect(others.count == 2)
    guard case .none = machine.innerCompleted(.failure(.other), at: 0) else {
      Issue.record("a second completion was not ignored")
      return
    }
    #expect(machine.cancelled().isEmpty)
  }

  @Test("a flat map asks its outer upstream for maxPublishers, and one more per finished inner")
  func flatMapOuter() {
    var machine = Machine(maxPublishers: .max(2))
    let outer = CombiningTestSubscription()
    guard case .requestFromOuter(let demand) = machine.outerSubscriptionReceived(outer) else {
      Issue.record("expected an outer request")
      return
    }
    #expect(demand == .max(2))
    guard case .subscribeInner(let index, _) = machine.outerValueReceived() else {
      Issue.record("expected an inner")
      return
    }
    _ = machine.innerSubscriptionReceived(CombiningTestSubscription(), at: index)
    guard case .requestFromOuter(let subscription, .max(1)) = machine.innerCompleted(.finished, at: index) else {
      Issue.record("expected one more from the outer upstream")
      return
    }
    #expect(subscription as AnyObject === outer)
    guard case .finishDownstream = machine.outerCompleted(.finished) else {
      Issue.record("expected to finish")
      return
    }
  }

  @Test("cancel gives back every upstream once")
  func cancels() {
    var machine = Machine(maxPublishers: .unlimited)
    _ = machine.outerSubscriptionReceived(CombiningTestSubscription())
    _ = machine.outerValueReceived()
    _ = machine.innerSubscriptionReceived(CombiningTestSubscription(), at: 0)
    #expect(machine.cancelled().count == 2)
    #expect(machine.cancelled().isEmpty)
  }
}
