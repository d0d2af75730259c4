import BindingsTesting
import Testing

@testable import Bindings

/// The decisions NotificationCenter's and ObservedValue's subscriptions take under their lock, as
/// plain values.
@Suite("demanded delivery state", .releasesEveryObject)
struct DemandedDeliveryStateTests {
  typealias State = DemandedDeliveryState<RecordingSubscriber<Int, Never>>

  @Test(
    "dropping without demand: a value offered without demand is let go; one offered during a delivery waits, counted")
  func dropsWithoutDemand() {
    var state = State(downstream: RecordingSubscriber(), buffering: .dropWithoutDemand)
    let dropped = state.offer(1)
    #expect(dropped.next == nil)
    #expect(dropped.released == 1)
    _ = state.request(.max(2))
    #expect(state.offer(2).next?.1 == 2)
    let waiting = state.offer(3)
    #expect(waiting.next == nil, "a delivery runs: the value waits for the deliverer")
    #expect(state.demand == .none, "the waiting value already took its unit of demand")
    #expect(state.offer(4).released == 4, "no demand left: dropped")
    #expect(state.delivered(additional: .none).next?.1 == 3, "the deliverer takes the waiting value")
    #expect(state.delivered(additional: .none).next == nil)
    #expect(!state.isDelivering)
  }

  @Test("keeping the latest: a newer value replaces the kept one, which goes out when demand comes")
  func keepsLatest() {
    var state = State(downstream: RecordingSubscriber(), buffering: .keepLatest)
    #expect(state.offer(1).next == nil)
    #expect(state.offer(2).released == 1, "the replaced value is handed back, to be let go unlocked")
    #expect(state.latestPending == 2)
    #expect(state.request(.max(1)).next?.1 == 2)
    #expect(state.offer(3).next == nil, "a delivery runs")
    #expect(state.delivered(additional: .max(1)).next?.1 == 3, "demand returned by the delivery")
    #expect(state.delivered(additional: .none).next == nil)
  }

  @Test("ending hands back everything kept, and the ended state takes nothing")
  func end() {
    var state = State(downstream: RecordingSubscriber(), buffering: .keepLatest)
    _ = state.offer(1)
    let ended = state.end()
    #expect(ended.latestPending == 1)
    #expect(ended.downstream != nil)
    #expect(!state.isLive)
    #expect(state.offer(2).released == 2)
    #expect(state.request(.max(1)).next == nil)
  }
}
