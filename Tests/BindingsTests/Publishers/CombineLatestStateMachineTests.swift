import Testing

@testable import Bindings

@Suite("CombineLatestStateMachine", .releasesEveryObject)
struct CombineLatestStateMachineTests {
  typealias Machine = CombineLatestStateMachine<TestError>

  @Test("delivers only once every upstream has a value and there is demand")
  func deliversWhenComplete() {
    var machine = Machine(upstreamCount: 2)
    _ = machine.demandRequested(.max(1))
    #expect(machine.valueReceived(at: 0) == .storeValue)
    #expect(machine.valueReceived(at: 0) == .storeValue)
    #expect(machine.valueReceived(at: 1) == .storeValueAndDeliver)
    #expect(machine.deliveryFinished() == .none)
    #expect(machine.valueReceived(at: 1) == .storeValue)
  }

  @Test("a value during a delivery is delivered by the delivering side when demand allows")
  func pendingCombination() {
    var machine = Machine(upstreamCount: 2)
    _ = machine.demandRequested(.unlimited)
    _ = machine.valueReceived(at: 0)
    #expect(machine.valueReceived(at: 1) == .storeValueAndDeliver)
    #expect(machine.valueReceived(at: 0) == .storeValue)
    #expect(machine.valueReceived(at: 0) == .storeValue)
    #expect(machine.deliveryFinished() == .deliver)
    #expect(machine.deliveryFinished() == .none)
    #expect(!machine.isDelivering)
  }

  @Test("a late upstream subscription is asked for everything requested so far")
  func lateSubscription() {
    var machine = Machine(upstreamCount: 2)
    _ = machine.demandRequested(.max(2))
    _ = machine.demandRequested(.max(3))
    let action = machine.subscriptionReceived(CombiningTestSubscription(), at: 0)
    guard case .requestFromUpstream(let demand) = action else {
      Issue.record("expected a request, got \(action)")
      return
    }
    #expect(demand == .max(5))
  }

  @Test("finishes when all finish; a finish during a delivery waits for it")
  func finishing() {
    var machine = Machine(upstreamCount: 2)
    _ = machine.demandRequested(.unlimited)
    _ = machine.valueReceived(at: 0)
    _ = machine.valueReceived(at: 1)
    #expect(machine.completionReceived(.finished, at: 0) == .none)
    #expect(machine.completionReceived(.finished, at: 1) == .none)
    #expect(machine.deliveryFinished() == .cancelUpstreamsAndFinishDownstream([]))
    #expect(machine.isTerminated)
    #expect(machine.valueReceived(at: 0) == .dropValue)
  }

  @Test("a failure cancels the other upstreams and fails at once")
  func failing() {
    var machine = Machine(upstreamCount: 3)
    for index in 0..<3 { _ = machine.subscriptionReceived(CombiningTestSubscription(), at: index) }
    let action = machine.completionReceived(.failure(.oops), at: 1)
    guard case .cancelUpstreamsAndFailDownstream(let others, .oops) = action else {
      Issue.record("expected cancel and fail, got \(action)")
      return
    }
    #expect(others.count == 2)
    #expect(machine.completionReceived(.failure(.other), at: 0) == .none)
    #expect(machine.cancelled().isEmpty)
  }

  @Test("cancel gives back every live subscription once")
  func cancelling() {
    var machine = Machine(upstreamCount: 2)
    for index in 0..<2 { _ = machine.subscriptionReceived(CombiningTestSubscription(), at: index) }
    #expect(machine.cancelled().count == 2)
    #expect(machine.cancelled().isEmpty)
    #expect(machine.subscriptionReceived(CombiningTestSubscription(), at: 0) == .cancelUpstream)
  }
}
