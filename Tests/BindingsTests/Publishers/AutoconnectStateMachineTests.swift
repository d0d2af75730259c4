import Testing

@testable import Bindings

@Suite("AutoconnectStateMachine", .releasesEveryObject)
struct AutoconnectStateMachineTests {
  @Test("connects on the first subscriber, disconnects when the count is back to zero")
  func counts() {
    var machine = AutoconnectStateMachine()
    #expect(machine.subscriberAdded() == .connect)
    #expect(machine.connected(AnyCancellable {}) == .keepConnection)
    #expect(machine.subscriberAdded() == .none)
    guard case .none = machine.subscriberRemoved(), case .cancelConnection = machine.subscriberRemoved() else {
      Issue.record("expected to disconnect with the last subscriber")
      return
    }
    #expect(machine.subscriberAdded() == .connect)
  }

  @Test("a connection handed in after every subscriber left is cancelled")
  func lateConnection() {
    var machine = AutoconnectStateMachine()
    #expect(machine.subscriberAdded() == .connect)
    guard case .none = machine.subscriberRemoved() else {
      Issue.record("there is no connection to cancel yet")
      return
    }
    #expect(machine.connected(AnyCancellable {}) == .cancelConnection)
  }
}
