import Testing

@testable import Bindings

@Suite("ZipStateMachine", .releasesEveryObject)
struct ZipStateMachineTests {
  typealias Machine = ZipStateMachine<TestError>

  @Test("delivers a tuple once every upstream has a value and there is demand")
  func deliversTuples() {
    var machine = Machine(upstreamCount: 2)
    _ = machine.demandRequested(.max(1))
    #expect(machine.valueReceived(at: 0) == .storeValue)
    #expect(machine.valueReceived(at: 0) == .storeValue)
    #expect(machine.valueReceived(at: 1) == .storeValueAndDeliver)
    guard case .none = machine.deliveryFinished() else {
      Issue.record("expected the delivery to end")
      return
    }
    #expect(machine.valueReceived(at: 1) == .storeValue)
    #expect(machine.demandRequested(.max(1)).deliver)
  }

  @Test("finishes after the last pairable tuple when an upstream has finished")
  func finishes() {
    var machine = Machine(upstreamCount: 2)
    _ = machine.demandRequested(.unlimited)
    _ = machine.valueReceived(at: 0)
    guard case .none = machine.completionReceived(.finished, at: 0) else {
      Issue.record("finished with a value waiting")
      return
    }
    #expect(machine.valueReceived(at: 1) == .storeValueAndDeliver)
    guard case .cancelUpstreamsAndFinishDownstream = machine.deliveryFinished() else {
      Issue.record("expected to finish")
      return
    }
    #expect(machine.isTerminated)
  }

  @Test("a failure during a delivery waits for it to end")
  func failsAfterDelivery() {
    var machine = Machine(upstreamCount: 2)
    _ = machine.demandRequested(.unlimited)
    _ = machine.valueReceived(at: 0)
    _ = machine.valueReceived(at: 1)
    guard case .cancelUpstreams = machine.completionReceived(.failure(.oops), at: 1) else {
      Issue.record("expected the other upstreams to be cancelled")
      return
    }
    guard case .failDownstream(.oops) = machine.deliveryFinished() else {
      Issue.record("expected the failure")
      return
    }
    #expect(machine.cancelled().isEmpty)
  }
}
