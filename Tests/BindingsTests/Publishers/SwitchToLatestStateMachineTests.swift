import Testing

@testable import Bindings

@Suite("SwitchToLatestStateMachine", .releasesEveryObject)
struct SwitchToLatestStateMachineTests {
  typealias Machine = SwitchToLatestStateMachine<Int, TestError>

  @Test("values of a replaced inner publisher are dropped, even when queued")
  func dropsStaleValues() {
    var machine = Machine()
    _ = machine.demandRequested(.unlimited)
    _ = machine.outerValueReceived()
    guard case .deliver(1, _) = machine.valueReceived(1, at: 1) else {
      Issue.record("expected a delivery")
      return
    }
    _ = machine.valueReceived(2, at: 1)
    _ = machine.outerValueReceived()
    _ = machine.valueReceived(3, at: 2)
    guard case .deliver(3, _) = machine.deliveryFinished() else {
      Issue.record("expected the new inner publisher's value")
      return
    }
    guard case .none = machine.deliveryFinished() else {
      Issue.record("expected the delivery to end")
      return
    }
  }

  @Test("a new inner publisher gets the outstanding demand; the previous one is cancelled")
  func passesDemand() {
    var machine = Machine()
    _ = machine.demandRequested(.max(2))
    let first = CombiningTestSubscription()
    _ = machine.outerValueReceived()
    _ = machine.innerSubscriptionReceived(first, at: 1)
    guard case .subscribeInner(2, let previous) = machine.outerValueReceived() else {
      Issue.record("expected a switch")
      return
    }
    #expect(previous as AnyObject? === first)
    guard
      case .requestFromInner(.max(2)) = machine.innerSubscriptionReceived(CombiningTestSubscription(), at: 2)
    else {
      Issue.record("expected the outstanding demand")
      return
    }
    guard case .cancelInner = machine.innerSubscriptionReceived(CombiningTestSubscription(), at: 1) else {
      Issue.record("a stale subscription must be cancelled")
      return
    }
  }

  @Test("finishes only when the outer and the current inner publisher have finished")
  func finishes() {
    var machine = Machine()
    _ = machine.outerSubscriptionReceived(CombiningTestSubscription())
    _ = machine.outerValueReceived()
    _ = machine.innerSubscriptionReceived(CombiningTestSubscription(), at: 1)
    guard case .none = machine.outerCompleted(.finished) else {
      Issue.record("finished with an inner publisher running")
      return
    }
    guard case .finishDownstream = machine.innerCompleted(.finished, at: 1) else {
      Issue.record("expected to finish")
      return
    }
    #expect(machine.isTerminated)
  }
}
